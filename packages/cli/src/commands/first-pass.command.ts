import {
  ASPECT_RATIOS,
  CINEMATIC_TEMPLATES,
  FIRST_PASS_DEFAULTS,
  type FirstPassResponse,
  firstPassShotDuration,
  formatToast,
  PACINGS,
  type StyleGuide,
  styleGuideSchema,
  TOASTS,
  VISUAL_STYLES,
} from '@reelbench/sdk/contract';
import { type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT_CODES, parseInput } from '../errors.js';
import { formatClock, formatSeconds } from '../format.js';
import { withExamples } from '../help.js';
import { type CommandResult, type Paint, table } from '../output.js';
import { castFromScript } from './assets.commands.js';
import { pushScript } from './script.commands.js';

/** SPEC.md section 4: the wizard's status line while the server works. */
const ANALYZING_STATUS = 'Analyzing script and preparing shots…';

interface FirstPassOptions extends Omit<StyleGuide, 'notes'> {
  notes?: string;
  script?: string;
  force?: boolean;
  createAssets?: boolean;
  replace?: boolean;
  dryRun?: boolean;
}

/** '3 changed, 2 added, 1 removed, 236 kept': what a revise did (or would do). */
export function revisionSummary(
  reply: Pick<FirstPassResponse, 'kept' | 'changed' | 'added' | 'removed'>,
): string {
  const count = (ids: string[] | undefined) => ids?.length ?? 0;
  return `${count(reply.changed)} changed, ${count(reply.added)} added, ${count(reply.removed)} removed, ${count(reply.kept)} kept`;
}

/** The shots a revise changed or added, with what became of each. */
function revisionTable(reply: FirstPassResponse, paint: Paint): string {
  const changed = new Set(reply.changed ?? []);
  const added = new Set(reply.added ?? []);
  const rows = reply.shots.flatMap((shot, index) => {
    const id = (shot as { id?: string }).id ?? '';
    const status = changed.has(id) ? 'changed' : added.has(id) ? 'added' : null;
    if (status === null) return [];
    return [[String(index + 1), status, String(shot.sceneNumber), shot.framing, shot.name]];
  });
  return table(['#', 'STATUS', 'SCENE', 'FRAMING', 'NAME'], rows, paint);
}

function shotTable(reply: FirstPassResponse, paint: Paint): string {
  const rows = reply.shots.map((shot, index) => [
    String(index + 1),
    String(shot.sceneNumber),
    formatClock(shot.startTime),
    formatSeconds(firstPassShotDuration(shot)),
    shot.framing,
    shot.camera_move,
    shot.name,
  ]);
  return table(['#', 'SCENE', 'START', 'LENGTH', 'FRAMING', 'MOVE', 'NAME'], rows, paint);
}

/**
 * The Generate First Pass wizard from a terminal: optionally push a script, then ask the server for
 * the shots and print the shot list. With shots already made from the script the server revises
 * them (unless --replace): the output is what changed and the line '3 changed, 2 added, 1 removed,
 * 236 kept'; --dry-run prints that and writes nothing.
 */
async function firstPass(
  ctx: CliContext,
  projectId: string,
  options: FirstPassOptions,
): Promise<CommandResult> {
  const styleGuide = parseInput(
    styleGuideSchema,
    {
      style: options.style,
      aspect: options.aspect,
      pacing: options.pacing,
      template: options.template,
      notes: options.notes,
    },
    'The first pass was not started',
  );
  const { out } = ctx;
  if (options.script !== undefined) {
    await pushScript(ctx, projectId, options.script, { force: options.force });
    out.progress(`Pushed ${options.script}`);
  }
  out.progress(ANALYZING_STATUS);
  const client = await ctx.client({ socket: true });
  const reply = await client.script.firstPass(projectId, styleGuide, {
    ...(options.replace ? { update: 'replace' as const } : {}),
    ...(options.dryRun ? { dryRun: true } : {}),
  });
  if (reply.shots.length === 0) {
    const { title } = TOASTS.firstPassEmpty;
    return {
      json: reply,
      text: '',
      failures: [`${title}: push a script first with \`reelbench script push ${projectId} <file>\``],
      exitCode: EXIT_CODES.failure,
    };
  }
  const lists = {
    kept: reply.kept ?? [],
    changed: reply.changed ?? [],
    added: reply.added ?? [],
    removed: reply.removed ?? [],
  };
  if (options.dryRun) {
    // Nothing was written: the lists are the whole answer.
    const summary = `Dry run (nothing written): ${revisionSummary(reply)}`;
    const touched = lists.changed.length + lists.added.length > 0;
    const text = touched ? `${revisionTable(reply, out.paint)}\n\n${summary}` : summary;
    return { json: { update: reply.update, dryRun: true, ...lists }, text };
  }
  let text: string;
  if (reply.update === 'revise') {
    const summary = out.paint('green', revisionSummary(reply));
    const touched = lists.changed.length + lists.added.length > 0;
    text = touched ? `${revisionTable(reply, out.paint)}\n\n${summary}` : summary;
  } else {
    const ready = `${TOASTS.firstPassReady.title}: ${formatToast.firstPassReady(reply.shots.length, styleGuide.style)}`;
    text = `${shotTable(reply, out.paint)}\n\n${out.paint('green', ready)}`;
  }
  if (!options.createAssets) return { json: reply, text };
  // The cast from the script, placed on the shots just made.
  const cast = await castFromScript(ctx, projectId, {});
  return { json: { ...reply, cast: cast.json }, text: `${text}\n\n${cast.text}` };
}

const STYLE_HELP = VISUAL_STYLES.map((s) => `  ${s.value.padEnd(16)} ${s.label}`).join('\n');

export function registerFirstPassCommand(program: Command, ctx: CliContext): void {
  const command = program
    .command('first-pass <projectId>')
    .description("generate the project's shots from its script and print the shot list")
    .addOption(
      new Option('--style <style>', 'visual style')
        .choices(VISUAL_STYLES.map((s) => s.value))
        .default(FIRST_PASS_DEFAULTS.style),
    )
    .addOption(
      new Option('--aspect <ratio>', 'aspect ratio')
        .choices(ASPECT_RATIOS)
        .default(FIRST_PASS_DEFAULTS.aspect),
    )
    .addOption(new Option('--pacing <pacing>', 'pacing').choices(PACINGS).default(FIRST_PASS_DEFAULTS.pacing))
    .addOption(
      new Option('--template <template>', 'cinematic template preference')
        .choices(CINEMATIC_TEMPLATES)
        .default(FIRST_PASS_DEFAULTS.template),
    )
    .option('--notes <text>', 'references, moodboard links and specific instructions')
    .option('--script <file>', 'push this script first (Fountain, FDX or text)')
    .option('--force', 'with --script: push even when the script has errors')
    .option('--create-assets', 'then create the missing cast from the script and place it on the shots')
    .option('--replace', 'make every first-pass shot anew instead of revising the shots already made')
    .option('--dry-run', 'print what the pass would keep, change, add and remove; write nothing')
    .addHelpText('after', `\nVisual styles:\n${STYLE_HELP}`)
    .action(async (projectId: string, options: FirstPassOptions) =>
      ctx.emit(await firstPass(ctx, projectId, options)),
    );
  withExamples(
    command,
    'reelbench first-pass <projectId> --pacing fast',
    'reelbench first-pass <projectId> --script night-shift.fountain --style documentary --aspect 9:16',
    'reelbench first-pass <projectId> --json > shots.json',
    'reelbench first-pass <projectId> --create-assets',
    'reelbench first-pass <projectId> --dry-run --json',
    'reelbench first-pass <projectId> --replace',
  );
}
