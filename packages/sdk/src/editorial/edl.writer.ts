import {
  type Cut,
  EDITORIAL_LIMITS,
  type EditorialFrameRate,
  type MarkerColor,
} from '../contract/editorial.js';
import { type PlacedEvent, placeEvents, placeSoundtrack, retimeCut } from './cut.model.js';
import { supportsDropFrame } from './frame-rate.js';
import { toEdlText } from './text.js';
import { framesToTimecode, recordStartFrame } from './timecode.js';

export interface EdlWriteOptions {
  /** The rate to write at; the cut is retimed when it differs from the cut's own. */
  frameRate?: EditorialFrameRate;
  /** At 29.97: drop-frame timecode (the default) or non-drop. */
  dropFrame?: boolean;
  /** Add the soundtrack as an audio (A) event after the picture. */
  includeSoundtrack?: boolean;
  /** Reel for file sources, at most 8 characters; 'AX' by convention. */
  reel?: string;
}

/** The comment that carries a clip's identity through an editor and back. */
export const EDL_SHOT_COMMENT = 'REELBENCH SHOT:';
export const EDL_SOUNDTRACK_COMMENT = 'REELBENCH SOUNDTRACK';
export const EDL_DEFAULT_REEL = 'AX';
export const DEFAULT_MARKER_COLOR: MarkerColor = 'YELLOW';
const MAX_REEL_LENGTH = 8;

/** "Shot 4 (take 2)": how a clip is named in FROM/TO CLIP NAME comments. */
export function edlClipLabel(clipName: string, take: number): string {
  return `${toEdlText(clipName)} (take ${take})`;
}

/** The text of a LOC marker: the author first, so a reviewer's name survives the round trip. */
export function markerLabel(text: string, author: string | undefined): string {
  return author ? `${author}: ${text}` : text;
}

/**
 * A CMX3600 edit decision list of the cut's picture: one event per clip, record from 01:00:00:00,
 * out points exclusive, dissolves as the standard two-line event (the outgoing source held for
 * zero frames, then the incoming clip with `D nnn`). Lines end with LF.
 */
export function writeEdl(input: Cut, options: EdlWriteOptions = {}): string {
  const frameRate = options.frameRate ?? input.frameRate;
  const cut = retimeCut(input, frameRate);
  const dropFrame = supportsDropFrame(frameRate) && (options.dropFrame ?? true);
  const reel = (options.reel ?? EDL_DEFAULT_REEL).toUpperCase();
  if (!new RegExp(`^[A-Z0-9_]{1,${MAX_REEL_LENGTH}}$`).test(reel)) {
    throw new RangeError(`A reel name is 1 to ${MAX_REEL_LENGTH} letters, digits or '_': '${reel}'`);
  }
  const soundtrack = options.includeSoundtrack ? placeSoundtrack(cut) : undefined;
  const eventCount = cut.events.length + (soundtrack ? 1 : 0);
  if (eventCount > EDITORIAL_LIMITS.events) {
    throw new RangeError(
      `A CMX3600 list holds at most ${EDITORIAL_LIMITS.events} events, this cut needs ${eventCount}`,
    );
  }

  const start = recordStartFrame(frameRate, { dropFrame });
  const tc = (frames: number) => framesToTimecode(frames, frameRate, { dropFrame });
  const line = (
    eventNumber: number,
    channel: string,
    transition: string,
    sourceIn: number,
    sourceOut: number,
    recordIn: number,
    recordOut: number,
  ) =>
    `${String(eventNumber).padStart(3, '0')}  ${reel.padEnd(MAX_REEL_LENGTH)} ${channel.padEnd(5)} ${transition.padEnd(8)} ` +
    `${tc(sourceIn)} ${tc(sourceOut)} ${tc(start + recordIn)} ${tc(start + recordOut)}`;

  const out: string[] = [
    `TITLE: ${toEdlText(cut.name)}`,
    `FCM: ${dropFrame ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
  ];
  const placed = placeEvents(cut);
  for (const current of placed) {
    const { event, recordIn, recordOut } = current;
    const number = current.index + 1;
    const previous: PlacedEvent | undefined = placed[current.index - 1];
    out.push('');
    if (event.transition.type === 'dissolve' && previous) {
      const held = previous.event.sourceOut;
      out.push(line(number, 'V', 'C', held, held, recordIn, recordIn));
      const length = String(event.transition.frames).padStart(3, '0');
      out.push(line(number, 'V', `D    ${length}`, event.sourceIn, event.sourceOut, recordIn, recordOut));
      out.push(`* FROM CLIP NAME: ${edlClipLabel(previous.event.clipName, previous.event.take)}`);
      out.push(`* TO CLIP NAME: ${edlClipLabel(event.clipName, event.take)}`);
    } else {
      out.push(line(number, 'V', 'C', event.sourceIn, event.sourceOut, recordIn, recordOut));
      out.push(`* FROM CLIP NAME: ${edlClipLabel(event.clipName, event.take)}`);
    }
    out.push(`* ${EDL_SHOT_COMMENT} ${event.shotId} TAKE: ${event.take}`);
    for (const marker of event.markers) {
      const color = (marker.color ?? DEFAULT_MARKER_COLOR).padEnd(7);
      out.push(
        `* LOC: ${tc(start + recordIn + marker.frame)} ${color} ${toEdlText(markerLabel(marker.text, marker.author))}`,
      );
    }
  }
  if (soundtrack) {
    out.push('');
    out.push(
      line(
        cut.events.length + 1,
        'A',
        'C',
        soundtrack.sourceIn,
        soundtrack.sourceOut,
        soundtrack.recordIn,
        soundtrack.recordOut,
      ),
    );
    out.push(`* FROM CLIP NAME: ${toEdlText(soundtrack.soundtrack.name)}`);
    out.push(`* ${EDL_SOUNDTRACK_COMMENT}`);
  }
  return `${out.join('\n')}\n`;
}
