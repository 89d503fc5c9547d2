import { describe, expect, it } from 'vitest';
import { CliContext } from '../src/context.js';
import type { FollowEnd } from '../src/live/follow.js';
import { initialJobState, type JobViewAction, reduceJobView } from '../src/live/job-state.js';
import { followResult, INTERRUPTED_EXIT } from '../src/live/watch-job.js';
import { JobFixture } from './support/job-events.js';
import { Capture } from './support/run-cli.js';

const fixture = new JobFixture(['ONE', 'TWO']);

function context() {
  const stderr = new Capture();
  const io = { stdout: new Capture(), stderr, stdin: process.stdin, env: {} };
  return { ctx: new CliContext(io, () => ({ color: false })), stderr };
}

function ended(actions: JobViewAction[]): FollowEnd {
  const state = actions.reduce(
    (next, action) => reduceJobView(next, action, fixture.names),
    initialJobState(fixture.job({ status: 'running' }), fixture.names),
  );
  return { kind: 'ended', state };
}

const bothCompleted = fixture.complete([
  { index: 0, status: 'completed', url: '/files/1.png' },
  { index: 1, status: 'completed', url: '/files/2.png' },
]);
const oneFailed = fixture.complete([
  { index: 0, status: 'completed', url: '/files/1.png' },
  { index: 1, status: 'failed', error: 'Provider refused the prompt' },
]);

describe('the outcome of following a job', () => {
  it('exit 0 when every shot completed; --json holds the stored job and its results', () => {
    const { ctx } = context();
    const job = fixture.job({ status: 'completed', progress: 100, result: [] });
    const result = followResult(ctx, ended([bothCompleted]), job);
    expect(result.exitCode).toBeUndefined();
    expect(result.text).toBe(`Job ${fixture.jobId} completed: 2/2 shots completed, 0 failed`);
    expect(result.json).toEqual({
      job,
      results: [
        { shotId: fixture.shot(0), status: 'completed', url: '/files/1.png' },
        { shotId: fixture.shot(1), status: 'completed', url: '/files/2.png' },
      ],
    });
  });

  it('exit 4 when some shots failed', () => {
    const { ctx } = context();
    const result = followResult(ctx, ended([oneFailed]), fixture.job({ status: 'completed' }));
    expect(result).toMatchObject({ exitCode: 4, failures: ['1 of 2 shots failed'] });
  });

  it('exit 1 with the job error when the job failed, or was cancelled elsewhere', () => {
    const { ctx } = context();
    for (const [status, error] of [
      ['failed', 'Provider unavailable'],
      ['cancelled', 'Job cancelled'],
    ] as const) {
      const result = followResult(
        ctx,
        ended([fixture.jobEvent('job:error', { status, error })]),
        fixture.job({ status }),
      );
      expect(result).toMatchObject({ exitCode: 1, failures: [`Job ${fixture.jobId} ${status}: ${error}`] });
    }
  });

  it('exit 130 when this user cancelled it with Ctrl+C', () => {
    const { ctx } = context();
    const state = initialJobState(fixture.job({ status: 'cancelled' }), fixture.names);
    const result = followResult(ctx, { kind: 'cancelled', state }, fixture.job({ status: 'cancelled' }));
    expect(result).toMatchObject({ exitCode: INTERRUPTED_EXIT, text: `Cancelled job ${fixture.jobId}` });
  });

  it('left running: the watch hint on stderr, exit 130 without a terminal and 0 after answering no', () => {
    const state = initialJobState(fixture.job({ status: 'running' }), fixture.names);
    const hint = `Job ${fixture.jobId} keeps running: watch it with \`reelbench jobs watch ${fixture.jobId}\`\n`;
    const unasked = context();
    expect(followResult(unasked.ctx, { kind: 'detached', state, asked: false }, fixture.job()).exitCode).toBe(
      130,
    );
    expect(unasked.stderr.text).toBe(hint);
    const answered = context();
    expect(followResult(answered.ctx, { kind: 'detached', state, asked: true }, fixture.job()).exitCode).toBe(
      0,
    );
    expect(answered.stderr.text).toBe(hint);
  });
});
