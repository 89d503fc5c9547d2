import {
  CINEMATIC_TEMPLATES,
  PACINGS,
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

type DirectorReport = Awaited<ReturnType<typeof screenplayEngine>>['directorReport'] extends (
  ...args: never[]
) => infer R
  ? R
  : never;

function counts(entries: [string, number][]): string {
  const shown = entries.filter(([, n]) => n > 0).map(([name, n]) => `${name} ${n}`);
  return shown.length > 0 ? shown.join(', ') : 'none';
}

/** The director's report as a reviewer reads it: the numbers first, then each list. */
function directorText(report: DirectorReport, paint: Paint): string {
  const ratio = `${report.runningTimeRatio.toFixed(2)}×`;
  const summary = [
    ...(report.title === undefined ? [] : [paint('bold', report.title)]),
    `${plural(report.shots, 'shot')} in ${plural(report.scenes, 'scene')}; running time ${formatDuration(report.runningTimeSeconds)} for ${plural(report.pageCount, 'page')} (estimate ${formatDuration(report.estimatedScreenTimeSeconds)}, ${ratio})`,
    `Framings: ${counts(Object.entries(report.framings))}`,
    `Sound effects noted: ${report.soundEffects}`,
  ];
  const section = (title: string, body: string) => ['', paint('bold', title), body];
  const none = (rows: string[][], headers: string[]) =>
    rows.length === 0 ? 'none' : table(headers, rows, paint);
  return [
    ...summary,
    ...section(
      'INSERTS',
      none(
        report.inserts.map((insert) => [insert.shot, insert.subjects.join(', ')]),
        ['SHOT', 'OF'],
      ),
    ),
    ...section(
      'INTRODUCTIONS',
      none(
        report.introductions.map((intro) => [intro.shot, intro.characters.join(', ')]),
        ['SHOT', 'CHARACTERS'],
      ),
    ),
    ...section(
      'VOICE-OVER AND OFF-SCREEN LINES',
      none(
        report.voices.map((voice) => [voice.kind, voice.speaker, voice.coveredOn, voice.line, voice.shot]),
        ['KIND', 'SPEAKER', 'COVERED ON', 'LINE', 'SHOT'],
      ),
    ),
    ...section(
      'DIALOGUE SCENES',
      none(
        report.dialogueScenes.map((scene) => [
          String(scene.scene),
          scene.heading,
          String(scene.speeches),
          counts(Object.entries(scene.coverage)),
          counts(Object.entries(scene.singles)),
        ]),
        ['#', 'HEADING', 'SPEECHES', 'COVERAGE', 'SINGLES'],
      ),
    ),
    ...section(
      'TRANSITIONS',
      none(
        report.transitions.map((t) => [
          t.kind,
          t.text,
          `${t.position === 'in' ? 'into' : 'out of'} ${t.shot}`,
        ]),
        ['KIND', 'AS WRITTEN', 'WHERE'],
      ),
    ),
    ...section(
      "WRITER'S SLUGS",
      none(
        report.slugs.map((slug) => [slug.text, slug.shot ?? 'not carried out']),
        ['SLUG', 'SHOT'],
      ),
    ),
  ].join('\n');
}

interface AnalyzeOptions extends FormatOption {
  director?: boolean;
  pacing?: (typeof PACINGS)[number];
  template?: (typeof CINEMATIC_TEMPLATES)[number];
}

/** The engine's full analysis, offline: no server, no sign-in. With --director, the director's report. */
async function analyze(path: string, options: AnalyzeOptions, paint: Paint): Promise<CommandResult> {
  const local = await readScript(path, options);
  const engine = await screenplayEngine();
  const screenplay = engine.parseScript(local.content, local.format);
  if (options.director) {
    const report = engine.directorReport(screenplay, {
      ...(options.pacing ? { pacing: options.pacing } : {}),
      ...(options.template ? { template: options.template } : {}),
    });
    return { json: report, text: directorText(report, paint) };
  }
  const analysis: ScriptAnalysis = engine.analyzeScreenplay(screenplay);
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
      .option(
        '--director',
        "the director's report instead: shots by framing, inserts, voice-over and off-screen coverage, dialogue coverage, transitions, slugs, running time against pages",
      )
      .addOption(new Option('--pacing <pacing>', 'with --director: the first pass pacing').choices(PACINGS))
      .addOption(
        new Option('--template <template>', 'with --director: the cinematic template').choices(
          CINEMATIC_TEMPLATES,
        ),
      )
      .action(async (file: string, options: AnalyzeOptions) =>
        ctx.emit(await analyze(file, options, ctx.out.paint)),
      ),
    'reelbench script analyze night-shift.fountain',
    'reelbench script analyze draft.fdx --json | jq .scenes',
    'reelbench script analyze --director night-shift.fountain',
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
