import { Command, CommanderError } from 'commander';
import { registerAssetCommands } from './commands/assets.commands.js';
import { registerAuthCommands } from './commands/auth.commands.js';
import { registerCompletionCommand } from './commands/completion.command.js';
import { registerExportCommand } from './commands/export.command.js';
import { registerFirstPassCommand } from './commands/first-pass.command.js';
import { registerJobsCommands } from './commands/jobs.commands.js';
import { registerProjectCommands } from './commands/projects.commands.js';
import { registerRenderCommand } from './commands/render.command.js';
import { registerScriptCommands } from './commands/script.commands.js';
import { registerSeriesCommands } from './commands/series.commands.js';
import { registerTimingCommand } from './commands/timing.command.js';
import { CliContext, type CliIO, DEFAULT_SERVER, type GlobalFlags, processIO } from './context.js';
import { describeFailure, EXIT_CODES, UsageError } from './errors.js';
import { withExamples } from './help.js';
import { cliVersion } from './version.js';

/** The whole command tree, writing to `io`; nothing runs until it parses. */
export function createProgram(io: CliIO): { program: Command; ctx: CliContext } {
  const program = new Command('reelbench');
  const ctx = new CliContext(io, () => program.opts<GlobalFlags>());
  program
    .description(
      'Reelbench from a terminal: projects, scripts, assets, first passes and renders, for people and for scripts.',
    )
    .version(cliVersion(), '-V, --version', 'print the version')
    .option(
      '--server <url>',
      `the server (env REELBENCH_SERVER, else the saved login's, else ${DEFAULT_SERVER})`,
    )
    .option('--token <token>', 'use this API token (env REELBENCH_TOKEN, else the saved login)')
    .option('--json', 'machine output: one JSON document on stdout')
    .option('--quiet', 'print only what a script needs (ids, content)')
    .option('--no-color', 'no colours (also when NO_COLOR is set or stdout is not a terminal)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  withExamples(
    program,
    'reelbench login --email mara@example.com',
    'reelbench projects create "Night Shift" --quiet',
    'reelbench first-pass <projectId> --script night-shift.fountain --pacing fast',
    'reelbench render images <projectId>',
  );
  registerAuthCommands(program, ctx);
  registerProjectCommands(program, ctx);
  registerSeriesCommands(program, ctx);
  registerScriptCommands(program, ctx);
  registerAssetCommands(program, ctx);
  registerFirstPassCommand(program, ctx);
  registerRenderCommand(program, ctx);
  registerJobsCommands(program, ctx);
  registerExportCommand(program, ctx);
  registerTimingCommand(program, ctx);
  registerCompletionCommand(program, ctx);
  return { program, ctx };
}

/** commander has already printed its message; --help and --version exit 0, every other complaint 2. */
function usageExit(error: CommanderError, ctx: CliContext): number {
  if (error.exitCode === 0) return EXIT_CODES.ok;
  if (ctx.flags.json) ctx.out.json(new UsageError(error.message.replace(/^error: /, '')).toJSON());
  return EXIT_CODES.usage;
}

/** Runs one command line (without `node reelbench`) and answers the exit code. */
export async function run(argv: string[], io: CliIO = processIO()): Promise<number> {
  const { program, ctx } = createProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return usageExit(error, ctx);
    const failure = describeFailure(error, ctx.serverUrl);
    ctx.out.error(failure.sentence, failure.body);
    if (io.env.REELBENCH_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return failure.exitCode;
  } finally {
    ctx.close();
  }
}
