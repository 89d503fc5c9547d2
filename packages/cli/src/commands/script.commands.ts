import {
  SCRIPT_FORMATS,
  type Script,
  type ScriptAnalysis,
  type ScriptFormat,
  type ScriptValidation,
  scriptSaveSchema,
} from '@reelbench/sdk/contract';
import { type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT_CODES, parseInput } from '../errors.js';
import { formatDuration, plural } from '../format.js';
import { withExamples } from '../help.js';
import { readTextFile, writeTextFile } from '../input.js';
import { type CommandResult, type Paint, table } from '../output.js';

/** The screenplay engine is loaded only by the commands that read a script. */
const screenplayEngine = () => import('@reelbench/sdk/screenplay');

interface FormatOption {
  format?: ScriptFormat;
}

/** The file's text and its format: --format, else detected from the content. */
async function readScript(
  path: string,
  options: FormatOption,
): Promise<{ content: string; format: ScriptFormat }> {
  const content = await readTextFile(path);
  return { content, format: options.format ?? (await screenplayEngine()).detectFormat(content) };
}

interface PushOptions extends FormatOption {
  force?: boolean;
}

/** Validates the file (refusing one with errors unless forced), then saves it as the project's script. */
export async function pushScript(
  ctx: CliContext,
  projectId: string,
  path: string,
  options: PushOptions,
): Promise<{ script: Script; validation: ScriptValidation }> {
  const local = await readScript(path, options);
  const engine = await screenplayEngine();
  const validation = engine.validateScript(local.content, local.format);
  if (!validation.valid && !options.force) throw engine.scriptValidationError(validation);
  const body = parseInput(
    scriptSaveSchema,
    { content: local.content, format: local.format },
    'The script was not pushed',
  );
  const script = await (await ctx.client()).script.save(projectId, body);
  return { script, validation };
}

async function push(
  ctx: CliContext,
  projectId: string,
  path: string,
  options: PushOptions,
): Promise<CommandResult> {
  const { script, validation } = await pushScript(ctx, projectId, path, options);
  const { scenes, characters, warnings } = validation.summary;
  const notes =
    warnings > 0 ? `, ${plural(warnings, 'warning')}: see \`reelbench script validate ${path}\`` : '';
  return {
    json: script,
    text: `Pushed ${path} to project ${projectId} (${validation.format}, ${plural(scenes, 'scene')}, ${plural(characters, 'character')}${notes})`,
  };
}

async function pull(
  ctx: CliContext,
  projectId: string,
  options: { output?: string },
): Promise<CommandResult> {
  const script = await (await ctx.client()).script.get(projectId);
  if (options.output === undefined) return { json: script, text: script.content, quiet: script.content };
  await writeTextFile(options.output, script.content);
  return { json: script, text: `Wrote the script of project ${projectId} to ${options.output}` };
}

function analysisText(analysis: ScriptAnalysis, paint: Paint): string {
  const summary = [
    plural(analysis.scenes.length, 'scene'),
    plural(analysis.characters.length, 'character'),
    plural(analysis.locations.length, 'location'),
    `${plural(analysis.pageCount, 'page')} (about ${formatDuration(analysis.estimatedScreenTimeSeconds)} of screen time)`,
    plural(analysis.wordCount, 'word'),
    `${analysis.readingTimeMinutes} min to read`,
  ].join(', ');
  const scenes = table(
    ['#', 'HEADING', 'PAGE', 'LENGTH', 'CHARACTERS'],
    analysis.scenes.map((s) => [
      String(s.number),
      s.heading,
      String(s.page),
      s.eighths,
      s.characters.join(', '),
    ]),
    paint,
  );
  const characters = table(
    ['CHARACTER', 'SPEECHES', 'WORDS', 'SCENES'],
    analysis.characters.map((c) => [c.name, String(c.speeches), String(c.words), c.scenes.join(' ')]),
    paint,
  );
  const title = analysis.title === undefined ? [] : [paint('bold', analysis.title)];
  return [...title, summary, '', scenes, '', characters].join('\n');
}

/** The engine's full analysis, offline: no server, no sign-in. */
async function analyze(path: string, options: FormatOption, paint: Paint): Promise<CommandResult> {
  const local = await readScript(path, options);
  const engine = await screenplayEngine();
  const analysis: ScriptAnalysis = engine.analyzeScreenplay(engine.parseScript(local.content, local.format));
  return { json: analysis, text: analysisText(analysis, paint) };
}

/** Findings as a compiler writes them: file:line:column: severity: message [CODE]. */
async function validate(path: string, options: FormatOption): Promise<CommandResult> {
  const local = await readScript(path, options);
  const validation: ScriptValidation = (await screenplayEngine()).validateScript(local.content, local.format);
  const lines = validation.findings.map((f) => {
    const at = f.column === undefined ? `${f.line}` : `${f.line}:${f.column}`;
    return `${path}:${at}: ${f.severity}: ${f.message} [${f.code}]`;
  });
  const { errors, warnings, scenes, pageCount } = validation.summary;
  lines.push(
    `${path}: ${validation.format}, ${plural(scenes, 'scene')}, ${plural(pageCount, 'page')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`,
  );
  return {
    json: validation,
    text: lines.join('\n'),
    ...(validation.valid
      ? {}
      : { failures: [`${path} has ${plural(errors, 'error')}`], exitCode: EXIT_CODES.failure }),
  };
}

function formatOption(): Option {
  return new Option('--format <format>', 'the file format (detected from the content by default)').choices(
    SCRIPT_FORMATS,
  );
}

export function registerScriptCommands(program: Command, ctx: CliContext): void {
  const script = withExamples(
    program
      .command('script')
      .description("push, pull, analyse and check a project's script (Fountain, FDX or text)"),
    'reelbench script push <projectId> night-shift.fountain',
    'reelbench script analyze night-shift.fountain',
  );
  withExamples(
    script
      .command('push <projectId> <file>')
      .description("make a Fountain, Final Draft (.fdx) or plain-text file the project's script")
      .addOption(formatOption())
      .option('--force', 'push even when the script has errors')
      .action(async (projectId: string, file: string, options: PushOptions) =>
        ctx.emit(await push(ctx, projectId, file, options)),
      ),
    'reelbench script push <projectId> night-shift.fountain',
    'reelbench script push <projectId> draft.fdx --json',
  );
  withExamples(
    script
      .command('pull <projectId>')
      .description("print the project's script, or write it to a file")
      .option('-o, --output <file>', 'write the script here instead of printing it')
      .action(async (projectId: string, options: { output?: string }) =>
        ctx.emit(await pull(ctx, projectId, options)),
      ),
    'reelbench script pull <projectId> > night-shift.fountain',
    'reelbench script pull <projectId> --output night-shift.fountain',
  );
  withExamples(
    script
      .command('analyze <file>')
      .description('scenes, characters, locations, pages and screen time, computed offline')
      .addOption(formatOption())
      .action(async (file: string, options: FormatOption) =>
        ctx.emit(await analyze(file, options, ctx.out.paint)),
      ),
    'reelbench script analyze night-shift.fountain',
    'reelbench script analyze draft.fdx --json | jq .scenes',
  );
  withExamples(
    script
      .command('validate <file>')
      .description(
        'line-numbered problems that would break an import or a first pass (offline; exit 1 on errors)',
      )
      .addOption(formatOption())
      .action(async (file: string, options: FormatOption) => ctx.emit(await validate(file, options))),
    'reelbench script validate night-shift.fountain',
  );
}
