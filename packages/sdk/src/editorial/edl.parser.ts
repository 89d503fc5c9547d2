import { type EditorialFrameRate, MARKER_COLORS, type MarkerColor } from '../contract/editorial.js';
import { EDL_SOUNDTRACK_COMMENT } from './edl.writer.js';
import { supportsDropFrame } from './frame-rate.js';
import { recordStartFrame, timecodeToFrames } from './timecode.js';

export type EdlTransition =
  | { type: 'cut' }
  | { type: 'dissolve'; frames: number }
  /** A wipe (Wnnn) or key (K, KB, KO): read, but a cut can only hold cuts and dissolves. */
  | { type: 'other'; code: string; frames: number };

export interface EdlMarker {
  line: number;
  /** Frames from 01:00:00:00 on the record. */
  recordFrame: number;
  color: MarkerColor | undefined;
  text: string;
}

export interface ParsedEdlEvent {
  eventNumber: number;
  /** 1-based line of the edit line (for a dissolve, the line of the incoming clip). */
  line: number;
  reel: string;
  channel: string;
  /** The channel carries picture (V, B, A/V …) rather than sound only. */
  isVideo: boolean;
  transition: EdlTransition;
  /** Source frames from 00:00:00:00, out exclusive. */
  sourceIn: number;
  sourceOut: number;
  /** Record frames from 01:00:00:00, out exclusive. */
  recordIn: number;
  recordOut: number;
  /** From `* FROM CLIP NAME:` (or `* TO CLIP NAME:` for the incoming clip of a dissolve). */
  clipName: string | undefined;
  /** From `* SOURCE FILE:` (Resolve, Premiere): the media file's name, a clip name when there is no other. */
  sourceFile?: string | undefined;
  /** From `* REELBENCH SHOT: <id> TAKE: <n>`. */
  shotId: string | undefined;
  take: number | undefined;
  /** The event is the soundtrack we wrote (`* REELBENCH SOUNDTRACK`). */
  soundtrack: boolean;
  markers: EdlMarker[];
  /** Every other comment line, without the leading '*'. */
  comments: string[];
}

export interface EdlWarning {
  line: number;
  message: string;
}

export interface ParsedEdl {
  title: string | undefined;
  dropFrame: boolean;
  frameRate: EditorialFrameRate;
  events: ParsedEdlEvent[];
  /** Lines that were read past: unknown statements, bad timecodes, unsupported features. */
  warnings: EdlWarning[];
}

export interface EdlParseOptions {
  /** An EDL does not say its rate: the rate its timecodes count at. */
  frameRate: EditorialFrameRate;
}

const TC = String.raw`\d{1,2}[:;.,]\d{2}[:;.,]\d{2}[:;.,]\d{2}`;
/**
 * The channel field: V, A, A2, AA, B, A/V, AA/V, A2/V, NONE. It anchors the line, because the reel
 * before it may hold spaces: OpenTimelineIO writes the first eight characters of the clip name
 * (`11 Estab`), Resolve and Premiere write file names longer than eight characters.
 */
const CHANNEL = String.raw`(?:[AV]\d*(?:/[AV]\d*)*|AA(?:/V)?|B|NONE)`;
const EDIT_LINE = new RegExp(
  String.raw`^(\d{1,6})\s+(.+?)\s+(${CHANNEL})\s+(C|D|W\d{1,3}|KB|KO|K)\s*(\d{1,4})?\s+(${TC})\s+(${TC})\s+(${TC})\s+(${TC})\s*$`,
  'i',
);
const LOC_LINE = new RegExp(String.raw`^\*\s*LOC:\s*(${TC})\s*(.*)$`, 'i');
const SHOT_LINE = /^\*\s*REELBENCH SHOT:\s*(\S+)(?:\s+TAKE:\s*(\d+))?/i;
const CLIP_NAME_LINE = /^\*\s*(FROM|TO) CLIP NAME:\s*(.*)$/i;
/** Resolve and Premiere name the media file: `* SOURCE FILE: A012C003.mov`. */
const SOURCE_FILE_LINE = /^\*\s*SOURCE FILE:\s*(.*)$/i;

function normaliseTimecode(timecode: string): string {
  return timecode.length === 10 ? `0${timecode}` : timecode;
}

/**
 * Reads a CMX3600 list: ours, or one edited by hand or by another tool. Spacing and letter case
 * are free, comments are optional, and what cannot be read is reported in `warnings` with its line
 * rather than stopping the read.
 */
export function parseEdl(text: string, options: EdlParseOptions): ParsedEdl {
  const { frameRate } = options;
  const result: ParsedEdl = { title: undefined, dropFrame: false, frameRate, events: [], warnings: [] };
  const warn = (line: number, message: string) => result.warnings.push({ line, message });
  let current: ParsedEdlEvent | undefined;
  /** The zero-length outgoing line of a dissolve, kept out of the events. */
  let heldOutgoing: ParsedEdlEvent | undefined;
  /** The outgoing line of a dissolve that has a length of its own and is an event too. */
  let pairedOutgoing: ParsedEdlEvent | undefined;

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === '') return;
    const upper = line.toUpperCase();
    if (upper.startsWith('TITLE:')) {
      result.title = line.slice('TITLE:'.length).trim();
      return;
    }
    if (upper.startsWith('FCM:')) {
      const mode = upper.slice('FCM:'.length).replace(/\s+/g, ' ').trim();
      if (mode === 'DROP FRAME') {
        if (supportsDropFrame(frameRate)) result.dropFrame = true;
        else warn(lineNumber, `Drop frame is read as non-drop at ${frameRate} fps`);
      } else if (mode === 'NON-DROP FRAME' || mode === 'NON DROP FRAME') result.dropFrame = false;
      else warn(lineNumber, `Unknown frame code mode '${mode}'`);
      return;
    }
    const edit = EDIT_LINE.exec(line);
    if (edit) {
      const parsed = readEditLine(edit, lineNumber, result, warn);
      if (!parsed) return;
      const isTransition = parsed.transition.type !== 'cut';
      if (isTransition && current && current.eventNumber === parsed.eventNumber) {
        if (current.sourceOut === current.sourceIn && current.recordOut === current.recordIn) {
          result.events.pop();
          heldOutgoing = current;
          pairedOutgoing = undefined;
        } else {
          heldOutgoing = undefined;
          pairedOutgoing = current;
        }
      } else {
        heldOutgoing = undefined;
        pairedOutgoing = undefined;
      }
      result.events.push(parsed);
      current = parsed;
      return;
    }
    if (line.startsWith('*')) {
      if (!current) {
        if (!/^\*\s*$/.test(line)) warn(lineNumber, 'Comment before the first event');
        return;
      }
      readComment(line, lineNumber, current, { heldOutgoing, pairedOutgoing }, result, warn);
      return;
    }
    if (/^M2\s/i.test(line)) {
      warn(lineNumber, 'Speed change (M2) ignored: a cut plays every clip at its own speed');
      return;
    }
    if (/^(SPLIT|SWM|GPI|AUD)\b/i.test(line)) {
      warn(lineNumber, `'${line.split(/\s+/)[0]}' statement ignored`);
      return;
    }
    warn(lineNumber, `Line not understood: '${line.slice(0, 80)}'`);
  });
  countRecordFromZeroWhenTheFileDoes(result);
  return result;
}

/**
 * Record times are kept from 01:00:00:00, where our writer and most editors start. A list whose
 * record starts before that (OpenTimelineIO writes 00:00:00:00) counts from zero instead, so that
 * no record time is negative; only differences between record times carry meaning on import.
 */
function countRecordFromZeroWhenTheFileDoes(result: ParsedEdl): void {
  const first = result.events[0];
  if (!first || first.recordIn >= 0) return;
  const shift = recordStartFrame(result.frameRate, { dropFrame: result.dropFrame });
  for (const event of result.events) {
    event.recordIn += shift;
    event.recordOut += shift;
    for (const marker of event.markers) marker.recordFrame += shift;
  }
}

function readEditLine(
  edit: RegExpExecArray,
  lineNumber: number,
  result: ParsedEdl,
  warn: (line: number, message: string) => void,
): ParsedEdlEvent | undefined {
  const [, number, reel, channel, code, length, ...timecodes] = edit as unknown as string[];
  const frameRate = result.frameRate;
  const normalised = timecodes.map((timecode) => normaliseTimecode(timecode ?? ''));
  // A line written with ';' counts drop frame even under a NON-DROP FCM (and so does its record start).
  const dropFrame =
    supportsDropFrame(frameRate) &&
    (result.dropFrame || normalised.some((timecode) => /[;.,]\d{2}$/.test(timecode)));
  const start = recordStartFrame(frameRate, { dropFrame });
  let frames: number[];
  try {
    frames = normalised.map((timecode) => timecodeToFrames(timecode, frameRate, { dropFrame }));
  } catch (error) {
    warn(lineNumber, error instanceof Error ? error.message : 'Bad timecode');
    return undefined;
  }
  const [sourceIn = 0, sourceOut = 0, recordIn = 0, recordOut = 0] = frames;
  if (sourceOut < sourceIn || recordOut < recordIn) {
    warn(lineNumber, 'An out point comes before its in point');
    return undefined;
  }
  const upperCode = (code ?? 'C').toUpperCase();
  const transitionFrames = Number(length ?? '0');
  let transition: EdlTransition;
  if (upperCode === 'C') transition = { type: 'cut' };
  else if (upperCode === 'D') transition = { type: 'dissolve', frames: transitionFrames };
  else transition = { type: 'other', code: upperCode, frames: transitionFrames };
  const upperChannel = (channel ?? '').toUpperCase();
  return {
    eventNumber: Number(number),
    line: lineNumber,
    reel: reel ?? '',
    channel: upperChannel,
    isVideo: upperChannel.includes('V') || upperChannel === 'B',
    transition,
    sourceIn,
    sourceOut,
    recordIn: recordIn - start,
    recordOut: recordOut - start,
    clipName: undefined,
    shotId: undefined,
    take: undefined,
    soundtrack: false,
    markers: [],
    comments: [],
  };
}

function readComment(
  line: string,
  lineNumber: number,
  current: ParsedEdlEvent,
  pair: { heldOutgoing: ParsedEdlEvent | undefined; pairedOutgoing: ParsedEdlEvent | undefined },
  result: ParsedEdl,
  warn: (line: number, message: string) => void,
): void {
  const clipName = CLIP_NAME_LINE.exec(line);
  if (clipName) {
    const which = (clipName[1] ?? '').toUpperCase();
    const name = (clipName[2] ?? '').trim();
    const inTransition = current.transition.type !== 'cut' && (pair.heldOutgoing || pair.pairedOutgoing);
    if (which === 'TO' || !inTransition) current.clipName = name;
    else if (pair.pairedOutgoing) pair.pairedOutgoing.clipName = name;
    return;
  }
  const sourceFile = SOURCE_FILE_LINE.exec(line);
  if (sourceFile) {
    current.sourceFile = (sourceFile[1] ?? '').trim() || undefined;
    return;
  }
  const shot = SHOT_LINE.exec(line);
  if (shot) {
    current.shotId = shot[1];
    current.take = shot[2] === undefined ? undefined : Number(shot[2]);
    return;
  }
  if (new RegExp(String.raw`^\*\s*${EDL_SOUNDTRACK_COMMENT}\s*$`, 'i').test(line)) {
    current.soundtrack = true;
    return;
  }
  const loc = LOC_LINE.exec(line);
  if (loc) {
    try {
      const timecode = normaliseTimecode(loc[1] ?? '');
      const dropFrame =
        (result.dropFrame || /[;.,]\d{2}$/.test(timecode)) && supportsDropFrame(result.frameRate);
      const frame = timecodeToFrames(timecode, result.frameRate, { dropFrame });
      const rest = (loc[2] ?? '').trim();
      const [first = ''] = rest.split(/\s+/);
      const color = MARKER_COLORS.find((known) => known === first.toUpperCase());
      current.markers.push({
        line: lineNumber,
        recordFrame: frame - recordStartFrame(result.frameRate, { dropFrame }),
        color,
        text: color ? rest.slice(first.length).trim() : rest,
      });
    } catch (error) {
      warn(lineNumber, error instanceof Error ? error.message : 'Bad marker timecode');
    }
    return;
  }
  current.comments.push(line.replace(/^\*\s*/, ''));
}
