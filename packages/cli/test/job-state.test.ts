import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  initialJobState,
  type JobViewAction,
  type JobViewState,
  jobCounts,
  reduceJobView,
  rowResults,
} from '../src/live/job-state.js';
import { JobFixture } from './support/job-events.js';

function replay(state: JobViewState, actions: JobViewAction[], names: Map<string, string>): JobViewState {
  return actions.reduce((next, action) => reduceJobView(next, action, names), state);
}

describe('the job view reducer', () => {
  const fixture = new JobFixture(['INT. KITCHEN – 1', 'EXT. ROOF – 2', 'INT. CAR – 3']);
  const start = () => initialJobState(fixture.job(), fixture.names);

  it('starts with one pending row per shot of the job, named by the project', () => {
    const state = start();
    expect(state).toMatchObject({ jobId: fixture.jobId, status: 'queued', progress: 0 });
    expect(state.rows.map((row) => [row.name, row.status])).toEqual([
      ['INT. KITCHEN – 1', 'pending'],
      ['EXT. ROOF – 2', 'pending'],
      ['INT. CAR – 3', 'pending'],
    ]);
  });

  it('moves rows with shot progress and ends with the results of job:complete', () => {
    const state = replay(
      start(),
      [
        fixture.jobEvent('job:progress', { status: 'running', progress: 10 }),
        fixture.shotProgress(0, 'processing', 40),
        fixture.shotProgress(0, 'completed', 100, { url: '/files/a.png' }),
        fixture.shotProgress(1, 'failed', 30, { message: 'Provider refused the prompt' }),
        fixture.event('shot:batch-progress', {
          status: 'running',
          progress: 66,
          total: 3,
          completed: 1,
          failed: 1,
        }),
        fixture.complete([
          { index: 0, status: 'completed', url: '/files/a.png' },
          { index: 1, status: 'failed', error: 'Provider refused the prompt' },
          { index: 2, status: 'completed', url: '/files/c.png' },
        ]),
      ],
      fixture.names,
    );
    expect(state.status).toBe('completed');
    expect(state.progress).toBe(100);
    expect(rowResults(state)).toEqual([
      { shotId: fixture.shot(0), status: 'completed', url: '/files/a.png' },
      { shotId: fixture.shot(1), status: 'failed', error: 'Provider refused the prompt' },
      { shotId: fixture.shot(2), status: 'completed', url: '/files/c.png' },
    ]);
    expect(jobCounts(state)).toEqual({ total: 3, completed: 2, failed: 1, cancelled: 0 });
  });

  it('reaches the same end whatever order the events arrive in', () => {
    const events = [
      fixture.jobEvent('job:progress', { status: 'running', progress: 20 }),
      fixture.shotProgress(0, 'processing', 50),
      fixture.shotProgress(0, 'completed', 100, { url: '/files/a.png' }),
      fixture.shotProgress(1, 'queued', 0),
      fixture.shotProgress(1, 'completed', 100, { url: '/files/b.png' }),
      fixture.event('shot:batch-progress', {
        status: 'running',
        progress: 66,
        total: 3,
        completed: 2,
        failed: 0,
      }),
      fixture.shotProgress(2, 'processing', 10),
    ];
    const forwards = replay(start(), events, fixture.names);
    const backwards = replay(start(), [...events].reverse(), fixture.names);
    expect(backwards.rows).toEqual(forwards.rows);
    expect(backwards.status).toBe('running');
    expect(forwards.rows.map((row) => row.status)).toEqual(['completed', 'completed', 'processing']);
  });

  it('never moves a shot back: a late processing event after completed changes nothing', () => {
    const done = replay(
      start(),
      [fixture.shotProgress(0, 'completed', 100, { url: '/files/a.png' })],
      fixture.names,
    );
    const late = reduceJobView(done, fixture.shotProgress(0, 'processing', 30), fixture.names);
    expect(late.rows[0]).toMatchObject({ status: 'completed', progress: 100, url: '/files/a.png' });
  });

  it('a shot event shows that a queued job has started', () => {
    const state = reduceJobView(start(), fixture.shotProgress(2, 'processing', 5), fixture.names);
    expect(state.status).toBe('running');
  });

  it('ignores the events of other jobs', () => {
    const other = new JobFixture(['ELSEWHERE']);
    const initial = start();
    const actions = [
      other.jobEvent('job:progress', { status: 'running', progress: 50 }),
      other.complete([{ index: 0, status: 'completed', url: '/files/x.png' }]),
      other.jobEvent('job:error', { status: 'failed', error: 'boom' }),
      other.event('shot:batch-progress', {
        status: 'running',
        progress: 90,
        total: 9,
        completed: 9,
        failed: 0,
      }),
      other.shotProgress(0, 'completed', 100),
      { event: 'job:snapshot', payload: other.job({ status: 'completed', progress: 100 }) } as JobViewAction,
    ];
    for (const action of actions) expect(reduceJobView(initial, action, fixture.names)).toBe(initial);
  });

  it('changes nothing after a cancel: the open rows are cancelled and later events are ignored', () => {
    const cancelled = replay(
      start(),
      [
        fixture.shotProgress(0, 'completed', 100, { url: '/files/a.png' }),
        fixture.shotProgress(1, 'processing', 40),
        fixture.jobEvent('job:error', { status: 'cancelled', progress: 40, error: 'Cancelled by the user' }),
      ],
      fixture.names,
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.error).toBe('Cancelled by the user');
    expect(cancelled.rows.map((row) => row.status)).toEqual(['completed', 'cancelled', 'cancelled']);
    const after = [
      fixture.shotProgress(1, 'completed', 100, { url: '/files/b.png' }),
      fixture.complete([{ index: 1, status: 'completed', url: '/files/b.png' }]),
      fixture.jobEvent('job:progress', { status: 'running', progress: 90 }),
    ];
    for (const action of after) expect(reduceJobView(cancelled, action, fixture.names)).toBe(cancelled);
  });

  it('a stored job (jobs:list) brings a view up to date, e.g. one that ended before the listeners existed', () => {
    const stored = fixture.job({
      status: 'completed',
      progress: 100,
      result: [
        { shotId: fixture.shot(0), status: 'completed', url: '/files/a.png' },
        { shotId: fixture.shot(1), status: 'completed', url: '/files/b.png' },
        { shotId: fixture.shot(2), status: 'completed', url: '/files/c.png' },
      ],
    });
    const state = reduceJobView(start(), { event: 'job:snapshot', payload: stored }, fixture.names);
    expect(state.status).toBe('completed');
    expect(jobCounts(state)).toEqual({ total: 3, completed: 3, failed: 0, cancelled: 0 });
  });

  it('a stale snapshot does not move a running job back to queued', () => {
    const running = reduceJobView(
      start(),
      fixture.jobEvent('job:progress', { status: 'running', progress: 30 }),
      fixture.names,
    );
    const state = reduceJobView(running, { event: 'job:snapshot', payload: fixture.job() }, fixture.names);
    expect(state).toMatchObject({ status: 'running', progress: 30 });
  });

  it('adds a row for a shot of the job that it did not know yet, named by its id when unnamed', () => {
    const extra = randomUUID();
    const state = reduceJobView(
      start(),
      fixture.jobEvent('job:progress', {
        status: 'running',
        progress: 5,
        shotIds: [...fixture.shotIds, extra],
      }),
      fixture.names,
    );
    expect(state.rows.at(-1)).toMatchObject({ shotId: extra, name: extra, status: 'pending' });
  });

  it('counts the server batch counts when they are ahead of the rows', () => {
    const state = reduceJobView(
      start(),
      fixture.event('shot:batch-progress', {
        status: 'running',
        progress: 60,
        total: 3,
        completed: 2,
        failed: 0,
      }),
      fixture.names,
    );
    expect(jobCounts(state)).toEqual({ total: 3, completed: 2, failed: 0, cancelled: 0 });
    expect(state.progress).toBe(60);
  });
});
