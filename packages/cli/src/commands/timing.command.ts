import {
  type DialogueTimingReply,
  type DialogueTrackResult,
  FIRST_PASS_DEFAULTS,
  PACINGS,
  type Pacing,
} from '@reelbench/sdk/contract';
import { type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { formatSeconds, plural } from '../format.js';
import { withExamples } from '../help.js';
import { projectShots, shotNames, untilJobEnds } from '../live/watch-job.js';
import { type CommandResult, table } from '../output.js';

export const TIMING_SOURCES = ['dialogue'] as const;
type TimingSource = (typeof TIMING_SOURCES)[number];

interface TimingOptions {
  from: TimingSource;
  pacing?: Pacing;
  speak?: boolean;
  provider?: string;
}

type Client = Awaited<ReturnType<CliContext['client']>>;

/** Speaks the scratch track (only changed lines are spoken again) and waits for it. */
async function speakTrack(
  ctx: CliContext,
  client: Client,
  projectId: string,
  provider: string | undefined,
): Promise<DialogueTrackResult> {
  const accepted = await client.audio.generateDialogue(projectId, provider ? { provider } : {});
  const job = await untilJobEnds(ctx, client, accepted.job.id, projectId, 'Speaking the scratch track');
  return job.result as DialogueTrackResult;
}

/**
 * `timing <projectId> --from dialogue`: every dialogue shot takes its lines' spoken length plus the
 * pacing's pauses (the scratch track is spoken first unless --no-speak); action shots stay.
 */
async function timeFromDialogue(
  ctx: CliContext,
  projectId: string,
  options: TimingOptions,
): Promise<CommandResult> {
  const client = await ctx.client({ socket: options.speak !== false });
  const track = options.speak === false ? null : await speakTrack(ctx, client, projectId, options.provider);
  const reply: DialogueTimingReply = await client.audio.timeShots(projectId, {
    pacing: options.pacing ?? FIRST_PASS_DEFAULTS.pacing,
  });
  const names = reply.changed.length > 0 ? shotNames(await projectShots(client, projectId)) : new Map();
  const rows = reply.changed.map((change) => [
    names.get(change.shotId) ?? change.shotId,
    formatSeconds(change.previousDuration),
    formatSeconds(change.duration),
    String(change.lineIds.length),
  ]);
  const spoken = track
    ? `Scratch track: ${plural(track.lines, 'line')} (${track.spoken} spoken, ${track.reused} kept, ${track.uploaded} recorded). `
    : '';
  const summary = `${spoken}Timed ${plural(reply.changed.length, 'dialogue shot')} to their lines at ${reply.pacing} pacing; ${reply.unchanged} already matched${reply.unplaced > 0 ? `, ${plural(reply.unplaced, 'line')} under no shot` : ''}. Action shots keep their durations.`;
  return {
    json: { ...reply, ...(track ? { track } : {}) },
    text:
      rows.length > 0
        ? `${table(['SHOT', 'BEFORE', 'AFTER', 'LINES'], rows, ctx.out.paint)}\n${summary}`
        : summary,
    quiet: String(reply.changed.length),
  };
}

export function registerTimingCommand(program: Command, ctx: CliContext): void {
  const command = program
    .command('timing')
    .description("time the project's shots from a source: each dialogue shot to its spoken lines")
    .argument('<projectId>', 'the project')
    .addOption(
      new Option('--from <source>', 'what the durations come from')
        .choices(TIMING_SOURCES)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option(
        '--pacing <pacing>',
        `the pauses around the lines (default ${FIRST_PASS_DEFAULTS.pacing})`,
      ).choices(PACINGS),
    )
    .option('--no-speak', 'use the lines as last spoken; do not speak the scratch track first')
    .option('--provider <name>', 'the speech provider for the scratch track (default: the configured one)')
    .addHelpText(
      'after',
      '\n--json prints {projectId, pacing, changed: [{shotId, previousDuration, duration, lineIds}], unchanged, unplaced, track}.',
    )
    .action(async (projectId: string, options: TimingOptions) => {
      ctx.emit(await timeFromDialogue(ctx, projectId, options));
    });
  withExamples(
    command,
    'reelbench timing <projectId> --from dialogue',
    'reelbench timing <projectId> --from dialogue --pacing slow --json',
    'reelbench timing <projectId> --from dialogue --no-speak',
  );
}
