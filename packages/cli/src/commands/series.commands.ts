import { seriesCreateSchema, seriesUpdatesSchema } from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import { type DeleteOptions, deleteEach } from '../batch.js';
import type { CliContext } from '../context.js';
import { parseInput } from '../errors.js';
import { formatDuration, formatTimestamp } from '../format.js';
import { withExamples } from '../help.js';
import { type CommandResult, fields, table } from '../output.js';

async function listSeries(ctx: CliContext): Promise<CommandResult> {
  const series = await (await ctx.client()).series.list();
  const rows = series.map((s) => [s.id, s.name, String(s.projectCount ?? 0), formatTimestamp(s.updated_at)]);
  return {
    json: series,
    text:
      series.length === 0
        ? 'No series yet: create one with `reelbench series create <name>`'
        : table(['ID', 'NAME', 'PROJECTS', 'UPDATED'], rows, ctx.out.paint),
    quiet: series.map((s) => s.id).join('\n'),
  };
}

async function createSeries(
  ctx: CliContext,
  name: string,
  options: { description?: string },
): Promise<CommandResult> {
  const input = parseInput(
    seriesCreateSchema,
    { name, description: options.description },
    'The series was not created',
  );
  const series = await (await ctx.client()).series.create(input);
  return {
    json: series,
    text: `Created series ${ctx.out.paint('bold', series.name)} (${series.id})`,
    quiet: series.id,
  };
}

/** The series and its projects; --json: {series, projects}. */
async function showSeries(ctx: CliContext, id: string): Promise<CommandResult> {
  const client = await ctx.client();
  const series = await client.series.get(id);
  const projects = await client.series.projects(id);
  const { paint } = ctx.out;
  const details = fields(
    [
      ['ID', series.id],
      ['Name', series.name],
      ['Description', series.description ?? '-'],
      ['Created', formatTimestamp(series.created_at)],
      ['Updated', formatTimestamp(series.updated_at)],
    ],
    paint,
  );
  const list =
    projects.length === 0
      ? 'No projects in this series'
      : table(
          ['ID', 'NAME', 'SHOTS', 'LENGTH'],
          projects.map((p) => [p.id, p.name, String(p.shotCount), formatDuration(p.duration)]),
          paint,
        );
  return {
    json: { series, projects },
    text: `${details}\n\n${list}`,
    quiet: projects.map((p) => p.id).join('\n'),
  };
}

async function renameSeries(ctx: CliContext, id: string, name: string): Promise<CommandResult> {
  const updates = parseInput(seriesUpdatesSchema, { name }, 'The series was not renamed');
  const series = await (await ctx.client()).series.update(id, updates);
  return { json: series, text: `Renamed series ${series.id} to ${series.name}`, quiet: series.id };
}

async function deleteSeries(ctx: CliContext, ids: string[], options: DeleteOptions): Promise<CommandResult> {
  const client = await ctx.client();
  return deleteEach(ctx, 'series', ids, options, (id) => client.series.delete(id));
}

export function registerSeriesCommands(program: Command, ctx: CliContext): void {
  const series = withExamples(
    program.command('series').description('group projects into a series'),
    'reelbench series create "Harbor Lights"',
    'reelbench projects create "Episode 1" --series <seriesId>',
  );
  withExamples(
    series
      .command('list')
      .description('your series with their project count')
      .action(async () => ctx.emit(await listSeries(ctx))),
    'reelbench series list',
  );
  withExamples(
    series
      .command('create <name>')
      .description('a new series')
      .option('--description <text>', 'what the series is about')
      .action(async (name: string, options: { description?: string }) =>
        ctx.emit(await createSeries(ctx, name, options)),
      ),
    'reelbench series create "Harbor Lights" --description "Six episodes on the coast"',
  );
  withExamples(
    series
      .command('show <seriesId>')
      .description('a series and its projects')
      .action(async (id: string) => ctx.emit(await showSeries(ctx, id))),
    'reelbench series show 5d7c2a9e-1b3f-4c8d-a0e1-7f6b5c4d3e2a',
  );
  withExamples(
    series
      .command('rename <seriesId> <name>')
      .description('give a series a new name')
      .action(async (id: string, name: string) => ctx.emit(await renameSeries(ctx, id, name))),
    'reelbench series rename 5d7c2a9e-1b3f-4c8d-a0e1-7f6b5c4d3e2a "Harbor Lights II"',
  );
  withExamples(
    series
      .command('delete <seriesId...>')
      .description('delete series; their projects stay, outside any series (asks first on a terminal)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (ids: string[], options: DeleteOptions) =>
        ctx.emit(await deleteSeries(ctx, ids, options)),
      ),
    'reelbench series delete 5d7c2a9e-1b3f-4c8d-a0e1-7f6b5c4d3e2a --yes',
  );
}
