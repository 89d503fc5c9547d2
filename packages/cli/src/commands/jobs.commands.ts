import { idSchema, type Job, type JobListReply } from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';
import { formatTimestamp } from '../format.js';
import { withExamples } from '../help.js';
import { isFinalJob } from '../live/job-state.js';
import { projectShots, shotNames, storedJob, watchJob } from '../live/watch-job.js';
import { type CommandResult, table } from '../output.js';

interface ListOptions {
  project?: string;
  all?: boolean;
}

/** A job id is checked here so that a typo is a usage error, not a server round trip. */
function jobId(text: string): string {
  if (!idSchema.safeParse(text).success) throw new UsageError(`'${text}' is not a job id`);
  return text;
}

/** Without --all only the jobs still queued or running: the ones a person may want to watch or cancel. */
export function visibleJobs(reply: JobListReply, all: boolean): JobListReply {
  return all ? reply : { ...reply, jobs: reply.jobs.filter((job) => !isFinalJob(job.status)) };
}

function jobRow(job: Job): string[] {
  return [
    job.id,
    job.type,
    job.status,
    `${Math.round(job.progress)}%`,
    job.projectId,
    formatTimestamp(job.updatedAt),
  ];
}

async function listJobs(ctx: CliContext, options: ListOptions): Promise<CommandResult> {
  if (options.project !== undefined && !idSchema.safeParse(options.project).success) {
    throw new UsageError(`--project takes a project id, and '${options.project}' is not one`);
  }
  const client = await ctx.client({ socket: true });
  const reply = visibleJobs(await client.jobs.list(options.project), options.all === true);
  const { waiting, running } = reply.counts;
  const empty = options.all
    ? 'No jobs yet'
    : 'No job is queued or running (`reelbench jobs list --all` shows finished ones)';
  const text =
    reply.jobs.length === 0
      ? empty
      : table(
          ['ID', 'TYPE', 'STATUS', 'PROGRESS', 'PROJECT', 'UPDATED'],
          reply.jobs.map(jobRow),
          ctx.out.paint,
        );
  return {
    json: reply,
    text: `${text}\n\n${waiting} waiting, ${running} running`,
    quiet: reply.jobs.map((job) => job.id).join('\n'),
  };
}

async function watch(ctx: CliContext, id: string): Promise<CommandResult> {
  const checked = jobId(id);
  const client = await ctx.client({ socket: true });
  const job = await storedJob(client, checked);
  const names = shotNames(await projectShots(client, job.projectId));
  return watchJob(ctx, client, job, names);
}

async function cancel(ctx: CliContext, id: string): Promise<CommandResult> {
  const checked = jobId(id);
  const client = await ctx.client({ socket: true });
  const job = await client.jobs.cancel(checked);
  return { json: job, text: `Job ${job.id} (${job.type}) ${job.status}`, quiet: job.id };
}

export function registerJobsCommands(program: Command, ctx: CliContext): void {
  const jobs = withExamples(
    program.command('jobs').description('your render jobs: list, watch and cancel them'),
    'reelbench jobs list',
    'reelbench jobs watch <jobId>',
  );
  withExamples(
    jobs
      .command('list')
      .description('your queued and running jobs (--all: finished ones too)')
      .option('--project <projectId>', "only this project's jobs")
      .option('--all', 'also the completed, failed and cancelled jobs')
      .action(async (options: ListOptions) => ctx.emit(await listJobs(ctx, options))),
    'reelbench jobs list',
    'reelbench jobs list --project <projectId> --all --json',
  );
  withExamples(
    jobs
      .command('watch <jobId>')
      .description('follow a job live until it ends (exit codes as for render)')
      .action(async (id: string) => ctx.emit(await watch(ctx, id))),
    'reelbench jobs watch <jobId>',
  );
  withExamples(
    jobs
      .command('cancel <jobId>')
      .description('cancel a queued or running job; shots already rendered stay')
      .action(async (id: string) => ctx.emit(await cancel(ctx, id))),
    'reelbench jobs cancel <jobId>',
    'reelbench jobs list --quiet | xargs -n1 reelbench jobs cancel',
  );
}
