import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reelbench } from '../../packages/sdk/dist/index.js';
import { FERRY_OPENING } from '../../packages/server/test/support/dialogue-scripts.js';
import { useCliSession } from './support/cli-harness.js';

const cli = useCliSession('spoken-cut');
let sdk: Reelbench;
let projectId: string;

const reelbench = cli.run;

beforeAll(async () => {
  ({ sdk, projectId } = await cli.projectWithScript(
    'ana@example.com',
    'The Last Ferry',
    'ferry.fountain',
    FERRY_OPENING,
  ));
  expect((await reelbench(['first-pass', projectId, '--quiet'])).code).toBe(0);
  expect((await reelbench(['timing', projectId, '--from', 'dialogue', '--quiet'])).code).toBe(0);
});

describe('a spoken cut through the built binary', () => {
  it('export mp4 says how many lines the rough cut speaks; export edl lists them on A2', async () => {
    const lines = await sdk.audio.listLines(projectId);
    expect(lines).toHaveLength(2);
    const out = join(cli.configDir, 'spoken.mp4');
    const mp4 = await reelbench(['export', 'mp4', projectId, '-o', out]);
    expect(mp4.stderr).not.toMatch(/error/i);
    expect(mp4.code).toBe(0);
    expect(mp4.stdout).toMatch(/rough cut of cut [0-9a-f-]{36}: [\d.]+ s, \d+x\d+, with 2 dialogue lines\)/);
    expect(existsSync(out)).toBe(true);
    const edl = await reelbench(['export', 'edl', projectId, '--out', '-']);
    expect(edl.code).toBe(0);
    expect(edl.stdout.match(/^\d{3} {2}[0-9A-F]{8} A2 {4}C /gm)).toHaveLength(2);
    for (const line of lines)
      expect(edl.stdout).toContain(`* REELBENCH LINE: ${line.id} SHOT: ${line.shotId}`);
  });
});
