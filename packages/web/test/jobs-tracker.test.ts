import type { Job, JobCounts, Reelbench } from '@reelbench/sdk';
import { describe, expect, it, vi } from 'vitest';
import { isActiveJob, JobsTracker } from '../src/app/jobs-tracker.js';

type Handler = (payload: never) => void;

/** Just what the tracker uses of the SDK: socket.on and jobs.list / jobs.cancel. */
function fakeClient(withSocket = true) {
  const handlers = new Map<string, Set<Handler>>();
  const socket = {
    on: vi.fn((event: string, handler: Handler) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    }),
  };
  const jobs = {
    list: vi.fn<() => Promise<{ jobs: Job[]; counts: JobCounts }>>(),
    cancel: vi.fn<(jobId: string) => Promise<Job>>(),
  };
  const client = { socket: withSocket ? socket : undefined, jobs } as unknown as Reelbench;
  const emit = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) (handler as (p: unknown) => void)(payload);
  };
  const listeners = () => [...handlers.values()].reduce((n, set) => n + set.size, 0);
  return { client, jobs, emit, listeners };
}

const counts = (running: number, waiting = 0): JobCounts => ({ running, waiting });

function job(id: string, status: Job['status'], progress = 0): Job {
  return {
    id,
    projectId: 'p1',
    type: 'shot:generate-batch',
    status,
    progress,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
}

const event = (jobId: string, extra: Record<string, unknown>) => ({
  projectId: 'p1',
  jobId,
  type: 'shot:generate-batch',
  counts: counts(1),
  ...extra,
});

describe('JobsTracker', () => {
  it('starts empty and not loaded', () => {
    const tracker = new JobsTracker(fakeClient().client);
    expect(tracker.store.get()).toEqual({ jobs: new Map(), counts: counts(0), loaded: false });
  });

  it('progress, complete and error events update the jobs and the counts', () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.listen();
    fake.emit(
      'job:progress',
      event('j1', { status: 'running', progress: 40, message: '4 of 10', shotIds: ['s1'] }),
    );
    let j1 = tracker.store.get().jobs.get('j1');
    expect(j1).toMatchObject({
      id: 'j1',
      projectId: 'p1',
      type: 'shot:generate-batch',
      status: 'running',
      progress: 40,
      message: '4 of 10',
      shotIds: ['s1'],
    });
    expect(isActiveJob(j1 as Job)).toBe(true);
    expect(tracker.store.get().counts).toEqual(counts(1));

    fake.emit(
      'job:complete',
      event('j1', { status: 'completed', progress: 100, result: { ok: 10 }, counts: counts(0) }),
    );
    j1 = tracker.store.get().jobs.get('j1');
    expect(j1).toMatchObject({ status: 'completed', progress: 100, result: { ok: 10 }, message: '4 of 10' });
    expect(isActiveJob(j1 as Job)).toBe(false);
    expect(tracker.store.get().counts).toEqual(counts(0));

    fake.emit(
      'job:error',
      event('j2', { status: 'failed', progress: 10, error: 'Image generation failed', counts: counts(0, 2) }),
    );
    expect(tracker.store.get().jobs.get('j2')).toMatchObject({
      status: 'failed',
      error: 'Image generation failed',
      progress: 0,
    });
    expect(tracker.store.get().counts).toEqual(counts(0, 2));
  });

  it('a finished job never goes back to running on a late progress event', () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.listen();
    fake.emit('job:progress', event('j1', { status: 'running', progress: 50 }));
    fake.emit('job:complete', event('j1', { status: 'completed', progress: 100, counts: counts(0) }));
    fake.emit('job:progress', event('j1', { status: 'running', progress: 90, counts: counts(3) }));
    expect(tracker.store.get().jobs.get('j1')).toMatchObject({ status: 'completed', progress: 100 });
    // The counts of the late event are still the queue's latest.
    expect(tracker.store.get().counts).toEqual(counts(3));

    fake.emit('job:error', event('j3', { status: 'cancelled', progress: 0, error: 'Cancelled' }));
    fake.emit('job:progress', event('j3', { status: 'running', progress: 5 }));
    expect(tracker.store.get().jobs.get('j3')?.status).toBe('cancelled');
  });

  it('refresh() replaces the state with the jobs:list answer', async () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.listen();
    fake.emit('job:progress', event('stale', { status: 'running', progress: 10 }));
    fake.jobs.list.mockResolvedValue({
      jobs: [job('j1', 'running', 20), job('j2', 'completed', 100)],
      counts: counts(1, 4),
    });
    await tracker.refresh();
    expect(fake.jobs.list).toHaveBeenCalledTimes(1);
    const state = tracker.store.get();
    expect(state.loaded).toBe(true);
    expect([...state.jobs.keys()]).toEqual(['j1', 'j2']);
    expect(state.jobs.get('j1')).toEqual(job('j1', 'running', 20));
    expect(state.counts).toEqual(counts(1, 4));
  });

  it('refresh() failing leaves the state as it was', async () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.add(job('j1', 'queued'), counts(0, 1));
    const before = tracker.store.get();
    fake.jobs.list.mockRejectedValue(new Error('Socket not connected after connection attempt'));
    await expect(tracker.refresh()).rejects.toThrow('Socket not connected');
    expect(tracker.store.get()).toBe(before);
  });

  it('add() records a job this client started, and cancel() the server answer', async () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.add(job('j1', 'queued'), counts(0, 1));
    expect(tracker.store.get().jobs.get('j1')?.status).toBe('queued');
    expect(tracker.store.get().counts).toEqual(counts(0, 1));
    tracker.add(job('j2', 'queued'));
    expect(tracker.store.get().counts).toEqual(counts(0, 1));
    fake.jobs.cancel.mockResolvedValue(job('j1', 'cancelled'));
    await tracker.cancel('j1');
    expect(fake.jobs.cancel).toHaveBeenCalledWith('j1');
    expect(tracker.store.get().jobs.get('j1')?.status).toBe('cancelled');
    tracker.clear();
    expect(tracker.store.get()).toEqual({ jobs: new Map(), counts: counts(0), loaded: false });
  });

  it('a reply that arrives after the job has already ended (or started) does not take it back', () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.listen();
    // A rough cut whose first shot cannot be read fails before the render request is answered.
    fake.emit(
      'job:error',
      event('j1', { status: 'failed', error: 'Rough cut rendering failed', counts: counts(0) }),
    );
    tracker.add({ ...job('j1', 'queued'), createdAt: '2026-11-25T10:00:01.000Z' }, counts(0, 1));
    expect(tracker.store.get().jobs.get('j1')).toMatchObject({
      status: 'failed',
      error: 'Rough cut rendering failed',
      // The server's own fields come from the reply.
      createdAt: '2026-11-25T10:00:01.000Z',
    });
    expect(tracker.store.get().counts).toEqual(counts(0));

    fake.emit('job:progress', event('j2', { status: 'running', progress: 30, counts: counts(1) }));
    tracker.add(job('j2', 'queued'), counts(0, 1));
    expect(tracker.store.get().jobs.get('j2')).toMatchObject({ status: 'running', progress: 30 });
    expect(tracker.store.get().counts).toEqual(counts(1));

    // A reply that is further on than what the events said is taken whole.
    fake.emit('job:progress', event('j3', { status: 'running', progress: 30 }));
    tracker.add(job('j3', 'cancelled'), counts(0));
    expect(tracker.store.get().jobs.get('j3')?.status).toBe('cancelled');
    expect(tracker.store.get().counts).toEqual(counts(0));
  });

  it('stop() and a second listen() leave exactly one set of listeners', () => {
    const fake = fakeClient();
    const tracker = new JobsTracker(fake.client);
    tracker.listen();
    tracker.listen();
    expect(fake.listeners()).toBe(3);
    tracker.stop();
    expect(fake.listeners()).toBe(0);
    fake.emit('job:progress', event('j1', { status: 'running', progress: 1 }));
    expect(tracker.store.get().jobs.size).toBe(0);
  });

  it('without a socket, listen() does nothing', () => {
    const tracker = new JobsTracker(fakeClient(false).client);
    expect(() => tracker.listen()).not.toThrow();
  });
});
