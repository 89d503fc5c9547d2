import type { SocketClient } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMonitor, MANUAL_RECONNECT_MS } from '../src/state/connection.js';

class Emitter {
  readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  count() {
    return [...this.handlers.values()].reduce((n, set) => n + set.size, 0);
  }
}

/** The parts of SocketClient (and its socket.io socket and manager) the monitor reads. */
function fakeSocketClient() {
  const manager = Object.assign(new Emitter(), { reconnection: vi.fn(() => true) });
  const socket = Object.assign(new Emitter(), { io: manager, connected: false, active: true });
  const connect = vi.fn(() => Promise.resolve());
  const client = {
    socket,
    connect,
    get connected() {
      return socket.connected;
    },
  };
  return { client: client as unknown as SocketClient, socket, manager, connect };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionMonitor', () => {
  it('follows connect, disconnect and reconnect attempts', () => {
    const fake = fakeSocketClient();
    const monitor = new ConnectionMonitor();
    const onConnect = vi.fn();
    const onReconnect = vi.fn();
    monitor.attach(fake.client, { onConnect, onReconnect });
    expect(monitor.state.get()).toBe('idle');
    monitor.connecting();
    expect(monitor.state.get()).toBe('connecting');

    fake.socket.connected = true;
    fake.socket.emit('connect');
    expect(monitor.state.get()).toBe('connected');
    expect(onConnect).toHaveBeenCalledTimes(1);
    // The first connect is not a reconnect.
    expect(onReconnect).not.toHaveBeenCalled();

    fake.socket.connected = false;
    fake.socket.emit('disconnect', 'transport close');
    expect(monitor.state.get()).toBe('reconnecting');
    fake.manager.emit('reconnect_attempt', 3);
    expect(monitor.attempt.get()).toBe(3);
    expect(monitor.state.get()).toBe('reconnecting');

    fake.socket.connected = true;
    fake.socket.emit('connect');
    expect(monitor.state.get()).toBe('connected');
    expect(monitor.attempt.get()).toBe(0);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(onConnect).toHaveBeenCalledTimes(2);
  });

  it('a disconnect asked for by the client is idle, not reconnecting', () => {
    const fake = fakeSocketClient();
    const monitor = new ConnectionMonitor();
    monitor.attach(fake.client);
    fake.socket.emit('connect');
    fake.socket.emit('disconnect', 'io client disconnect');
    expect(monitor.state.get()).toBe('idle');
  });

  it('once socket.io gives up it is offline and tries again every MANUAL_RECONNECT_MS until connected', async () => {
    const fake = fakeSocketClient();
    const monitor = new ConnectionMonitor();
    monitor.attach(fake.client);
    fake.socket.emit('connect');
    fake.manager.emit('reconnect_failed');
    expect(monitor.state.get()).toBe('offline');
    await vi.advanceTimersByTimeAsync(MANUAL_RECONNECT_MS - 1);
    expect(fake.connect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MANUAL_RECONNECT_MS);
    expect(fake.connect).toHaveBeenCalledTimes(2);
    // A second give-up does not start a second timer.
    fake.manager.emit('reconnect_failed');
    await vi.advanceTimersByTimeAsync(MANUAL_RECONNECT_MS);
    expect(fake.connect).toHaveBeenCalledTimes(3);

    fake.socket.connected = true;
    fake.socket.emit('connect');
    await vi.advanceTimersByTimeAsync(MANUAL_RECONNECT_MS * 3);
    expect(fake.connect).toHaveBeenCalledTimes(3);
    expect(monitor.state.get()).toBe('connected');
  });

  it('a connect error on an inactive socket is offline; the browser coming online connects', async () => {
    const fake = fakeSocketClient();
    const monitor = new ConnectionMonitor();
    monitor.attach(fake.client);
    monitor.connecting();
    fake.socket.active = false;
    fake.socket.emit('connect_error', new Error('refused'));
    expect(monitor.state.get()).toBe('offline');
    window.dispatchEvent(new Event('online'));
    expect(fake.connect).toHaveBeenCalledTimes(1);
  });

  it('reset() stops retrying and forgets the first connect; detach() removes every listener', async () => {
    const fake = fakeSocketClient();
    const monitor = new ConnectionMonitor();
    const onReconnect = vi.fn();
    monitor.attach(fake.client, { onReconnect });
    expect(fake.socket.count() + fake.manager.count()).toBe(5);
    fake.socket.emit('connect');
    fake.manager.emit('reconnect_failed');
    monitor.reset();
    expect(monitor.state.get()).toBe('idle');
    await vi.advanceTimersByTimeAsync(MANUAL_RECONNECT_MS * 2);
    expect(fake.connect).not.toHaveBeenCalled();
    fake.socket.emit('connect');
    expect(onReconnect).not.toHaveBeenCalled();

    monitor.detach();
    expect(fake.socket.count() + fake.manager.count()).toBe(0);
    window.dispatchEvent(new Event('online'));
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('attaching to an already connected socket reads as connected at once', () => {
    const fake = fakeSocketClient();
    fake.socket.connected = true;
    const monitor = new ConnectionMonitor();
    monitor.attach(fake.client);
    expect(monitor.state.get()).toBe('connected');
  });
});
