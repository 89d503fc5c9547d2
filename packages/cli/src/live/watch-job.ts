import type { Reelbench } from '@reelbench/sdk';
import {
  type BatchShotResult,
  formatMessage,
  type Job,
  MESSAGES,
  ReelbenchError,
  type Shot,
} from '@reelbench/sdk/contract';
import type { CliContext } from '../context.js';
import { EXIT_CODES } from '../errors.js';
import { plural } from '../format.js';
import type { CommandResult } from '../output.js';
import { type FollowEnd, followJob, jobSource } from './follow.js';
import { batchResults, initialJobState, type JobViewState, jobCounts, rowResults } from './job-state.js';
import { openDisplay } from './live-view.js';

/** Ctrl+C ended the wait (the shell's convention: 128 + SIGINT). */
export const INTERRUPTED_EXIT = 130;

/** --json of render and jobs watch: the job as stored at the end, and each shot's outcome. */
export interface JobReport {
  job: Job;
  results: BatchShotResult[];
}

/** Every shot of the project, page by page. */
export async function projectShots(client: Reelbench, projectId: string): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (;;) {
    const page = await client.shots.list(projectId, { offset: shots.length });
    shots.push(...page.shots);
    if (page.shots.length === 0 || shots.length >= page.total) return shots;
  }
}

export function shotNames(shots: readonly Shot[]): Map<string, string> {
  return new Map(shots.map((shot) => [shot.id, shot.name]));
}

/** The job as the server stores it; NOT_FOUND_ERROR 'Job not found' when the user has no such job. */
export async function storedJob(client: Reelbench, jobId: string, projectId?: string): Promise<Job> {
  const { jobs } = await client.jobs.list(projectId);
  const job = jobs.find((candidate) => candidate.id === jobId);
  if (job === undefined) {
    throw new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: formatMessage.notFound('Job') });
  }
  return job;
}

/**
 * Polls the stored job until it completes (answered) or fails or is cancelled (its error, thrown),
 * writing '<label>: 42% (message)' to stderr as it changes when the output is for a person.
 */
export async function untilJobEnds(
  ctx: CliContext,
  client: Reelbench,
  jobId: string,
  projectId: string,
  label: string,
  pollMs = 500,
): Promise<Job> {
  let said = '';
  for (;;) {
    const job = await storedJob(client, jobId, projectId);
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'cancelled') {
      throw new ReelbenchError({
        code: 'SERVER_ERROR',
        message: job.error || MESSAGES.jobFailed,
        context: { jobId },
      });
    }
    const line = `${label}: ${Math.round(job.progress)}%${job.message ? ` (${job.message})` : ''}`;
    if (line !== said && ctx.out.mode === 'human') ctx.io.stderr.write(`${line}\n`);
    said = line;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export function watchHint(jobId: string): string {
  return `Job ${jobId} keeps running: watch it with \`reelbench jobs watch ${jobId}\``;
}

function endedResult(state: JobViewState, report: JobReport): CommandResult {
  const counts = jobCounts(state);
  const { job } = report;
  // The events' final status decides: the stored job may lag behind the event that ended it.
  const { status } = state;
  const summary =
    counts.total === 0
      ? `Job ${job.id} ${status}: no shot needed rendering`
      : `Job ${job.id} ${status}: ${counts.completed}/${plural(counts.total, 'shot')} completed, ${counts.failed} failed`;
  const base = { json: report, text: summary, quiet: job.id };
  if (status === 'completed' && counts.failed === 0) return base;
  if (status === 'completed' && counts.completed > 0) {
    const failures = [`${counts.failed} of ${plural(counts.total, 'shot')} failed`];
    return { ...base, failures, exitCode: EXIT_CODES.partial };
  }
  const reason = state.error ?? job.error ?? (status === 'cancelled' ? 'Job cancelled' : MESSAGES.jobFailed);
  return { ...base, failures: [`Job ${job.id} ${status}: ${reason}`], exitCode: EXIT_CODES.failure };
}

/**
 * The command's outcome once following ended: exit 0 when every shot completed, 4 when some failed,
 * 1 when the job failed (or someone else cancelled it), 130 after Ctrl+C.
 */
export function followResult(ctx: CliContext, end: FollowEnd, job: Job): CommandResult {
  const stored = batchResults(job.result);
  const report: JobReport = { job, results: stored.length > 0 ? stored : rowResults(end.state) };
  if (end.kind === 'cancelled') {
    return { json: report, text: `Cancelled job ${job.id}`, quiet: job.id, exitCode: INTERRUPTED_EXIT };
  }
  if (end.kind === 'detached') {
    // Said in every output mode: the job is still running and this is how to find it again.
    ctx.io.stderr.write(`${watchHint(job.id)}\n`);
    return { json: report, text: '', exitCode: end.asked ? EXIT_CODES.ok : INTERRUPTED_EXIT };
  }
  return endedResult(end.state, report);
}

/** Shows the job live (Ink view, plain lines or nothing) until it ends or Ctrl+C; then the result. */
export async function watchJob(
  ctx: CliContext,
  client: Reelbench,
  job: Job,
  names: ReadonlyMap<string, string>,
  shotIds?: string[],
): Promise<CommandResult> {
  const initial = initialJobState(job, names, shotIds);
  const display = await openDisplay(ctx, initial);
  const end = await followJob(initial, { io: ctx.io, source: jobSource(client), display, names });
  const { state } = end;
  const final = await storedJob(client, job.id, job.projectId).catch(
    (): Job => ({ ...job, status: state.status, progress: state.progress }),
  );
  return followResult(ctx, end, final);
}
