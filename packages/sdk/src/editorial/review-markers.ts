import { type Cut, type CutEvent, EDITORIAL_LIMITS } from '../contract/editorial.js';
import type { ReviewComment } from '../contract/review.js';
import { addMarkerAtSeconds } from './cut.build.js';
import { frameRateValue } from './frame-rate.js';

/** What a comment needs to become a marker. */
export type ReviewMarkerSource = Pick<
  ReviewComment,
  'authorName' | 'body' | 'timeMs' | 'shotId' | 'shotOffsetMs'
>;

/**
 * Reviewers' comments as markers of the cut, the way an editor's tools show them (EDL `* LOC:`,
 * OTIO Marker.2, FCPXML marker). A comment stays with the shot it was made on: on that shot's
 * first event, at the same distance into it (its last frame when the shot got shorter); a comment
 * on no shot, or on a shot the cut does not hold, goes where its time falls in this cut. An event
 * already holding EDITORIAL_LIMITS.markersPerEvent markers takes no more.
 */
export function withReviewMarkers(cut: Cut, comments: readonly ReviewMarkerSource[]): Cut {
  let result = cut;
  const rate = frameRateValue(cut.frameRate);
  for (const comment of comments) {
    const marker = { text: comment.body, author: comment.authorName };
    const index =
      comment.shotId === null
        ? -1
        : result.events.findIndex((event) => event.shotId.toLowerCase() === comment.shotId?.toLowerCase());
    if (index < 0) {
      const placed = addMarkerAtSeconds(result, comment.timeMs / 1000, marker);
      result = placed.events.some((event) => event.markers.length > EDITORIAL_LIMITS.markersPerEvent)
        ? result
        : placed;
      continue;
    }
    const event = result.events[index] as CutEvent;
    if (event.markers.length >= EDITORIAL_LIMITS.markersPerEvent) continue;
    const frame = Math.min(
      event.duration - 1,
      Math.max(0, Math.floor((comment.shotOffsetMs / 1000) * rate + 1e-9)),
    );
    const events = result.events.map((each, at) =>
      at === index ? { ...each, markers: [...each.markers, { ...marker, frame }] } : each,
    );
    result = { ...result, events };
  }
  return result;
}
