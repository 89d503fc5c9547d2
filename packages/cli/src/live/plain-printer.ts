import { isFinalJob, type JobCounts, type JobViewState, jobCounts, type ShotRow } from './job-state.js';

/** '2026-11-22T05:01:02Z': the ISO instant to the second, as log lines carry it. */
export function lineTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Text from the server (shot names, error messages) without control characters, so that a line
 * never carries an escape code into a log file or a pipe.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

function shotLine(row: ShotRow, position: number, total: number): string {
  const outcome =
    row.status === 'completed' && row.url !== undefined
      ? ` ${row.url}`
      : row.status === 'failed' && row.error !== undefined
        ? `: ${row.error}`
        : '';
  const note = row.note === undefined ? '' : ` (${row.note})`;
  return printable(`shot ${position}/${total} "${row.name}" ${row.status}${note}${outcome}`);
}

export function countsText(counts: JobCounts): string {
  const parts = [`${counts.completed}/${counts.total} completed`, `${counts.failed} failed`];
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  return parts.join(', ');
}

function jobLine(state: JobViewState): string {
  const counts = countsText(jobCounts(state));
  const error = state.error === undefined ? '' : `: ${state.error}`;
  const subject = state.jobId === '' ? state.type : `job ${state.jobId}`;
  return printable(`${subject} ${state.status} (${counts})${error}`);
}

/**
 * The lines a change from `previous` to `next` deserves: one per shot whose status changed and one
 * when the job's status changed. Progress ticks alone print nothing, so a log stays readable.
 */
export function changeLines(previous: JobViewState | undefined, next: JobViewState, now: Date): string[] {
  const before = new Map(previous?.rows.map((row) => [row.shotId, row.status]));
  const shots = next.rows.flatMap((row, index) =>
    row.status === (before.get(row.shotId) ?? 'pending') ? [] : [shotLine(row, index + 1, next.rows.length)],
  );
  const jobChanged = previous === undefined || previous.status !== next.status;
  // An ending job's line closes the block of its last shots; a starting job's line opens it.
  const lines = !jobChanged
    ? shots
    : isFinalJob(next.status)
      ? [...shots, jobLine(next)]
      : [jobLine(next), ...shots];
  const stamp = lineTimestamp(now);
  return lines.map((line) => `${stamp} ${line}`);
}

export interface LineSink {
  write(chunk: string): unknown;
}

/** Prints timestamped lines for each state it is shown; no escape codes, one event per line. */
export class PlainPrinter {
  #previous: JobViewState | undefined;
  readonly #out: LineSink;
  readonly #clock: () => Date;

  constructor(out: LineSink, clock: () => Date = () => new Date()) {
    this.#out = out;
    this.#clock = clock;
  }

  show(state: JobViewState): void {
    for (const line of changeLines(this.#previous, state, this.#clock())) this.#out.write(`${line}\n`);
    this.#previous = state;
  }
}
