import { type Project, projectCreateSchema, projectUpdatesSchema } from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import { type DeleteOptions, deleteEach } from '../batch.js';
import type { CliContext } from '../context.js';
import { parseInput } from '../errors.js';
import { formatDuration, formatTimestamp } from '../format.js';
import { withExamples } from '../help.js';
import { type CommandResult, fields, type Paint, table } from '../output.js';

async function listProjects(ctx: CliContext): Promise<CommandResult> {
  const projects = await (await ctx.client()).projects.list();
  const { paint } = ctx.out;
  const rows = projects.map((p) => [
    p.id,
    p.name,
    String(p.shotCount),
    formatDuration(p.duration),
    formatTimestamp(p.updated_at),
  ]);
  return {
    json: projects,
    text:
      projects.length === 0
        ? 'No projects yet: create one with `reelbench projects create <name>`'
        : table(['ID', 'NAME', 'SHOTS', 'LENGTH', 'UPDATED'], rows, paint),
    quiet: projects.map((p) => p.id).join('\n'),
  };
}

function projectFields(project: Project, paint: Paint): string {
  return fields(
    [
      ['ID', project.id],
      ['Name', project.name],
      ['Description', project.description ?? '-'],
      ['Series', project.series_id ?? '-'],
      ['Scenes', String(project.settings.scenes.length)],
      ['Shots', String(project.settings.shotOrder.length)],
      ['Created', formatTimestamp(project.created_at)],
      ['Updated', formatTimestamp(project.updated_at)],
    ],
    paint,
  );
}

interface CreateOptions {
  description?: string;
  series?: string;
}

async function createProject(
  ctx: CliContext,
  name: string | undefined,
  options: CreateOptions,
): Promise<CommandResult> {
  const input = parseInput(
    projectCreateSchema,
    { name, description: options.description, series_id: options.series },
    'The project was not created',
  );
  const project = await (await ctx.client()).projects.create(input);
  return {
    json: project,
    text: `Created project ${ctx.out.paint('bold', project.name)} (${project.id})`,
    quiet: project.id,
  };
}

async function showProject(ctx: CliContext, id: string): Promise<CommandResult> {
  const project = await (await ctx.client()).projects.get(id);
  return { json: project, text: projectFields(project, ctx.out.paint), quiet: project.id };
}

async function renameProject(ctx: CliContext, id: string, name: string): Promise<CommandResult> {
  const updates = parseInput(projectUpdatesSchema, { name }, 'The project was not renamed');
  const project = await (await ctx.client()).projects.update(id, updates);
  return { json: project, text: `Renamed project ${project.id} to ${project.name}`, quiet: project.id };
}

async function deleteProjects(
  ctx: CliContext,
  ids: string[],
  options: DeleteOptions,
): Promise<CommandResult> {
  const client = await ctx.client();
  return deleteEach(ctx, 'project', ids, options, (id) => client.projects.delete(id));
}

export function registerProjectCommands(program: Command, ctx: CliContext): void {
  const projects = withExamples(
    program.command('projects').description('list, create, show, rename and delete your projects'),
    'reelbench projects list',
    'reelbench projects create "Night Shift"',
  );
  withExamples(
    projects
      .command('list')
      .description('your projects with their shot count and length')
      .action(async () => ctx.emit(await listProjects(ctx))),
    'reelbench projects list',
    'reelbench projects list --quiet   # ids only, one per line',
  );
  withExamples(
    projects
      .command('create [name]')
      .description('a new project (named "Untitled Project" when no name is given)')
      .option('--description <text>', 'what the project is about')
      .option('--series <seriesId>', 'put the project in this series')
      .action(async (name: string | undefined, options: CreateOptions) =>
        ctx.emit(await createProject(ctx, name, options)),
      ),
    'reelbench projects create "Night Shift" --description "A short about a night nurse"',
    'id=$(reelbench projects create "Night Shift" --quiet)',
  );
  withExamples(
    projects
      .command('show <projectId>')
      .description("a project's details")
      .action(async (id: string) => ctx.emit(await showProject(ctx, id))),
    'reelbench projects show 0b5c7c1e-8f0a-4c39-9d38-0c0f3a3f6a10',
  );
  withExamples(
    projects
      .command('rename <projectId> <name>')
      .description('give a project a new name')
      .action(async (id: string, name: string) => ctx.emit(await renameProject(ctx, id, name))),
    'reelbench projects rename 0b5c7c1e-8f0a-4c39-9d38-0c0f3a3f6a10 "Night Shift (v2)"',
  );
  withExamples(
    projects
      .command('delete <projectId...>')
      .description('delete projects with their shots and script (asks first on a terminal)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (ids: string[], options: DeleteOptions) =>
        ctx.emit(await deleteProjects(ctx, ids, options)),
      ),
    'reelbench projects delete 0b5c7c1e-8f0a-4c39-9d38-0c0f3a3f6a10',
    'reelbench projects list --quiet | xargs reelbench projects delete --yes',
  );
}
