import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { type Job, ReelbenchError, type ServerEventPayload } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../src/context.js';
import { followJob, type JobSource } from '../src/live/follow.js';
import {
  initialJobState,
  type JobViewAction,
  type JobViewState,
  type TrackedEvent,
} from '../src/live/job-state.js';
import type { JobDisplay } from '../src/live/live-view.js';
import { JobFixture } from './support/job-events.js';
import { Capture } from './support/run-cli.js';

/** Never fires during a test: the poll is a safety net, the events drive these tests. */
const NO_POLL = 3_600_000;

/** The SDK side of following, driven by the test: events, stored jobs, cancels, reconnects. */
class FakeSource implements JobSource {
  readonly events = new EventEmitter();
  stored: Job;
  subscribed: string[] = [];
  cancelled: string[] = [];
  failSubscribe: Error | undefined;
  failList: Error | undefined;
  reads = 0;
  #reconnect: (() => void) | undefined;

  constructor(private readonly fixture: JobFixture) {
    this.stored = fixture.job();
  }

  on<E extends TrackedEvent>(event: E, handler: (payload: ServerEventPayload<E>) => void): () => void {
    this.events.on(event, handler);
    return () => this.events.off(event, handler);
  }

  async subscribe(projectId: string) {
    if (this.failSubscribe) throw this.failSubscribe;
    this.subscribed.push(projectId);
    return { projectId, subscribed: true };
  }

  async list() {
    this.reads += 1;
    if (this.failList) throw this.failList;
    return { jobs: [this.stored], counts: { waiting: 0, running: 1 } };
  }

  async cancel(jobId: string) {
    this.cancelled.push(jobId);
    this.stored = this.fixture.job({ status: 'cancelled', error: 'Cancelled by the user' });
    return this.stored;
  }

  onReconnect(handler: () => void) {
    this.#reconnect = handler;
    return () => {
      this.#reconnect = undefined;
    };
  }

  reconnect() {
    this.#reconnect?.();
  }

  emit(action: JobViewAction) {
    this.events.emit(action.event, action.payload);
  }
}

class RecordingDisplay implements JobDisplay {
  shown: JobViewState[] = [];
  stopped = false;
  show(state: JobViewState) {
    this.shown.push(state);
  }
  async stop() {
    this.stopped = true;
  }
}

interface Harness {
  io: CliIO;
  stderr: Capture;
  interrupt(): void;
}

function harness(options: { tty?: boolean; answer?: string } = {}): Harness {
  const stderr = new Capture();
  const stdin = Object.assign(new PassThrough(), { isTTY: options.tty });
  let handler: (() => void) | undefined;
  const io: CliIO = {
    stdout: new Capture(),
    stderr,
    stdin,
    env: {},
    onInterrupt: (next) => {
      handler = next;
      return () => {
        handler = undefined;
      };
    },
  };
  return {
    io,
    stderr,
    interrupt: () => {
      if (options.answer !== undefined) stdin.write(options.answer);
      handler?.();
    },
  };
}

/** Lets the follower's subscribe and first read of the stored job settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: { tty?: boolean; answer?: string } = {}) {
  const fixture = new JobFixture(['ONE', 'TWO']);
  const source = new FakeSource(fixture);
  const display = new RecordingDisplay();
  const h = harness(options);
  const initial = initialJobState(fixture.job(), fixture.names);
  const follow = followJob(initial, { io: h.io, source, display, names: fixture.names, pollMs: NO_POLL });
  return { fixture, source, display, follow, ...h };
}

describe('following a job', () => {
  it('joins the project room, shows each change and ends with job:complete', async () => {
    const { fixture, source, display, follow } = setup();
    await settle();
    expect(source.subscribed).toEqual([fixture.projectId]);
    source.emit(fixture.jobEvent('job:progress', { status: 'running', progress: 10 }));
    source.emit(fixture.shotProgress(0, 'completed', 100, { url: '/files/1.png' }));
    source.emit(
      fixture.complete([
        { index: 0, status: 'completed', url: '/files/1.png' },
        { index: 1, status: 'completed', url: '/files/2.png' },
      ]),
    );
    const end = await follow;
    expect(end.kind).toBe('ended');
    expect(end.state.status).toBe('completed');
    expect(display.shown.map((state) => state.status)).toEqual(['running', 'running', 'completed']);
    expect(display.stopped).toBe(true);
    expect(source.events.eventNames()).toEqual([]);
  });

  it('does not end on another job ending, nor on an event that breaks the contract', async () => {
    const { fixture, source, display, follow } = setup();
    await settle();
    const other = new JobFixture(['ELSEWHERE']);
    source.emit(other.complete([{ index: 0, status: 'completed', url: '/files/x.png' }]));
    source.events.emit('job:complete', { jobId: fixture.jobId, status: 'completed' });
    expect(display.shown).toEqual([]);
    source.emit(fixture.jobEvent('job:error', { status: 'failed', error: 'Provider unavailable' }));
    const end = await follow;
    expect(end).toMatchObject({ kind: 'ended', state: { status: 'failed', error: 'Provider unavailable' } });
  });

  it('ends at once when the stored job has ended before the listeners existed', async () => {
    const fixture = new JobFixture(['ONE']);
    const source = new FakeSource(fixture);
    source.stored = fixture.job({
      status: 'completed',
      progress: 100,
      result: [{ shotId: fixture.shot(0), status: 'completed', url: '/files/1.png' }],
    });
    const end = await followJob(initialJobState(fixture.job(), fixture.names), {
      io: harness().io,
      source,
      display: new RecordingDisplay(),
      pollMs: NO_POLL,
    });
    expect(end).toMatchObject({ kind: 'ended', state: { status: 'completed' } });
  });

  it('after a reconnect joins the room again and reads the stored job', async () => {
    const { fixture, source, follow } = setup();
    await settle();
    source.stored = fixture.job({ status: 'failed', progress: 50, error: 'Worker lost' });
    source.reconnect();
    const end = await follow;
    expect(source.subscribed).toHaveLength(2);
    expect(end).toMatchObject({ kind: 'ended', state: { status: 'failed', error: 'Worker lost' } });
  });

  it('Ctrl+C without a terminal leaves the job running and asks nothing', async () => {
    const { source, follow, interrupt, stderr, display } = setup({ tty: false });
    await settle();
    interrupt();
    const end = await follow;
    expect(end).toMatchObject({ kind: 'detached', asked: false });
    expect(source.cancelled).toEqual([]);
    expect(stderr.text).toBe('');
    expect(display.stopped).toBe(true);
  });

  it('Ctrl+C on a terminal, then y: the job is cancelled', async () => {
    const { fixture, source, follow, interrupt, stderr } = setup({ tty: true, answer: 'y\n' });
    await settle();
    interrupt();
    const end = await follow;
    expect(stderr.text).toContain(`Cancel job ${fixture.jobId}? [y/N]`);
    expect(source.cancelled).toEqual([fixture.jobId]);
    expect(end).toMatchObject({ kind: 'cancelled', state: { status: 'cancelled' } });
    expect(end.state.rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('Ctrl+C on a terminal, then Enter: the job keeps running', async () => {
    const { source, follow, interrupt } = setup({ tty: true, answer: '\n' });
    await settle();
    interrupt();
    const end = await follow;
    expect(end).toMatchObject({ kind: 'detached', asked: true });
    expect(source.cancelled).toEqual([]);
  });

  it('nothing is shown after Ctrl+C, even when events keep coming', async () => {
    const { fixture, source, display, follow, interrupt } = setup({ tty: false });
    await settle();
    interrupt();
    source.emit(fixture.shotProgress(0, 'processing', 50));
    await follow;
    expect(display.shown).toEqual([]);
  });

  it('gives up with the error when the stored job cannot be read several times in a row', async () => {
    const fixture = new JobFixture(['ONE']);
    const source = new FakeSource(fixture);
    const follow = followJob(initialJobState(fixture.job(), fixture.names), {
      io: harness().io,
      source,
      display: new RecordingDisplay(),
      pollMs: 1,
    });
    await settle();
    source.failList = new ReelbenchError({ code: 'NETWORK_ERROR', message: 'Network error' });
    await expect(follow).rejects.toThrow('Network error');
    expect(source.reads).toBeGreaterThanOrEqual(4);
  });

  it('fails with the server error when the project cannot be joined', async () => {
    const fixture = new JobFixture(['ONE']);
    const source = new FakeSource(fixture);
    source.failSubscribe = new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: 'Project not found' });
    const follow = followJob(initialJobState(fixture.job(), fixture.names), {
      io: harness().io,
      source,
      display: new RecordingDisplay(),
      pollMs: NO_POLL,
    });
    await expect(follow).rejects.toThrow('Project not found');
  });
});
