import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withAbortSignal } from '../../src/common/abort-scope.js';
import { GenerationCancelledError } from '../../src/generation/generation.errors.js';
import { runFfmpeg } from '../../src/media/ffmpeg-process.js';
import { LaunchError, ProcessLauncher } from '../../src/media/process-launcher.js';

const node = process.execPath;
const launchers: ProcessLauncher[] = [];
function launcher(limits: Partial<ProcessLauncher['limits']> = {}): ProcessLauncher {
  const created = new ProcessLauncher();
  created.configure({ ...created.limits, ...limits });
  launchers.push(created);
  return created;
}
afterEach(() => {
  for (const created of launchers.splice(0)) created.stop();
});

const script = (source: string) => ['-e', source];

/** True while a process with this id exists (and is not a zombie). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** A program that writes its pid to `file`, ignores SIGTERM and never ends by itself. */
function stubborn(file: string): string[] {
  return script(
    `require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`,
  );
}

async function pidIn(file: string): Promise<number> {
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text !== '') return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

  it('stops a program when its signal fires: SIGTERM, then SIGKILL after the grace, and it is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-launcher-'));
    try {
      const controller = new AbortController();
      const file = path.join(dir, 'pid');
      const running = launcher({ killGraceMs: 300 }).run({
        binary: node,
        args: stubborn(file),
        timeoutMs: 60_000,
        stderrKeep: 100,
        signal: controller.signal,
      });
      const pid = await pidIn(file);
      expect(alive(pid)).toBe(true);
      controller.abort(new GenerationCancelledError());
      const result = await running;
      expect(result).toMatchObject({ ended: 'stopped', signal: 'SIGKILL', timedOut: false });
      expect(alive(pid)).toBe(false);
      // An already fired signal starts nothing.
      await expect(
        launcher().run({
          binary: node,
          args: script('1'),
          timeoutMs: 5_000,
          stderrKeep: 10,
          signal: controller.signal,
        }),
      ).rejects.toBeInstanceOf(GenerationCancelledError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ends a program at its wall-clock bound the same way, even one that ignores SIGTERM', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-launcher-'));
    try {
      const file = path.join(dir, 'pid');
      const result = await launcher({ killGraceMs: 200, maxWallMs: 500 }).run({
        binary: node,
        args: stubborn(file),
        timeoutMs: 60_000,
        stderrKeep: 100,
      });
      expect(result).toMatchObject({ ended: 'timed-out', timedOut: true, signal: 'SIGKILL' });
      expect(alive(await pidIn(file))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops a program past its processor time (RLIMIT_CPU), whatever its wall-clock bound', async () => {
    const result = await launcher({ cpuSeconds: 1 }).run({
      binary: node,
      args: script('for (;;) {}'),
      timeoutMs: 120_000,
      stderrKeep: 100,
    });
    expect(result).toMatchObject({ ended: 'cpu-limit', signal: 'SIGXCPU', timedOut: false });
  });

  it('runFfmpeg stops what it started when the job it runs for is stopped', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-launcher-'));
    try {
      const controller = new AbortController();
      const file = path.join(dir, 'pid');
      // The job's signal is not passed: runFfmpeg finds it in the scope the job worker runs handlers in.
      const running = withAbortSignal(controller.signal, () => runFfmpeg(node, stubborn(file), 60_000));
      const pid = await pidIn(file);
      controller.abort(new GenerationCancelledError());
      await expect(running).rejects.toBeInstanceOf(GenerationCancelledError);
      expect(alive(pid)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
