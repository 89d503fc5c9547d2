import { afterEach, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../src/generation/local/ffmpeg-process.js';
import { LaunchError, ProcessLauncher } from '../../src/generation/local/process-launcher.js';

const node = process.execPath;
const launchers: ProcessLauncher[] = [];
function launcher(): ProcessLauncher {
  const created = new ProcessLauncher();
  launchers.push(created);
  return created;
}
afterEach(() => {
  for (const created of launchers.splice(0)) created.stop();
});

const script = (source: string) => ['-e', source];

describe('ProcessLauncher (programs started from a helper process)', () => {
  it('answers exit code, stdout bytes and the end of stderr', async () => {
    const result = await launcher().run({
      binary: node,
      args: script(
        "process.stdout.write(Buffer.from([0, 1, 2, 255])); process.stderr.write('x'.repeat(100) + 'END'); process.exit(3)",
      ),
      timeoutMs: 20_000,
      stderrKeep: 10,
    });
    expect(result.code).toBe(3);
    expect([...result.stdout]).toEqual([0, 1, 2, 255]);
    expect(result.stderr).toBe('xxxxxxxEND');
    expect(result.timedOut).toBe(false);
  });

  it('runs several programs at once and pairs each answer with its request', async () => {
    const runner = launcher();
    const results = await Promise.all(
      [30, 5, 15].map((ms, index) =>
        runner.run({
          binary: node,
          args: script(`setTimeout(() => process.stdout.write('run ${index}'), ${ms})`),
          timeoutMs: 20_000,
          stderrKeep: 100,
        }),
      ),
    );
    expect(results.map((result) => result.stdout.toString())).toEqual(['run 0', 'run 1', 'run 2']);
  });

  it('rejects a program that does not exist with a LaunchError, and keeps working', async () => {
    const runner = launcher();
    await expect(
      runner.run({ binary: '/nonexistent/ffmpeg', args: [], timeoutMs: 5_000, stderrKeep: 100 }),
    ).rejects.toBeInstanceOf(LaunchError);
    const after = await runner.run({ binary: node, args: script('1'), timeoutMs: 20_000, stderrKeep: 100 });
    expect(after.code).toBe(0);
  });

  it('kills a program that outlives its timeout', async () => {
    const result = await launcher().run({
      binary: node,
      args: script('setTimeout(() => {}, 60000)'),
      timeoutMs: 300,
      stderrKeep: 100,
    });
    expect(result.timedOut).toBe(true);
    expect(result.code).toBeNull();
  });

  it('fails what was running when the helper dies, and starts a new helper for the next run', async () => {
    const runner = launcher();
    const running = runner.run({
      binary: node,
      args: script('setTimeout(() => {}, 60000)'),
      timeoutMs: 60_000,
      stderrKeep: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    runner.stop();
    await expect(running).rejects.toThrow('the process launcher stopped');
    const next = await runner.run({
      binary: node,
      args: script("process.stdout.write('again')"),
      timeoutMs: 20_000,
      stderrKeep: 100,
    });
    expect(next.stdout.toString()).toBe('again');
  });

  it("runFfmpeg answers a missing binary with the catalogue's 'ffmpeg is not available'", async () => {
    await expect(runFfmpeg('/nonexistent/ffmpeg', ['-version'], 5_000)).rejects.toMatchObject({
      code: 'NOT_AVAILABLE_ERROR',
      message: 'ffmpeg is not available: set FFMPEG_PATH or install ffmpeg',
    });
  });
});
