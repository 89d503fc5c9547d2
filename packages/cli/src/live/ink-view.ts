// The Ink view of a job. Only this module imports ink and react, and only through a dynamic import
// (see live-view.ts), so commands that print nothing live never load them.

import type { GenerationStatus, JobStatus } from '@reelbench/sdk/contract';
import { Box, type Instance, render, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import { type JobViewState, jobCounts, type ShotRow } from './job-state.js';
import { countsText, printable } from './plain-printer.js';

const BAR_WIDTH = 30;
const NAME_WIDTH = 32;
const STATUS_WIDTH = 10;

const SHOT_COLORS: Record<GenerationStatus, string | undefined> = {
  pending: undefined,
  queued: undefined,
  processing: 'cyan',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
};
const JOB_COLORS: Record<JobStatus, string | undefined> = {
  queued: undefined,
  running: 'cyan',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
};
const SHOT_MARKS: Record<GenerationStatus, string> = {
  pending: '·',
  queued: '·',
  processing: '›',
  completed: '✔',
  failed: '✘',
  cancelled: '-',
};

/** '██████░░░░' for a 0..100 progress. */
export function progressBar(progress: number, width: number): string {
  const filled = Math.round((Math.min(100, Math.max(0, progress)) / 100) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

export interface JobViewProps {
  state: JobViewState;
  /** Colours, unless --no-color or NO_COLOR said otherwise. */
  color: boolean;
}

function shotRow(row: ShotRow, index: number, color: boolean): ReactElement {
  const tint = color ? SHOT_COLORS[row.status] : undefined;
  const detail = row.status === 'failed' ? (row.error ?? '') : (row.url ?? '');
  const note = row.note === undefined ? '' : ` ${row.note}`;
  return h(
    Box,
    { key: row.shotId, gap: 1 },
    h(Box, { flexShrink: 0 }, h(Text, { color: tint }, SHOT_MARKS[row.status])),
    h(Box, { flexShrink: 0 }, h(Text, { dimColor: color }, String(index + 1).padStart(3))),
    h(Box, { width: NAME_WIDTH, flexShrink: 0 }, h(Text, { wrap: 'truncate' }, printable(row.name))),
    h(Box, { width: STATUS_WIDTH, flexShrink: 0 }, h(Text, { color: tint }, row.status)),
    h(Box, { flexShrink: 0 }, h(Text, null, `${String(Math.round(row.progress)).padStart(3)}%`)),
    // A long url keeps its start and its end: the middle is what a reader can spare.
    h(
      Box,
      { flexGrow: 1 },
      h(Text, { wrap: 'truncate-middle', dimColor: color }, printable(`${detail}${note}`)),
    ),
  );
}

/** One row per shot, then the overall bar with the counts. */
export function JobView({ state, color }: JobViewProps): ReactElement {
  const counts = jobCounts(state);
  const done = counts.completed + counts.failed + counts.cancelled;
  const progress = Math.max(state.progress, counts.total === 0 ? 0 : (done / counts.total) * 100);
  const jobTint = color ? JOB_COLORS[state.status] : undefined;
  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Text,
      null,
      state.jobId === '' ? `${state.type} · ` : `${state.type} · job ${state.jobId} · `,
      h(Text, { color: jobTint, bold: color }, state.status),
    ),
    ...state.rows.map((row, index) => shotRow(row, index, color)),
    h(
      Box,
      { gap: 1 },
      h(Text, { color: jobTint }, progressBar(progress, BAR_WIDTH)),
      h(Text, null, `${String(Math.round(progress)).padStart(3)}%`),
      h(Text, null, countsText(counts)),
    ),
    state.error === undefined ? null : h(Text, { color: color ? 'red' : undefined }, printable(state.error)),
  );
}

/** A mounted Ink view: show() re-renders with the latest state; stop() leaves the last frame on screen. */
export interface InkJobView {
  show(state: JobViewState): void;
  stop(): Promise<void>;
}

export function mountInkView(
  stdout: NodeJS.WriteStream,
  stdin: NodeJS.ReadStream,
  state: JobViewState,
  color: boolean,
): InkJobView {
  const instance: Instance = render(h(JobView, { state, color }), {
    stdout,
    stdin,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  let stopped = false;
  return {
    show(next) {
      if (!stopped) instance.rerender(h(JobView, { state: next, color }));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}
