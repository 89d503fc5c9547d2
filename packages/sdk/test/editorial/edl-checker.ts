/**
 * A strict CMX3600 checker written from the rules of issue 16, independent of the writer (it has
 * its own timecode arithmetic): header, numbering, reels, channels, C and D syntax, timecode form
 * per FCM, exclusive out points, record continuity from 01:00:00:00, comments that carry the ids.
 */

export interface CheckedEvent {
  number: number;
  channel: string;
  recordIn: number;
  recordOut: number;
  sourceIn: number;
  sourceOut: number;
  dissolve: number | undefined;
  shotId: string | undefined;
  take: number | undefined;
  /** A2 (dialogue) events: the line id of `* REELBENCH LINE: <id> SHOT: <shotId>`. */
  lineId?: string | undefined;
  sourceFile?: string | undefined;
  locs: { recordFrame: number; color: string; text: string }[];
}

export interface EdlCheck {
  errors: string[];
  dropFrame: boolean;
  events: CheckedEvent[];
}

const NOMINAL: Record<number, number> = { 23.976: 24, 24: 24, 25: 25, 29.97: 30, 30: 30 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COLOURS = new Set(['RED', 'GREEN', 'BLUE', 'CYAN', 'MAGENTA', 'YELLOW', 'BLACK', 'WHITE']);

/** Frame count of a timecode, checking its form: ':' throughout for NDF, ';' before frames for DF. */
function tcFrames(tc: string, rate: number, dropFrame: boolean, errors: string[], where: string): number {
  const form = dropFrame ? /^(\d\d):(\d\d):(\d\d);(\d\d)$/ : /^(\d\d):(\d\d):(\d\d):(\d\d)$/;
  const m = form.exec(tc);
  if (!m) {
    errors.push(`${where}: timecode '${tc}' is not ${dropFrame ? 'HH:MM:SS;FF' : 'HH:MM:SS:FF'}`);
    return Number.NaN;
  }
  const [h, mi, s, f] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const base = NOMINAL[rate] ?? 0;
  if (mi > 59 || s > 59 || f >= base) errors.push(`${where}: timecode '${tc}' out of range`);
  const totalMinutes = h * 60 + mi;
  if (dropFrame) {
    if (s === 0 && f < 2 && mi % 10 !== 0) errors.push(`${where}: '${tc}' is a dropped frame number`);
    // 2 numbers dropped in every minute not divisible by 10.
    const dropped = 2 * (totalMinutes - Math.floor(totalMinutes / 10));
    return (totalMinutes * 60 + s) * base + f - dropped;
  }
  return (totalMinutes * 60 + s) * base + f;
}

const EDIT = /^(\d{3}) {2}(.{8}) (.{5}) (C {7}|D {4}\d{3}) (\S{11}) (\S{11}) (\S{11}) (\S{11})$/;

export function checkEdl(text: string, rate: number): EdlCheck {
  const errors: string[] = [];
  const events: CheckedEvent[] = [];
  if (!text.endsWith('\n')) errors.push('The list does not end with a newline');
  const lines = text.replace(/\n$/, '').split('\n');
  if (!/^TITLE: \S.*$/.test(lines[0] ?? ''))
    errors.push(`line 1: expected 'TITLE: <name>', got '${lines[0]}'`);
  const fcm = lines[1] ?? '';
  if (fcm !== 'FCM: NON-DROP FRAME' && fcm !== 'FCM: DROP FRAME')
    errors.push(`line 2: bad FCM line '${fcm}'`);
  const dropFrame = fcm === 'FCM: DROP FRAME';
  if (dropFrame && rate !== 29.97) errors.push(`DROP FRAME at ${rate} fps`);
  const start = tcFrames(dropFrame ? '01:00:00;00' : '01:00:00:00', rate, dropFrame, errors, 'start');

  let pendingHold: { number: number; source: number; record: number } | undefined;
  let current: CheckedEvent | undefined;
  let expectedNumber = 1;
  let sawToClip = false;
  const finish = () => {
    if (current?.channel === 'V') {
      if (!current.shotId) errors.push(`event ${current.number}: no REELBENCH SHOT comment`);
      if (current.dissolve !== undefined && !sawToClip)
        errors.push(`event ${current.number}: dissolve without TO CLIP NAME`);
    }
    if (current?.channel === 'A2') {
      if (!current.lineId || !current.shotId)
        errors.push(`event ${current.number}: no REELBENCH LINE comment`);
      if (!current.sourceFile) errors.push(`event ${current.number}: no SOURCE FILE comment`);
      if (current.sourceIn !== 0)
        errors.push(`event ${current.number}: a line's clip starts at its own start`);
    }
  };
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const where = `line ${i + 1}`;
    if (line === '') continue;
    if (/[^\x20-\x7e]/.test(line)) errors.push(`${where}: characters outside printable ASCII`);
    if (line.startsWith('* ')) {
      if (!current) {
        errors.push(`${where}: comment before any event`);
        continue;
      }
      const shot = /^\* REELBENCH SHOT: (\S+) TAKE: (\d+)$/.exec(line);
      const loc = /^\* LOC: (\S{11}) (\S+) +(\S.*)$/.exec(line);
      const dialogueLine = /^\* REELBENCH LINE: (\S+) SHOT: (\S+)$/.exec(line);
      const sourceFile = /^\* SOURCE FILE: (\S.*)$/.exec(line);
      if (dialogueLine) {
        if (current.channel !== 'A2') errors.push(`${where}: REELBENCH LINE on a ${current.channel} event`);
        if (!UUID.test(dialogueLine[1] ?? '') || !UUID.test(dialogueLine[2] ?? ''))
          errors.push(`${where}: line or shot id is not a UUID`);
        current.lineId = dialogueLine[1];
        current.shotId = dialogueLine[2];
      } else if (sourceFile) {
        current.sourceFile = sourceFile[1];
      } else if (shot) {
        if (!UUID.test(shot[1] ?? '')) errors.push(`${where}: shot id is not a UUID`);
        if (Number(shot[2]) < 1) errors.push(`${where}: take below 1`);
        current.shotId = shot[1];
        current.take = Number(shot[2]);
      } else if (loc) {
        const frame = tcFrames(loc[1] ?? '', rate, dropFrame, errors, where) - start;
        if (!COLOURS.has(loc[2] ?? '')) errors.push(`${where}: unknown LOC colour '${loc[2]}'`);
        if (frame < current.recordIn || frame >= current.recordOut)
          errors.push(`${where}: LOC outside its event`);
        current.locs.push({ recordFrame: frame, color: loc[2] ?? '', text: loc[3] ?? '' });
      } else if (/^\* TO CLIP NAME: \S/.test(line)) {
        sawToClip = true;
      } else if (!/^\* FROM CLIP NAME: \S/.test(line) && line !== '* REELBENCH SOUNDTRACK') {
        errors.push(`${where}: unknown comment '${line}'`);
      }
      continue;
    }
    const m = EDIT.exec(line);
    if (!m) {
      errors.push(`${where}: not a CMX3600 edit line: '${line}'`);
      continue;
    }
    const number = Number(m[1]);
    const reel = (m[2] ?? '').trimEnd();
    const channel = (m[3] ?? '').trimEnd();
    const code = m[4] ?? '';
    if (!/^[A-Z0-9_]{1,8}$/.test(reel)) errors.push(`${where}: reel '${reel}' is not 1–8 characters`);
    if (channel !== 'V' && channel !== 'A' && channel !== 'A2') errors.push(`${where}: channel '${channel}'`);
    const [sIn, sOut, rIn, rOut] = [m[5], m[6], m[7], m[8]].map((tc) =>
      tcFrames(tc ?? '', rate, dropFrame, errors, where),
    ) as [number, number, number, number];
    if (sOut - sIn !== rOut - rIn) errors.push(`${where}: source and record lengths differ`);
    const isDissolve = code.startsWith('D');
    if (!isDissolve && rOut === rIn) {
      // The outgoing half of a dissolve: the next line must be the D with the same number.
      const next = EDIT.exec(lines[i + 1] ?? '');
      if (!next || Number(next[1]) !== number || !(next[4] ?? '').startsWith('D')) {
        errors.push(`${where}: zero-length cut that is not the first line of a dissolve`);
      }
      if (number !== expectedNumber) errors.push(`${where}: event ${number}, expected ${expectedNumber}`);
      pendingHold = { number, source: sIn, record: rIn };
      continue;
    }
    if (isDissolve) {
      const frames = Number(code.slice(-3));
      if (!pendingHold || pendingHold.number !== number) errors.push(`${where}: D without its outgoing line`);
      else if (pendingHold.record !== rIn)
        errors.push(`${where}: outgoing line not at the dissolve's record in`);
      if (frames < 1 || frames > rOut - rIn)
        errors.push(`${where}: dissolve of ${frames} frames in a ${rOut - rIn}-frame event`);
      const previous = events.at(-1);
      if (pendingHold && previous && pendingHold.source !== previous.sourceOut) {
        errors.push(`${where}: outgoing source is not where the previous event ended`);
      }
    } else if (number !== expectedNumber) {
      errors.push(`${where}: event ${number}, expected ${expectedNumber}`);
    }
    if (rOut <= rIn) errors.push(`${where}: event of no length`);
    finish();
    sawToClip = false;
    pendingHold = undefined;
    current = {
      number,
      channel,
      recordIn: rIn - start,
      recordOut: rOut - start,
      sourceIn: sIn,
      sourceOut: sOut,
      dissolve: isDissolve ? Number(code.slice(-3)) : undefined,
      shotId: undefined,
      take: undefined,
      locs: [],
    };
    events.push(current);
    expectedNumber = number + 1;
  }
  finish();
  let record = 0;
  for (const event of events.filter((e) => e.channel === 'V')) {
    if (event.recordIn !== record)
      errors.push(`event ${event.number}: record in ${event.recordIn}, expected ${record}`);
    record = event.recordOut;
  }
  return { errors, dropFrame, events };
}
