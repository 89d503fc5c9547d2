/**
 * Socket actions being handled, per socket.io server: a stopping server answers them before it
 * closes the connections (SocketIoAdapter).
 */
interface Tracker {
  count: number;
  idle: Set<() => void>;
}

const trackers = new WeakMap<object, Tracker>();

function tracker(server: object): Tracker {
  let found = trackers.get(server);
  if (found === undefined) {
    found = { count: 0, idle: new Set() };
    trackers.set(server, found);
  }
  return found;
}

/** Counts `work` as in flight on `server` until it settles. */
export async function trackAction<T>(server: object, work: () => Promise<T>): Promise<T> {
  const state = tracker(server);
  state.count += 1;
  try {
    return await work();
  } finally {
    state.count -= 1;
    if (state.count === 0) for (const resolve of state.idle) resolve();
  }
}

/** Resolves when no action is in flight on `server`, or after `timeoutMs`; true when all settled. */
export function actionsSettled(server: object, timeoutMs: number): Promise<boolean> {
  const state = tracker(server);
  if (state.count === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (settled: boolean) => {
      clearTimeout(timer);
      state.idle.delete(onIdle);
      resolve(settled);
    };
    const onIdle = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    state.idle.add(onIdle);
  });
}
