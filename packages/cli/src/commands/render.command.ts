import type { Reelbench } from '@reelbench/sdk';
import {
  idSchema,
  type JobAcceptedReply,
  MAX_BATCH_CONCURRENCY,
  ReelbenchError,
  type Shot,
} from '@reelbench/sdk/contract';
import { Argument, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';
import { plural } from '../format.js';
import { withExamples } from '../help.js';
import { followQuality } from '../live/quality.js';
import { projectShots, shotNames, watchJob } from '../live/watch-job.js';
import type { CommandResult } from '../output.js';

export const RENDER_KINDS = ['images', 'videos'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

/** The options as commander hands them over: text, not yet checked. */
export interface RenderFlags {
  shots?: string[];
  scene?: string;
  stale?: boolean;
  quality?: boolean;
  concurrency?: string;
  wait?: boolean;
}

export type RenderTarget =
  | { kind: 'shots'; shotIds: string[] }
  | { kind: 'scene'; sceneNumber: number }
  | { kind: 'stale' }
  | { kind: 'all' };

/** A checked render request. */
export interface RenderPlan {
  kind: RenderKind;
  projectId: string;
  target: RenderTarget;
  quality: boolean;
  concurrency?: number;
  wait: boolean;
}

/** Shots rendered at once by --quality when --concurrency is not given. */
export const DEFAULT_QUALITY_CONCURRENCY = 2;

function wholeNumber(flag: string, text: string, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= max)) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? 'a whole number from 1' : `a whole number from 1 to ${max}`;
    throw new UsageError(`${flag} must be ${range}, not '${text}'`);
  }
  return value;
}

function target(flags: RenderFlags): RenderTarget {
  const given = [
    flags.shots !== undefined ? '--shots' : undefined,
    flags.scene !== undefined ? '--scene' : undefined,
    flags.stale ? '--stale' : undefined,
  ].filter((flag) => flag !== undefined);
  if (given.length > 1) {
    throw new UsageError(`${given.join(' and ')} cannot be used together: choose the shots one way`);
  }
  if (flags.shots !== undefined) {
    const bad = flags.shots.find((id) => !idSchema.safeParse(id).success);
    if (bad !== undefined) throw new UsageError(`--shots takes shot ids, and '${bad}' is not one`);
    return { kind: 'shots', shotIds: [...new Set(flags.shots)] };
  }
  if (flags.scene !== undefined) {
    return { kind: 'scene', sceneNumber: wholeNumber('--scene', flags.scene, Number.MAX_SAFE_INTEGER) };
  }
  return flags.stale ? { kind: 'stale' } : { kind: 'all' };
}

/** Checks the flags before anything is sent: a wrong one is a usage error (exit 2) in one sentence. */
export function renderPlan(kind: RenderKind, projectId: string, flags: RenderFlags): RenderPlan {
  const plan: RenderPlan = {
    kind,
    projectId,
    target: target(flags),
    quality: flags.quality === true,
    wait: flags.wait !== false,
  };
  if (flags.concurrency !== undefined) {
    plan.concurrency = wholeNumber('--concurrency', flags.concurrency, MAX_BATCH_CONCURRENCY);
  }
  if (plan.quality && kind === 'videos')
    throw new UsageError('--quality scores images: it works with `render images` only');
  if (plan.quality && plan.target.kind === 'stale') {
    throw new UsageError('--quality cannot be combined with --stale: give --shots or --scene, or neither');
  }
  if (plan.quality && !plan.wait) {
    throw new UsageError('--quality runs from this terminal, so it cannot be combined with --no-wait');
  }
  return plan;
}

function noShots(plan: RenderPlan): ReelbenchError {
  const message =
    plan.target.kind === 'scene'
      ? `Scene ${plan.target.sceneNumber} of project ${plan.projectId} has no shots`
      : `Project ${plan.projectId} has no shots yet: make them with \`reelbench first-pass ${plan.projectId}\``;
  return new ReelbenchError({ code: 'NOT_FOUND_ERROR', message });
}

/** The shot ids the plan names; undefined for --stale, where the server picks them. */
async function targetShotIds(
  client: Reelbench,
  plan: RenderPlan,
  shots: Shot[],
): Promise<string[] | undefined> {
  const { target } = plan;
  if (target.kind === 'stale') return undefined;
  const ids =
    target.kind === 'shots'
      ? target.shotIds
      : target.kind === 'scene'
        ? (await client.shots.list(plan.projectId, { sceneNumber: target.sceneNumber })).shots.map(
            (s) => s.id,
          )
        : shots.map((shot) => shot.id);
  if (ids.length === 0) throw noShots(plan);
  return ids;
}

function startBatch(
  client: Reelbench,
  plan: RenderPlan,
  shotIds: string[] | undefined,
): Promise<JobAcceptedReply> {
  // The whole project goes as `all: true`, so a project of any length is one job (an explicit list
  // is capped at LIST_LIMITS.ids shots).
  const target =
    shotIds === undefined
      ? { staleOnly: true as const }
      : plan.target.kind === 'all'
        ? { all: true as const }
        : { shotIds };
  const payload = {
    projectId: plan.projectId,
    ...target,
    ...(plan.concurrency === undefined ? {} : { concurrency: plan.concurrency }),
  };
  return plan.kind === 'images'
    ? client.shots.generateBatch(payload)
    : client.shots.generateVideoBatch(payload);
}

/** --no-wait: the job id alone on stdout (for `id=$(…)`), the how-to-watch line on stderr. */
function startedResult(
  ctx: CliContext,
  reply: JobAcceptedReply,
  shotCount: number | undefined,
): CommandResult {
  const { job } = reply;
  const shots = shotCount === undefined ? 'the stale shots' : plural(shotCount, 'shot');
  ctx.out.progress(`Started job ${job.id} for ${shots}: watch it with \`reelbench jobs watch ${job.id}\``);
  return { json: reply, text: job.id, quiet: job.id };
}

async function render(ctx: CliContext, plan: RenderPlan): Promise<CommandResult> {
  const client = await ctx.client({ socket: true });
  const shots = await projectShots(client, plan.projectId);
  const shotIds = await targetShotIds(client, plan, shots);
  const names = shotNames(shots);
  if (plan.quality) {
    return followQuality(ctx, client, {
      projectId: plan.projectId,
      shotIds: shotIds ?? [],
      names,
      concurrency: plan.concurrency ?? DEFAULT_QUALITY_CONCURRENCY,
    });
  }
  const reply = await startBatch(client, plan, shotIds);
  if (!plan.wait) return startedResult(ctx, reply, shotIds?.length);
  return watchJob(ctx, client, reply.job, names, reply.job.shotIds ?? shotIds);
}

export function registerRenderCommand(program: Command, ctx: CliContext): void {
  const command = program
    .command('render')
    .description("render the project's shot images or videos as one job, following it live")
    .addArgument(new Argument('<what>', 'images or videos').choices(RENDER_KINDS))
    .argument('<projectId>', 'the project')
    .option('--shots <shotId...>', 'only these shots')
    .option('--scene <n>', 'only the shots of scene n (1 is the first scene)')
    .option('--stale', 'only the shots whose image or video is missing or out of date')
    .option('--quality', 'images only: assess each image and retry until it reaches the minimum score')
    .option('--concurrency <n>', `shots rendered at once (1 to ${MAX_BATCH_CONCURRENCY})`)
    .option('--wait', 'follow the job until it ends (the default)')
    .option('--no-wait', 'print the job id and exit; the job runs on')
    .addHelpText(
      'after',
      '\nExit codes: 0 every shot rendered, 4 some failed, 1 the job failed, 130 interrupted (Ctrl+C).',
    )
    .action(async (what: RenderKind, projectId: string, flags: RenderFlags) =>
      ctx.emit(await render(ctx, renderPlan(what, projectId, flags))),
    );
  withExamples(
    command,
    'reelbench render images <projectId>',
    'reelbench render images <projectId> --scene 2 --concurrency 4',
    'reelbench render videos <projectId> --stale --no-wait',
    'reelbench render images <projectId> --shots <shotId> <shotId> --quality',
    'reelbench render images <projectId> --json > render.json',
  );
}
