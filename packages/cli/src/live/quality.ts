import type { Reelbench } from '@reelbench/sdk';
import type { BatchShotResult, QualityGenerationReply } from '@reelbench/sdk/contract';
import type { CliContext } from '../context.js';
import { describeFailure, EXIT_CODES } from '../errors.js';
import { plural } from '../format.js';
import type { CommandResult } from '../output.js';
import {
  finishLocalJob,
  type JobViewState,
  jobCounts,
  localJobState,
  reduceJobView,
  type ShotOutcome,
} from './job-state.js';
import { openDisplay } from './live-view.js';
import { INTERRUPTED_EXIT } from './watch-job.js';

export const QUALITY_TYPE = 'shot:generate-with-quality';

export interface QualityRun {
  projectId: string;
  shotIds: string[];
  names: ReadonlyMap<string, string>;
  concurrency: number;
}

/** A shot's outcome with its assessment, in --json. */
export interface QualityShotResult extends BatchShotResult {
  attempts?: number;
  score?: number;
  passed?: boolean;
}

/** Runs `work` on every item, `limit` at a time, in order of the items. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function scoreNote(reply: Pick<QualityGenerationReply, 'attempts' | 'score' | 'passed'>): string {
  const verdict = reply.passed ? '' : ', below the minimum';
  return `score ${reply.score.toFixed(1)}/10 after ${plural(reply.attempts, 'attempt')}${verdict}`;
}

function qualityResult(shotId: string, reply: QualityGenerationReply): QualityShotResult {
  const url = reply.shot.image_url;
  return {
    shotId,
    status: url ? 'completed' : reply.shot.generation_status,
    ...(url ? { url } : {}),
    attempts: reply.attempts,
    score: reply.score,
    passed: reply.passed,
  };
}

function qualitySummary(
  state: JobViewState,
  results: QualityShotResult[],
  interrupted: boolean,
): CommandResult {
  const counts = jobCounts(state);
  const summary = `Rendered ${counts.completed}/${plural(counts.total, 'shot')} with quality checks, ${counts.failed} failed`;
  if (interrupted) {
    return {
      json: { results },
      text: summary,
      failures: ['Interrupted: shots already started finish on the server'],
      exitCode: INTERRUPTED_EXIT,
    };
  }
  if (counts.failed === 0) return { json: { results }, text: summary };
  const exitCode = counts.completed === 0 ? EXIT_CODES.failure : EXIT_CODES.partial;
  return {
    json: { results },
    text: summary,
    failures: [`${counts.failed} of ${plural(counts.total, 'shot')} failed`],
    exitCode,
  };
}

/**
 * render images --quality: generate-with-quality per shot, `concurrency` at a time, each shot's
 * score shown as it comes back. Progress events of those shots move their rows meanwhile.
 */
export async function followQuality(
  ctx: CliContext,
  client: Reelbench,
  run: QualityRun,
): Promise<CommandResult> {
  const { projectId, names } = run;
  let state = localJobState(projectId, QUALITY_TYPE, run.shotIds, names);
  const display = await openDisplay(ctx, state);
  const results = new Map<string, QualityShotResult>();
  const apply = (outcome: ShotOutcome) => {
    const next = reduceJobView(state, { event: 'shot:outcome', payload: outcome }, names);
    if (next === state) return;
    state = next;
    display.show(state);
  };
  const wanted = new Set(run.shotIds);
  await client.projects.subscribe(projectId);
  const offProgress = client.on('shot:generation-progress', (event) => {
    if (!wanted.has(event.shotId) || results.has(event.shotId)) return;
    // An attempt that ends may be assessed and retried: only the reply ends the shot.
    apply({
      shotId: event.shotId,
      status: 'processing',
      progress: Math.min(event.progress, 99),
      ...(event.message ? { note: event.message } : {}),
    });
  });
  let stopped = false;
  let offInterrupt = () => {};
  const interrupted = new Promise<true>((resolve) => {
    offInterrupt =
      ctx.io.onInterrupt?.(() => {
        stopped = true;
        resolve(true);
      }) ?? offInterrupt;
  });
  const work = eachLimited(run.shotIds, run.concurrency, async (shotId) => {
    if (stopped) return;
    apply({ shotId, status: 'processing' });
    try {
      const reply = await client.shots.generateWithQuality({ projectId, shotId });
      const result = qualityResult(shotId, reply);
      results.set(shotId, result);
      apply({ ...result, progress: 100, note: scoreNote(reply) });
    } catch (error) {
      const failed: QualityShotResult = {
        shotId,
        status: 'failed',
        error: describeFailure(error, ctx.serverUrl).sentence,
      };
      results.set(shotId, failed);
      apply(failed);
    }
  });
  const wasInterrupted = await Promise.race([work.then(() => false), interrupted]);
  offProgress();
  offInterrupt();
  state = finishLocalJob(state);
  display.show(state);
  await display.stop();
  const ordered = run.shotIds.map(
    (shotId): QualityShotResult => results.get(shotId) ?? { shotId, status: 'cancelled' },
  );
  return qualitySummary(state, ordered, wasInterrupted);
}
