import type { Reelbench } from '@reelbench/sdk';
import {
  type Job,
  type JobListReply,
  SERVER_EVENT_SCHEMAS,
  type ServerEventPayload,
} from '@reelbench/sdk/contract';
import type { CliIO } from '../context.js';
import { confirm, isInteractive } from '../input.js';
import {
  isFinalJob,
  type JobViewAction,
  type JobViewState,
  reduceJobView,
  TRACKED_EVENTS,
  type TrackedEvent,
} from './job-state.js';
import type { JobDisplay } from './live-view.js';

/** What following a job needs from the SDK; a narrow seam so that tests can drive it with events. */
export interface JobSource {
  on<E extends TrackedEvent>(event: E, handler: (payload: ServerEventPayload<E>) => void): () => void;
  /** Joins the project's room: its events reach only subscribed sockets. */
  subscribe(projectId: string): Promise<unknown>;
  list(projectId: string): Promise<JobListReply>;
  cancel(jobId: string): Promise<Job>;
  /** Runs after the socket reconnected: the room must be joined again and missed events re-read. */
  onReconnect(handler: () => void): () => void;
}

export function jobSource(client: Reelbench): JobSource {
  return {
    on: (event, handler) => client.on(event, handler),
    subscribe: (projectId) => client.projects.subscribe(projectId),
    list: (projectId) => client.jobs.list(projectId),
    cancel: (jobId) => client.jobs.cancel(jobId),
    onReconnect: (handler) => {
      const socket = client.socket;
      if (socket === null) return () => {};
      let connectedOnce = socket.connected;
      return socket.on('connect', () => {
        if (connectedOnce) handler();
        connectedOnce = true;
      });
    },
  };
}

/** How following ended. */
export type FollowEnd =
  /** The job completed, failed or was cancelled (by anyone). */
  | { kind: 'ended'; state: JobViewState }
  /** Ctrl+C, then yes: this user cancelled it. */
  | { kind: 'cancelled'; state: JobViewState }
  /** Ctrl+C, then no (or no terminal to ask on): the job runs on without us. */
  | { kind: 'detached'; state: JobViewState; asked: boolean };

export interface FollowOptions {
  io: CliIO;
  source: JobSource;
  display: JobDisplay;
  names?: ReadonlyMap<string, string>;
  /** How often the stored job is re-read, in case an event was lost. */
  pollMs?: number;
}

/** A safety net only: events carry the progress, the poll catches an ending missed during a reconnect. */
const DEFAULT_POLL_MS = 5_000;
/** Reads of the stored job that may fail in a row before following gives up (the job runs on). */
const MAX_MISSED_READS = 3;

/** Events as the contract defines them; anything else (an older server, a bug) is ignored. */
function parsedEvent<E extends TrackedEvent>(event: E, payload: unknown): JobViewAction | undefined {
  const parsed = SERVER_EVENT_SCHEMAS[event].safeParse(payload);
  return parsed.success ? ({ event, payload: parsed.data } as JobViewAction) : undefined;
}

/**
 * Follows a job until it ends, showing each change. Ctrl+C asks whether to cancel it (on a
 * terminal) or leaves it running; closing the client never cancels the server's job.
 */
export function followJob(initial: JobViewState, options: FollowOptions): Promise<FollowEnd> {
  const { io, source, display, names = new Map<string, string>() } = options;
  return new Promise<FollowEnd>((resolve, reject) => {
    let state = initial;
    let ended = false;
    let interrupted = false;
    const cleanups: (() => void)[] = [];

    const finish = (end: FollowEnd | Error) => {
      if (ended) return;
      ended = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      display.stop().then(
        () => (end instanceof Error ? reject(end) : resolve(end)),
        (error: unknown) => reject(error),
      );
    };

    const apply = (action: JobViewAction | undefined) => {
      if (action === undefined || ended || interrupted) return;
      const next = reduceJobView(state, action, names);
      if (next === state) return;
      state = next;
      display.show(state);
      if (isFinalJob(state.status)) finish({ kind: 'ended', state });
    };

    const snapshot = async () => {
      const { jobs } = await source.list(state.projectId);
      const job = jobs.find((candidate) => candidate.id === state.jobId);
      if (job !== undefined) apply({ event: 'job:snapshot', payload: job });
    };

    const onInterrupt = async () => {
      if (ended) return;
      if (interrupted) return finish({ kind: 'detached', state, asked: true });
      interrupted = true;
      await display.stop();
      if (!isInteractive(io)) return finish({ kind: 'detached', state, asked: false });
      try {
        if (!(await confirm(io, `Cancel job ${state.jobId}?`)))
          return finish({ kind: 'detached', state, asked: true });
        const job = await source.cancel(state.jobId);
        state = reduceJobView(state, { event: 'job:snapshot', payload: job }, names);
        finish({ kind: 'cancelled', state });
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      }
    };

    // `jobs watch` of a job that has already ended: nothing more will come.
    if (isFinalJob(state.status)) return finish({ kind: 'ended', state });
    for (const event of TRACKED_EVENTS) {
      cleanups.push(source.on(event, (payload: unknown) => apply(parsedEvent(event, payload))));
    }
    if (io.onInterrupt) cleanups.push(io.onInterrupt(() => void onInterrupt()));
    let missed = 0;
    const resync = () => {
      source
        .subscribe(state.projectId)
        .then(snapshot)
        .then(
          () => {
            missed = 0;
          },
          (error: unknown) => {
            // One failed read (a reconnect under way) is retried by the next poll; several in a row
            // mean the server is gone, and waiting on would never end.
            missed += 1;
            if (missed >= MAX_MISSED_READS) finish(error instanceof Error ? error : new Error(String(error)));
          },
        );
    };
    cleanups.push(source.onReconnect(resync));
    const poll = setInterval(resync, options.pollMs ?? DEFAULT_POLL_MS);
    cleanups.push(() => clearInterval(poll));

    // The job may have moved (or ended) before the listeners existed: its stored state comes first.
    source
      .subscribe(state.projectId)
      .then(snapshot)
      .catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
  });
}
