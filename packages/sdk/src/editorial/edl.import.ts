import type { Cut } from '../contract/editorial.js';
import { applyImportedClips, type CutImportResult, type ImportedClip } from './cut.import.js';
import { retimeCut } from './cut.model.js';
import { type ParsedEdl, parseEdl } from './edl.parser.js';

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

/** Reads the EDL text at the cut's rate and applies it. */
export function importEdl(cut: Cut, text: string): CutImportResult & { edl: ParsedEdl } {
  const edl = parseEdl(text, { frameRate: cut.frameRate });
  return { ...applyEdlToCut(cut, edl), edl };
}
