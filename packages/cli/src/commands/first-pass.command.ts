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
 * the shots (it replaces the previous first pass and saves them) and print the shot list.
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
  const reply = await client.script.firstPass(projectId, styleGuide);
  if (reply.shots.length === 0) {
    const { title } = TOASTS.firstPassEmpty;
    return {
      json: reply,
      text: '',
      failures: [`${title}: push a script first with \`reelbench script push ${projectId} <file>\``],
      exitCode: EXIT_CODES.failure,
    };
  }
  const ready = `${TOASTS.firstPassReady.title}: ${formatToast.firstPassReady(reply.shots.length, styleGuide.style)}`;
  const text = `${shotTable(reply, out.paint)}\n\n${out.paint('green', ready)}`;
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
  );
}
