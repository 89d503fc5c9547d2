import { idSchema, ReelbenchError } from '@reelbench/sdk/contract';
import { Argument, type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';

export const EXPORT_FORMATS = ['edl', 'otio', 'fcpxml', 'pdf', 'mp4'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FPS = ['23.976', '24', '25', '29.97', '30'] as const;

export const EXPORT_NOT_AVAILABLE =
  'Exporting is not available yet: the editorial work (cuts and the timeline) has not landed';

interface ExportOptions {
  output: string;
  fps?: string;
  cut?: string;
}

/**
 * Checks the request and that the project exists, then says that exporting is not available: a script
 * written against this command today fails clearly (exit 1) instead of writing a wrong file.
 */
async function exportProject(ctx: CliContext, projectId: string, options: ExportOptions): Promise<never> {
  if (options.cut !== undefined && !idSchema.safeParse(options.cut).success) {
    throw new UsageError(`--cut takes a cut id, and '${options.cut}' is not one`);
  }
  await (await ctx.client()).projects.get(projectId);
  throw new ReelbenchError({ code: 'NOT_AVAILABLE_ERROR', message: EXPORT_NOT_AVAILABLE });
}

export function registerExportCommand(program: Command, ctx: CliContext): void {
  const command = program
    .command('export')
    .description("write the project's latest cut for an editor: EDL, OTIO, FCPXML, a PDF shot list or an MP4")
    .addArgument(new Argument('<format>', 'edl, otio, fcpxml, pdf or mp4').choices(EXPORT_FORMATS))
    .argument('<projectId>', 'the project')
    .requiredOption('-o, --output <file>', 'where to write the export')
    .addOption(new Option('--fps <fps>', 'frame rate of the timecodes').choices(EXPORT_FPS).default('24'))
    .option('--cut <cutId>', 'this cut instead of the latest one')
    .addHelpText('after', '\nNot available yet: the command checks its input and the project, then exits 1.')
    .action(async (_format: ExportFormat, projectId: string, options: ExportOptions) =>
      exportProject(ctx, projectId, options),
    );
  withExamples(
    command,
    'reelbench export edl <projectId> -o night-shift.edl --fps 23.976',
    'reelbench export fcpxml <projectId> -o night-shift.fcpxml --cut <cutId>',
  );
}
