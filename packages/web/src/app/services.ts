import {
  BrowserTokenStore,
  createReelbench,
  type Reelbench,
  resolveBaseUrl,
  type Shot,
  TOASTS,
} from '@reelbench/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { createActionRegistry } from '../actions/index.js';
import type { ActionRegistry } from '../actions/registry.js';
import { ActivityCounter } from '../state/activity.js';
import { ConnectionMonitor } from '../state/connection.js';
import { errorBody } from '../state/errors.js';
import { SaveManager } from '../state/save-manager.js';
import { ToastStore } from '../state/toasts.js';
import { JobsTracker } from './jobs-tracker.js';
import { keepaliveRequest } from './keepalive.js';
import { writeServerShot } from './live-sync.js';
import { createQueryClient } from './query-client.js';
import { RecentActions } from './recent-actions.js';
import { Session } from './session.js';
import { createUiState, type UiStateStore } from './ui-state.js';

/** Everything one tab shares: one SDK client, one query client, and the app's client-side state. */
export interface AppServices {
  client: Reelbench;
  queryClient: QueryClient;
  toasts: ToastStore;
  activity: ActivityCounter;
  connection: ConnectionMonitor;
  saves: SaveManager;
  jobs: JobsTracker;
  session: Session;
  ui: UiStateStore;
  registry: ActionRegistry;
  recent: RecentActions;
}

/** Same origin (SPEC.md §7): a production build behind a proxy drops the port, otherwise the page's port. */
export function pageBaseUrl(): string {
  return resolveBaseUrl({
    location: globalThis.location,
    production: import.meta.env.PROD && globalThis.location.port === '',
  });
}

export function createServices(overrides: { client?: Reelbench } = {}): AppServices {
  const toasts = new ToastStore();
  const activity = new ActivityCounter();
  const client =
    overrides.client ??
    createReelbench({
      baseUrl: pageBaseUrl(),
      tokenStore: new BrowserTokenStore(),
      onActivity: (delta) => activity.change(delta),
      onCircuitOpen: () =>
        toasts.show({
          type: 'error',
          title: TOASTS.connectionIssues.title,
          message: TOASTS.connectionIssues.message,
        }),
    });
  const queryClient = createQueryClient(toasts);
  const saves = new SaveManager({
    save: (projectId, save) => activity.track(client.projects.save(projectId, save)),
    saveShot: (_projectId, shotId, fields) => activity.track(client.shots.update(shotId, fields)),
    onShotSaved: (projectId, shot, pending) => writeServerShot(queryClient, projectId, shot as Shot, pending),
    onShotRefused: (projectId, shotId, _fields, error) => {
      toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
      // Show the shot as the server has it again (keeping what was typed since).
      void client.shots.get(shotId).then(
        (shot) => writeServerShot(queryClient, projectId, shot, saves.pendingShotFields(shotId)),
        () => {},
      );
    },
    beacon: (projectId, save) => {
      if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
      const token = client.auth.token;
      const body = JSON.stringify({ projectId, save, ...(token ? { token } : {}) });
      return navigator.sendBeacon(
        `${client.http.baseUrl}/api/projects/emergency-save`,
        new Blob([body], { type: 'application/json' }),
      );
    },
    // A beacon cannot carry the Authorization header the shot's update route needs (PATCH
    // /api/shots/{id}): a keepalive fetch can, and outlives the page the same way.
    shotBeacon: (_projectId, shotId, fields) =>
      keepaliveRequest(client, 'PATCH', `/api/shots/${encodeURIComponent(shotId)}`, fields),
    onWarning: (message) =>
      toasts.show({
        type: 'warning',
        title: message,
        message: 'Your changes are kept; sign in again to save them.',
      }),
    onRefused: (error) =>
      toasts.show({
        type: 'error',
        title: TOASTS.operationFailed.title,
        message: errorBody(error),
      }),
  });
  return {
    client,
    queryClient,
    toasts,
    activity,
    connection: new ConnectionMonitor(),
    saves,
    jobs: new JobsTracker(client),
    session: new Session(client),
    ui: createUiState(),
    registry: createActionRegistry(),
    recent: new RecentActions(),
  };
}
