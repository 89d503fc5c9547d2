import { TOASTS } from '@reelbench/sdk';
import { saveOnPageHide } from '../state/save-manager.js';
import { whenIdle } from './idle.js';
import { startLiveSync } from './live-sync.js';
import type { AppServices } from './services.js';

/** Ignorable browser noise that is not an application error. */
const BENIGN_ERRORS = [/ResizeObserver loop/i];

/**
 * Start-up (SPEC.md §2): the authentication check and the job client first; the socket and the
 * asset store sync once the browser is idle (at most 1.5 s later). Returns a function that undoes it.
 */
export function startApp(services: AppServices): () => void {
  const { session, jobs, connection, client, saves, toasts } = services;
  const cleanups: (() => void)[] = [];
  void session.check();
  jobs.listen();
  cleanups.push(() => jobs.stop());

  const connectSocket = () => {
    const socket = client.socket;
    if (!socket || session.state.status !== 'signed-in') return;
    connection.connecting();
    void socket.connect().catch(() => {});
  };
  if (client.socket) {
    connection.attach(client.socket, {
      onConnect: () => void jobs.refresh().catch(() => {}),
      onReconnect: () => saves.online(),
    });
    cleanups.push(() => connection.detach());
  }
  cleanups.push(
    whenIdle(() => {
      void session.check().then(connectSocket);
      cleanups.push(startLiveSync(services));
    }),
  );
  // Signing in later connects the socket too.
  cleanups.push(
    session.store.subscribe(() => {
      if (session.state.status === 'signed-in' && !client.socket?.connected) connectSocket();
    }),
  );

  const onRejection = (event: PromiseRejectionEvent) => {
    console.error(event.reason);
    toasts.show({
      type: 'error',
      title: TOASTS.unhandledRejection.title,
      message: TOASTS.unhandledRejection.message,
      persistent: TOASTS.unhandledRejection.persistent,
    });
  };
  const onError = (event: ErrorEvent) => {
    if (BENIGN_ERRORS.some((pattern) => pattern.test(event.message))) return;
    toasts.show({ type: 'error', title: TOASTS.globalError.title, message: TOASTS.globalError.message });
  };
  const onOnline = () => saves.online();
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  cleanups.push(saveOnPageHide(saves));
  window.addEventListener('online', onOnline);
  cleanups.push(() => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
    window.removeEventListener('online', onOnline);
  });
  return () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };
}
