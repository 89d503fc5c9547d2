import {
  type Cut,
  EDITORIAL_LIMITS,
  type EditorialFrameRate,
  type MarkerColor,
} from '../contract/editorial.js';
import {
  dialogueClipName,
  type PlacedCutDialogueLine,
  placeCutDialogue,
  urlFileName,
} from './cut.dialogue.js';
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
  /** Add the scratch track's lines as audio events on A2 (the default when the cut has them). */
  includeDialogue?: boolean;
}

/** The comment that carries a clip's identity through an editor and back. */
export const EDL_SHOT_COMMENT = 'REELBENCH SHOT:';
export const EDL_SOUNDTRACK_COMMENT = 'REELBENCH SOUNDTRACK';
/** The comment that names a dialogue line's event: `* REELBENCH LINE: <lineId> SHOT: <shotId>`. */
export const EDL_LINE_COMMENT = 'REELBENCH LINE:';
/** The edit line's channel for dialogue (the soundtrack is on A). */
export const EDL_DIALOGUE_CHANNEL = 'A2';
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

/** The reel of a shot's clip: its id's last eight hex digits, short, stable and unique in practice. */
export function shotReel(shotId: string): string {
  return (
    shotId
      .replace(/[^0-9a-f]/gi, '')
      .slice(-MAX_REEL_LENGTH)
      .toUpperCase() || EDL_DEFAULT_REEL
  );
}

/** One file of an EDL written in parts: which part, and the list itself. */
export interface EdlPart {
  part: number;
  parts: number;
  /** Events of the cut in this part (1-based, inclusive). */
  firstEvent: number;
  lastEvent: number;
  text: string;
}

/**
 * A CMX3600 edit decision list of the cut's picture: one event per clip, the reel naming the shot
 * (shotReel), sources from the clip's own start, record from 01:00:00:00, out points exclusive,
 * dissolves as the standard two-line event (the outgoing source held for zero frames, then the
 * incoming clip with `D nnn`). Lines end with LF. A cut of more events than a list numbers
 * (EDITORIAL_LIMITS.edlEvents) is refused here: writeEdlParts writes it as numbered parts.
 */
export function writeEdl(input: Cut, options: EdlWriteOptions = {}): string {
  const parts = writeEdlParts(input, options);
  const only = parts[0];
  if (parts.length > 1 || only === undefined) {
    const lines = options.includeDialogue === false ? 0 : placeCutDialogue(input).length;
    const needed = input.events.length + lines + (options.includeSoundtrack && input.soundtrack ? 1 : 0);
    throw new RangeError(
      `A CMX3600 list holds at most ${EDITORIAL_LIMITS.edlEvents} events, this cut needs ${needed}: export the EDL in parts`,
    );
  }
  return only.text;
}

/**
 * The cut as one or more CMX3600 lists of at most EDITORIAL_LIMITS.edlEvents events each. The parts
 * lie end to end on the record (part 2 starts where part 1 ends), events are numbered from 001 in
 * each, and the soundtrack, when asked for, is cut to each part's span.
 */
export function writeEdlParts(input: Cut, options: EdlWriteOptions = {}): EdlPart[] {
  const frameRate = options.frameRate ?? input.frameRate;
  const cut = retimeCut(input, frameRate);
  const dropFrame = supportsDropFrame(frameRate) && (options.dropFrame ?? true);
  const fixedReel = options.reel?.toUpperCase();
  if (fixedReel !== undefined && !new RegExp(`^[A-Z0-9_]{1,${MAX_REEL_LENGTH}}$`).test(fixedReel)) {
    throw new RangeError(`A reel name is 1 to ${MAX_REEL_LENGTH} letters, digits or '_': '${fixedReel}'`);
  }
  const soundtrack = options.includeSoundtrack ? placeSoundtrack(cut) : undefined;
  const perPart = EDITORIAL_LIMITS.edlEvents - (soundtrack ? 1 : 0);
  const placed = placeEvents(cut);
  // A line goes in the part of its event: an event and its lines are never split.
  const linesOf = new Map<number, PlacedCutDialogueLine[]>();
  for (const line of options.includeDialogue === false ? [] : placeCutDialogue(cut)) {
    linesOf.set(line.eventIndex, [...(linesOf.get(line.eventIndex) ?? []), line]);
  }
  const groups: PlacedEvent[][] = [];
  let count = 0;
  for (const event of placed) {
    const cost = 1 + (linesOf.get(event.index)?.length ?? 0);
    const current = groups.at(-1);
    if (current === undefined || count + cost > perPart) {
      groups.push([event]);
      count = cost;
    } else {
      current.push(event);
      count += cost;
    }
  }
  if (groups.length === 0) groups.push([]);

  const start = recordStartFrame(frameRate, { dropFrame });
  const tc = (frames: number) => framesToTimecode(frames, frameRate, { dropFrame });
  const line = (
    eventNumber: number,
    reel: string,
    channel: string,
    transition: string,
    sourceIn: number,
    sourceOut: number,
    recordIn: number,
    recordOut: number,
  ) =>
    `${String(eventNumber).padStart(3, '0')}  ${reel.padEnd(MAX_REEL_LENGTH)} ${channel.padEnd(5)} ${transition.padEnd(8)} ` +
    `${tc(sourceIn)} ${tc(sourceOut)} ${tc(start + recordIn)} ${tc(start + recordOut)}`;
  const reelOf = (shotId: string) => fixedReel ?? shotReel(shotId);

  return groups.map((group, groupIndex) => {
    const title =
      groups.length === 1
        ? toEdlText(cut.name)
        : `${toEdlText(cut.name)} (part ${groupIndex + 1} of ${groups.length})`;
    const out: string[] = [`TITLE: ${title}`, `FCM: ${dropFrame ? 'DROP FRAME' : 'NON-DROP FRAME'}`];
    group.forEach((current, indexInPart) => {
      const { event, recordIn, recordOut } = current;
      const number = indexInPart + 1;
      const previous: PlacedEvent | undefined = placed[current.index - 1];
      out.push('');
      if (event.transition.type === 'dissolve' && previous) {
        const held = previous.event.sourceOut;
        out.push(line(number, reelOf(previous.event.shotId), 'V', 'C', held, held, recordIn, recordIn));
        const length = String(event.transition.frames).padStart(3, '0');
        out.push(
          line(
            number,
            reelOf(event.shotId),
            'V',
            `D    ${length}`,
            event.sourceIn,
            event.sourceOut,
            recordIn,
            recordOut,
          ),
        );
        out.push(`* FROM CLIP NAME: ${edlClipLabel(previous.event.clipName, previous.event.take)}`);
        out.push(`* TO CLIP NAME: ${edlClipLabel(event.clipName, event.take)}`);
      } else {
        out.push(
          line(number, reelOf(event.shotId), 'V', 'C', event.sourceIn, event.sourceOut, recordIn, recordOut),
        );
        out.push(`* FROM CLIP NAME: ${edlClipLabel(event.clipName, event.take)}`);
      }
      out.push(`* ${EDL_SHOT_COMMENT} ${event.shotId} TAKE: ${event.take}`);
      for (const marker of event.markers) {
        const color = (marker.color ?? DEFAULT_MARKER_COLOR).padEnd(7);
        out.push(
          `* LOC: ${tc(start + recordIn + marker.frame)} ${color} ${toEdlText(markerLabel(marker.text, marker.author))}`,
        );
      }
    });
    const spanIn = group[0]?.recordIn ?? 0;
    const spanOut = group[group.length - 1]?.recordOut ?? 0;
    let number = group.length;
    if (soundtrack) {
      const recordIn = Math.max(spanIn, soundtrack.recordIn);
      const recordOut = Math.min(spanOut, soundtrack.recordOut);
      if (recordOut > recordIn) {
        number += 1;
        const sourceIn = soundtrack.sourceIn + (recordIn - soundtrack.recordIn);
        out.push('');
        out.push(
          line(
            number,
            fixedReel ?? 'AUD',
            'A',
            'C',
            sourceIn,
            sourceIn + (recordOut - recordIn),
            recordIn,
            recordOut,
          ),
        );
        out.push(`* FROM CLIP NAME: ${toEdlText(soundtrack.soundtrack.name)}`);
        out.push(`* ${EDL_SOUNDTRACK_COMMENT}`);
      }
    }
    // The scratch track: one A2 event per line, its clip from its own start, the reel naming it.
    const lines = group
      .flatMap((current) => linesOf.get(current.index) ?? [])
      .sort((a, b) => a.recordIn - b.recordIn);
    for (const { line: clip, recordIn, recordOut } of lines) {
      number += 1;
      out.push('');
      out.push(
        line(
          number,
          fixedReel ?? shotReel(clip.lineId),
          EDL_DIALOGUE_CHANNEL,
          'C',
          0,
          recordOut - recordIn,
          recordIn,
          recordOut,
        ),
      );
      out.push(`* FROM CLIP NAME: ${toEdlText(dialogueClipName(clip))}`);
      out.push(`* SOURCE FILE: ${toEdlText(urlFileName(clip.url))}`);
      out.push(`* ${EDL_LINE_COMMENT} ${clip.lineId} SHOT: ${clip.shotId}`);
    }
    const firstEvent = (group[0]?.index ?? 0) + 1;
    return {
      part: groupIndex + 1,
      parts: groups.length,
      firstEvent,
      lastEvent: firstEvent + group.length - 1,
      text: `${out.join('\n')}\n`,
    };
  });
}
