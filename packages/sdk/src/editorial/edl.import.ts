import { type Cut, EDITORIAL_LIMITS, type EditorialFrameRate } from '../contract/editorial.js';
import { applyImportedClips, type CutImportResult, type ImportedClip } from './cut.import.js';
import { retimeCut } from './cut.model.js';
import { EditorialFormatError } from './editorial-format-error.js';
import { type ParsedEdl, parseEdl } from './edl.parser.js';
import { supportsDropFrame, timecodeBase } from './frame-rate.js';

export interface EditorialImportOptions {
  /**
   * The rate the file was written at, when the file cannot say it (an EDL's timecodes read the same
   * at 23.976 and 24). A rate other than the cut's converts the file to the cut's rate.
   */
  frameRate?: EditorialFrameRate;
}

const TIMECODE = /\b(\d{1,2})[:;.,](\d{2})[:;.,](\d{2})([:;.,])(\d{2})\b/g;

interface RateEvidence {
  /** The first line that says the list counts drop frame (FCM or a ';' timecode). */
  dropFrame: { line: number; what: string } | undefined;
  /** The timecode with the highest frame field, which the rate must be able to count. */
  highest: { line: number; timecode: string; frame: number } | undefined;
}

/** What an EDL says about its own rate: its FCM line, its separators and its frame fields. */
function rateEvidence(text: string): RateEvidence {
  const evidence: RateEvidence = { dropFrame: undefined, highest: undefined };
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (/^FCM:\s*DROP\s+FRAME/i.test(line)) {
      evidence.dropFrame ??= { line: index + 1, what: 'FCM: DROP FRAME' };
      return;
    }
    if (line.startsWith('*') && !/^\*\s*LOC:/i.test(line)) return;
    for (const match of line.matchAll(TIMECODE)) {
      const frame = Number(match[5]);
      if (match[4] === ';') evidence.dropFrame ??= { line: index + 1, what: `the timecode ${match[0]}` };
      if (evidence.highest === undefined || frame > evidence.highest.frame)
        evidence.highest = { line: index + 1, timecode: match[0], frame };
    }
  });
  return evidence;
}

function rateRefusal(reason: string, line: number): EditorialFormatError {
  return new EditorialFormatError({ format: 'edl', reason, line });
}

/**
 * The rate to read an EDL at: the one the caller gives, else the cut's, checked against what the
 * file says. A drop-frame list into a cut without drop frame, or a frame field the rate cannot
 * count (frame 27 in a 25 fps list), is refused with both rates named rather than read wrongly:
 * an import must never rewrite durations by guessing.
 */
export function edlFrameRate(
  cut: Cut,
  text: string,
  options: EditorialImportOptions = {},
): EditorialFrameRate {
  const { dropFrame, highest } = rateEvidence(text);
  const stated = options.frameRate;
  if (stated !== undefined) {
    if (highest && highest.frame >= timecodeBase(stated))
      throw rateRefusal(
        `${highest.timecode} counts frame ${highest.frame}, which ${stated} fps timecode does not have: the file is not at ${stated} fps`,
        highest.line,
      );
    if (dropFrame && !supportsDropFrame(stated))
      throw rateRefusal(
        `${dropFrame.what} is drop-frame timecode, which only 29.97 fps has: the file is not at ${stated} fps`,
        dropFrame.line,
      );
    return stated;
  }
  if (dropFrame && !supportsDropFrame(cut.frameRate))
    throw rateRefusal(
      `the file counts 29.97 fps drop-frame timecode (${dropFrame.what}) and the cut is ${cut.frameRate} fps: export the cut at ${cut.frameRate} fps, or give the file's rate (29.97) to convert it`,
      dropFrame.line,
    );
  if (highest && highest.frame >= timecodeBase(cut.frameRate))
    throw rateRefusal(
      `${highest.timecode} counts frame ${highest.frame}, more than ${cut.frameRate} fps timecode has, and the cut is ${cut.frameRate} fps: the file was written at a higher rate; give its rate to convert it`,
      highest.line,
    );
  return cut.frameRate;
}

/**
 * Applies an edited EDL to the cut: the picture events, in the order the file lists them, give the
 * new order, durations (record out − record in), source ins and transitions; where the record
 * timecodes are not continuous the gap or overlap is closed and noted. Sound-only events (our
 * soundtrack among them) are left out; a list read at another rate than the cut's is retimed to
 * the cut's rate.
 */
export function applyEdlToCut(cut: Cut, edl: ParsedEdl): CutImportResult {
  const clips: ImportedClip[] = [];
  const notes: CutImportResult['notes'] = [];
  const black: CutImportResult['unmatched'] = [];
  let record: number | undefined;
  for (const event of edl.events.filter((candidate) => candidate.isVideo)) {
    if (record !== undefined && event.recordIn !== record) {
      notes.push({
        line: event.line,
        message:
          event.recordIn > record
            ? `A gap of ${event.recordIn - record} frames before this event is closed`
            : `This event overlaps the previous one by ${record - event.recordIn} frames`,
      });
    }
    record = event.recordOut;
    if (event.recordOut === event.recordIn) {
      notes.push({ line: event.line, message: 'An event of no length is skipped' });
      continue;
    }
    if (event.reel.toUpperCase() === 'BL' && !event.shotId && !event.clipName) {
      black.push({ line: event.line, reason: 'Black (reel BL): a cut has no black, so it is closed up' });
      continue;
    }
    if (event.sourceOut - event.sourceIn !== event.recordOut - event.recordIn) {
      notes.push({
        line: event.line,
        message: 'Source and record lengths differ: the record length is kept',
      });
    }
    let transition: ImportedClip['transition'] = { type: 'cut' };
    if (event.transition.type === 'dissolve')
      transition = { type: 'dissolve', frames: event.transition.frames };
    else if (event.transition.type === 'other') {
      notes.push({ line: event.line, message: `Transition ${event.transition.code} read as a dissolve` });
      transition = { type: 'dissolve', frames: event.transition.frames };
    }
    if (transition.type === 'dissolve' && transition.frames < 1) transition = { type: 'cut' };
    clips.push({
      line: event.line,
      ...(event.shotId === undefined ? {} : { shotId: event.shotId }),
      ...(event.take === undefined ? {} : { take: event.take }),
      ...((event.clipName ?? event.sourceFile) === undefined
        ? {}
        : { clipName: event.clipName ?? event.sourceFile }),
      sourceIn: event.sourceIn,
      duration: event.recordOut - event.recordIn,
      transition,
    });
  }
  const base = edl.frameRate === cut.frameRate ? cut : retimeCut(cut, edl.frameRate);
  const applied = applyImportedClips(base, clips);
  const unmatched = [...applied.unmatched, ...black].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const result = { ...applied, unmatched, notes: [...notes, ...applied.notes] };
  return edl.frameRate === cut.frameRate ? result : { ...result, cut: retimeCut(result.cut, cut.frameRate) };
}

/**
 * Reads the EDL at its rate (edlFrameRate) and applies it to the cut. A list with no picture event
 * that can be read is refused with the first reasons, never applied as "every shot removed"; so is
 * one longer than a cut can hold.
 */
export function importEdl(
  cut: Cut,
  text: string,
  options: EditorialImportOptions = {},
): CutImportResult & { edl: ParsedEdl } {
  const frameRate = edlFrameRate(cut, text, options);
  const edl = parseEdl(text, { frameRate });
  const pictures = edl.events.filter((event) => event.isVideo);
  if (pictures.length === 0) {
    const first = edl.warnings.slice(0, 3);
    throw new EditorialFormatError({
      format: 'edl',
      reason:
        first.length === 0
          ? 'it has no picture events'
          : `no picture event could be read (${first.map((warning) => `line ${warning.line}: ${warning.message}`).join('; ')})`,
      ...(first[0] === undefined ? {} : { line: first[0].line }),
    });
  }
  if (pictures.length > EDITORIAL_LIMITS.events)
    throw new EditorialFormatError({
      format: 'edl',
      reason: `it has ${pictures.length} picture events, and a cut holds at most ${EDITORIAL_LIMITS.events}`,
    });
  const result = applyEdlToCut(cut, edl);
  if (frameRate === cut.frameRate) return { ...result, edl };
  return {
    ...result,
    notes: [
      {
        message: `Converted from ${frameRate} fps to the cut's ${cut.frameRate} fps: each cut point at the nearest frame`,
      },
      ...result.notes,
    ],
    edl,
  };
}
