import {
  type BatchShotResult,
  batchShotResultSchema,
  type GenerationStatus,
  type Job,
  type JobStatus,
  type ServerEventPayload,
} from '@reelbench/sdk/contract';

/** One row of the live view: a shot of the job and how far it got. */
export interface ShotRow {
  shotId: string;
  name: string;
  status: GenerationStatus;
  progress: number;
  url?: string;
  error?: string;
  /** Extra words for the row, e.g. a quality score. */
  note?: string;
}

/** What the live view and the plain printer show about one job. */
export interface JobViewState {
  jobId: string;
  projectId: string;
  /** 'shot:generate-batch', 'shot:generate-video-batch', … */
  type: string;
  status: JobStatus;
  progress: number;
  message?: string;
  error?: string;
  rows: ShotRow[];
  /** The server's own counts from shot:batch-progress; the rows may know more, never less. */
  batch: { total: number; completed: number; failed: number };
}

/** The events that move a job's view. */
export const TRACKED_EVENTS = [
  'job:progress',
  'job:complete',
  'job:error',
  'shot:batch-progress',
  'shot:generation-progress',
  'shot:video-progress',
] as const;
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];

/** A shot's outcome known to this process (the quality loop runs here, not in a job). */
export interface ShotOutcome {
  shotId: string;
  status: GenerationStatus;
  progress?: number;
  url?: string;
  error?: string;
  note?: string;
}

export type JobViewAction =
  | { [E in TrackedEvent]: { event: E; payload: ServerEventPayload<E> } }[TrackedEvent]
  /** The job as the server stores it (jobs:list): the truth after a reconnect or a late start. */
  | { event: 'job:snapshot'; payload: Job }
  | { event: 'shot:outcome'; payload: ShotOutcome };

const FINAL_JOB: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];
const FINAL_SHOT: readonly GenerationStatus[] = ['completed', 'failed', 'cancelled'];
/** Where a status sits on the way to the end; a late event never moves a job or shot back. */
const JOB_RANK: Record<JobStatus, number> = { queued: 0, running: 1, completed: 2, failed: 2, cancelled: 2 };
const SHOT_RANK: Record<GenerationStatus, number> = {
  pending: 0,
  queued: 1,
  processing: 2,
  completed: 3,
  failed: 3,
  cancelled: 3,
};

export function isFinalJob(status: JobStatus): boolean {
  return FINAL_JOB.includes(status);
}

export function isFinalShot(status: GenerationStatus): boolean {
  return FINAL_SHOT.includes(status);
}

/** The first state of a job's view; names maps shot ids to what the rows call them. */
export function initialJobState(
  job: Job,
  names: ReadonlyMap<string, string>,
  shotIds?: string[],
): JobViewState {
  const ids = shotIds ?? job.shotIds ?? [];
  const state: JobViewState = {
    jobId: job.id,
    projectId: job.projectId,
    type: job.type,
    status: 'queued',
    progress: 0,
    rows: ids.map((shotId) => newRow(shotId, names)),
    batch: { total: ids.length, completed: 0, failed: 0 },
  };
  return applySnapshot(state, job, names);
}

/**
 * A view for work this process runs itself, shot by shot (render --quality): no server job, so
 * the rows move by shot:outcome actions only.
 */
export function localJobState(
  projectId: string,
  type: string,
  shotIds: readonly string[],
  names: ReadonlyMap<string, string>,
): JobViewState {
  return {
    jobId: '',
    projectId,
    type,
    status: 'running',
    progress: 0,
    rows: shotIds.map((shotId) => newRow(shotId, names)),
    batch: { total: shotIds.length, completed: 0, failed: 0 },
  };
}

/** Ends a local view: completed unless every shot failed. */
export function finishLocalJob(state: JobViewState): JobViewState {
  const allFailed = state.rows.length > 0 && state.rows.every((row) => row.status === 'failed');
  return { ...state, status: allFailed ? 'failed' : 'completed', progress: 100 };
}

function newRow(shotId: string, names: ReadonlyMap<string, string>): ShotRow {
  return { shotId, name: names.get(shotId) ?? shotId, status: 'pending', progress: 0 };
}

function laterJobStatus(current: JobStatus, next: JobStatus): JobStatus {
  return JOB_RANK[next] >= JOB_RANK[current] ? next : current;
}

/** A row after an update: final statuses stay final, progress only grows, completed means 100. */
function updatedRow(row: ShotRow, update: ShotOutcome, authoritative = false): ShotRow {
  if (isFinalShot(row.status) && !authoritative) return row;
  const status =
    authoritative || SHOT_RANK[update.status] >= SHOT_RANK[row.status] ? update.status : row.status;
  const progress = status === 'completed' ? 100 : Math.max(row.progress, update.progress ?? 0);
  const next: ShotRow = { ...row, status, progress };
  if (update.url !== undefined) next.url = update.url;
  if (update.error !== undefined) next.error = update.error;
  if (update.note !== undefined) next.note = update.note;
  return next;
}

function withShot(
  state: JobViewState,
  update: ShotOutcome,
  names: ReadonlyMap<string, string>,
  authoritative = false,
): JobViewState {
  const index = state.rows.findIndex((row) => row.shotId === update.shotId);
  const rows =
    index === -1
      ? [...state.rows, updatedRow(newRow(update.shotId, names), update, authoritative)]
      : state.rows.map((row, at) => (at === index ? updatedRow(row, update, authoritative) : row));
  return { ...state, rows };
}

/** job.result of a batch: BatchShotResult[]; anything else yields nothing. */
export function batchResults(result: unknown): BatchShotResult[] {
  if (!Array.isArray(result)) return [];
  return result.flatMap((entry) => {
    const parsed = batchShotResultSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function withResults(state: JobViewState, result: unknown, names: ReadonlyMap<string, string>): JobViewState {
  return batchResults(result).reduce(
    (next, entry) => withShot(next, { ...entry, progress: 100 }, names, true),
    state,
  );
}

/** Shots still open when a job is cancelled will not run: their rows say so. */
function closeOpenRows(state: JobViewState, status: GenerationStatus): JobViewState {
  return {
    ...state,
    rows: state.rows.map((row) => (isFinalShot(row.status) ? row : { ...row, status })),
  };
}

function withJobStatus(
  state: JobViewState,
  status: JobStatus,
  progress: number,
  extra: { message?: string; error?: string } = {},
): JobViewState {
  const next: JobViewState = {
    ...state,
    status: laterJobStatus(state.status, status),
    progress: status === 'completed' ? 100 : Math.max(state.progress, progress),
  };
  if (extra.message !== undefined) next.message = extra.message;
  if (extra.error !== undefined) next.error = extra.error;
  return next;
}

function withShotIds(
  state: JobViewState,
  shotIds: readonly string[] | undefined,
  names: ReadonlyMap<string, string>,
): JobViewState {
  const known = new Set(state.rows.map((row) => row.shotId));
  const missing = (shotIds ?? []).filter((id) => !known.has(id));
  if (missing.length === 0) return state;
  return { ...state, rows: [...state.rows, ...missing.map((id) => newRow(id, names))] };
}

function applySnapshot(state: JobViewState, job: Job, names: ReadonlyMap<string, string>): JobViewState {
  let next = withShotIds(state, job.shotIds, names);
  next = withJobStatus(next, job.status, job.progress, {
    ...(job.message !== undefined ? { message: job.message } : {}),
    ...(job.error !== undefined ? { error: job.error } : {}),
  });
  if (job.status === 'completed') next = withResults(next, job.result, names);
  if (job.status === 'cancelled') next = closeOpenRows(next, 'cancelled');
  return next;
}

/** A shot event moves its row, and shows that a queued job has started. */
function applyShotProgress(
  state: JobViewState,
  payload: ServerEventPayload<'shot:generation-progress'>,
  names: ReadonlyMap<string, string>,
): JobViewState {
  const update: ShotOutcome = { shotId: payload.shotId, status: payload.status, progress: payload.progress };
  if (payload.url !== undefined) update.url = payload.url;
  if (payload.status === 'failed' && payload.message !== undefined) update.error = payload.message;
  const next = withShot(state, update, names);
  return { ...next, status: laterJobStatus(next.status, 'running') };
}

function applyBatchProgress(
  state: JobViewState,
  payload: ServerEventPayload<'shot:batch-progress'>,
): JobViewState {
  const { total, completed, failed } = state.batch;
  const next = withJobStatus(state, payload.status, payload.progress);
  return {
    ...next,
    batch: {
      total: Math.max(total, payload.total),
      completed: Math.max(completed, payload.completed),
      failed: Math.max(failed, payload.failed),
    },
  };
}

function applyEvent(
  state: JobViewState,
  action: JobViewAction,
  names: ReadonlyMap<string, string>,
): JobViewState {
  switch (action.event) {
    case 'job:snapshot':
      return applySnapshot(state, action.payload, names);
    case 'shot:outcome':
      return withShot(state, action.payload, names);
    case 'job:progress': {
      const { status, progress, shotIds, message } = action.payload;
      return withJobStatus(withShotIds(state, shotIds, names), status, progress, message ? { message } : {});
    }
    case 'job:complete':
      return withResults(withJobStatus(state, 'completed', 100), action.payload.result, names);
    case 'job:error': {
      const { status, progress, error } = action.payload;
      const next = withJobStatus(state, status, progress, { error });
      return status === 'cancelled' ? closeOpenRows(next, 'cancelled') : next;
    }
    case 'shot:batch-progress':
      return applyBatchProgress(state, action.payload);
    case 'shot:generation-progress':
    case 'shot:video-progress':
      return applyShotProgress(state, action.payload, names);
  }
}

/**
 * The view's reducer. Events may arrive in any order (socket rooms, retries, a snapshot racing the
 * events), so nothing moves backwards; events of other jobs are ignored, and once the job has ended
 * (completed, failed or cancelled) nothing changes it any more: a cancelled job emits nothing after.
 */
export function reduceJobView(
  state: JobViewState,
  action: JobViewAction,
  names: ReadonlyMap<string, string> = new Map(),
): JobViewState {
  if (isFinalJob(state.status)) return state;
  if (action.event === 'job:snapshot' && action.payload.id !== state.jobId) return state;
  if (
    action.event !== 'job:snapshot' &&
    action.event !== 'shot:outcome' &&
    action.payload.jobId !== state.jobId
  ) {
    return state;
  }
  const next = applyEvent(state, action, names);
  return sameView(state, next) ? state : next;
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** An action that changed nothing keeps the old state, so that displays draw only real changes. */
function sameView(a: JobViewState, b: JobViewState): boolean {
  const { rows: rowsA, batch: batchA, ...restA } = a;
  const { rows: rowsB, batch: batchB, ...restB } = b;
  return (
    shallowEqual(restA, restB) &&
    shallowEqual(batchA, batchB) &&
    rowsA.length === rowsB.length &&
    rowsA.every((row, index) => {
      const other = rowsB[index];
      return other !== undefined && shallowEqual(row, other);
    })
  );
}

export interface JobCounts {
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
}

/** The overall counts: the rows' own, or the server's batch counts when those are ahead. */
export function jobCounts(state: JobViewState): JobCounts {
  const count = (status: GenerationStatus) => state.rows.filter((row) => row.status === status).length;
  return {
    total: Math.max(state.batch.total, state.rows.length),
    completed: Math.max(state.batch.completed, count('completed')),
    failed: Math.max(state.batch.failed, count('failed')),
    cancelled: count('cancelled'),
  };
}

/** The rows as the contract's per-shot results (for --json when the job stored none). */
export function rowResults(state: JobViewState): BatchShotResult[] {
  return state.rows.map((row) => ({
    shotId: row.shotId,
    status: row.status,
    ...(row.url !== undefined ? { url: row.url } : {}),
    ...(row.error !== undefined ? { error: row.error } : {}),
  }));
}
