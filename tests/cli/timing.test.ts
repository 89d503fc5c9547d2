import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DialogueTimingReply,
  type DialogueTrackResult,
  dialogueTimingReplySchema,
  type Shot,
} from '../../packages/sdk/dist/contract/index.js';
import type { Reelbench } from '../../packages/sdk/dist/index.js';
import { LIGHTHOUSE_SCRIPT } from '../../packages/server/test/support/dialogue-scripts.js';
import { useCliSession } from './support/cli-harness.js';

const cli = useCliSession('timing');
let sdk: Reelbench;
let projectId: string;

const reelbench = cli.run;

async function shots(): Promise<Shot[]> {
  return (await sdk.shots.list(projectId, { offset: 0 })).shots;
}

beforeAll(async () => {
  ({ sdk, projectId } = await cli.projectWithScript(
    'tom@example.com',
    'The Lighthouse Ledger',
    'ledger.fountain',
    LIGHTHOUSE_SCRIPT,
  ));
  expect((await reelbench(['first-pass', projectId, '--quiet'])).code).toBe(0);
});

describe('reelbench timing with the built binary', () => {
  it('--from dialogue speaks the scratch track and times only the dialogue shots to it', async () => {
    const before = await shots();
    const result = await reelbench(['timing', projectId, '--from', 'dialogue', '--pacing', 'slow', '--json']);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    const reply = JSON.parse(result.stdout) as DialogueTimingReply & { track: DialogueTrackResult };
    dialogueTimingReplySchema.parse(reply);
    expect(reply.track).toMatchObject({ lines: 4, spoken: 4 });
    expect(reply.pacing).toBe('slow');
    const lines = await sdk.audio.listLines(projectId);
    const dialogueShots = new Set(lines.map((line) => line.shotId));
    expect(reply.changed.length).toBeGreaterThan(0);
    const after = await shots();
    for (const shot of after) {
      const previous = before.find((candidate) => candidate.id === shot.id) as Shot;
      const change = reply.changed.find((entry) => entry.shotId === shot.id);
      if (!dialogueShots.has(shot.id)) expect(shot.duration).toBe(previous.duration);
      if (change) {
        expect(change.previousDuration).toBe(previous.duration);
        expect(shot.duration).toBe(change.duration);
      }
    }
    expect(after.some((shot) => !dialogueShots.has(shot.id))).toBe(true);
  });

  it('a second run speaks nothing again and finds every shot already timed; a person reads a summary', async () => {
    const result = await reelbench(['timing', projectId, '--from', 'dialogue', '--pacing', 'slow']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Scratch track: 4 lines \(0 spoken, 4 kept, 0 recorded\)\./);
    expect(result.stdout).toMatch(
      /Timed 0 dialogue shots to their lines at slow pacing; \d+ already matched\./,
    );
    const quiet = await reelbench([
      'timing',
      projectId,
      '--from',
      'dialogue',
      '--no-speak',
      '--pacing',
      'fast',
    ]);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toMatch(/^SHOT +BEFORE +AFTER +LINES$/m);
  });

  it('asks for the source, and names a bad one', async () => {
    const missing = await reelbench(['timing', projectId]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("required option '--from <source>' not specified");
    const wrong = await reelbench(['timing', projectId, '--from', 'music']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("'music' is invalid");
  });
});
