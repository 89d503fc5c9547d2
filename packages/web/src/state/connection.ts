import type { SocketClient } from '@reelbench/sdk';
import { createStore } from './store.js';

/** The socket's state, always visible in the status line. */
export type SocketState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export const SOCKET_STATE_LABELS: Record<SocketState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** After socket.io's own reconnect attempts are spent, the app tries again this often. */
export const MANUAL_RECONNECT_MS = 15_000;

/**
 * Follows a socket client's connection: connected, reconnecting (with the attempt), offline once
 * socket.io gives up; then it keeps trying every MANUAL_RECONNECT_MS and when the browser says it
 * is online again. `onReconnect` runs after every reconnect (not the first connect): the app asks
 * for jobs:list and flushes unsaved work then, instead of trusting events it may have missed.
 */
export class ConnectionMonitor {
  readonly state = createStore<SocketState>('idle');
  readonly attempt = createStore(0);
  #everConnected = false;
  #retryTimer: ReturnType<typeof setInterval> | undefined;
  #detach: (() => void) | undefined;

  attach(client: SocketClient, hooks: { onReconnect?: () => void; onConnect?: () => void } = {}): void {
    this.#detach?.();
    const socket = client.socket;
    const manager = socket.io;
    const onConnect = () => {
      this.#stopRetrying();
      this.attempt.set(0);
      this.state.set('connected');
      hooks.onConnect?.();
      if (this.#everConnected) hooks.onReconnect?.();
      this.#everConnected = true;
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io client disconnect') this.state.set('idle');
      else this.state.set(manager.reconnection() ? 'reconnecting' : 'offline');
    };
    const onAttempt = (attempt: number) => {
      this.attempt.set(attempt);
      this.state.set('reconnecting');
    };
    const onGaveUp = () => {
      this.state.set('offline');
      this.#startRetrying(client);
    };
    const onConnectError = () => {
      if (!socket.active) {
        this.state.set('offline');
        this.#startRetrying(client);
      } else if (this.state.get() === 'connecting' && this.#everConnected) this.state.set('reconnecting');
    };
    const onOnline = () => {
      if (!socket.connected && this.state.get() !== 'idle') void client.connect().catch(() => {});
    };
    const onSocket = { connect: onConnect, disconnect: onDisconnect, connect_error: onConnectError };
    const onManager = { reconnect_attempt: onAttempt, reconnect_failed: onGaveUp };
    for (const [event, listener] of Object.entries(onSocket)) socket.on(event, listener);
    for (const [event, listener] of Object.entries(onManager))
      manager.on(event as keyof typeof onManager, listener);
    globalThis.addEventListener?.('online', onOnline);
    this.#detach = () => {
      for (const [event, listener] of Object.entries(onSocket)) socket.off(event, listener);
      for (const [event, listener] of Object.entries(onManager))
        manager.off(event as keyof typeof onManager, listener);
      globalThis.removeEventListener?.('online', onOnline);
      this.#stopRetrying();
    };
    if (socket.connected) onConnect();
  }

  connecting(): void {
    if (this.state.get() !== 'connected') this.state.set('connecting');
  }

  /** Signed out: the socket is closed on purpose. */
  reset(): void {
    this.#stopRetrying();
    this.#everConnected = false;
    this.state.set('idle');
  }

  detach(): void {
    this.#detach?.();
    this.#detach = undefined;
  }

  #startRetrying(client: SocketClient): void {
    if (this.#retryTimer !== undefined) return;
    this.#retryTimer = setInterval(() => {
      if (client.connected) return this.#stopRetrying();
      void client.connect().catch(() => {});
    }, MANUAL_RECONNECT_MS);
  }

  #stopRetrying(): void {
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
  }
}
