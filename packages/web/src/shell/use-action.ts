import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { ActionContext } from '../actions/action.js';
import type { RegisteredAction } from '../actions/registry.js';
import { runAction } from '../actions/run-action.js';
import type { AppServices } from '../app/services.js';
import { useServices } from '../app/services-context.js';
import { formatShortcut } from '../keyboard/shortcut.js';
import { useStore } from '../state/store.js';

const PROJECT_PATH = /^\/project\/([^/]+)/;

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The context actions are looked up and run in: the path, its project, the tab's services and a way to navigate. */
export function actionContext(
  services: AppServices,
  navigate: (to: string) => void,
  pathname: string,
): ActionContext {
  return { pathname, projectId: PROJECT_PATH.exec(pathname)?.[1] ?? null, services, navigate };
}

/** Where the app is, for the registry: the path and the current project, with the router's navigate. */
export function useActionContext(): ActionContext {
  const services = useServices();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return useMemo(
    () => actionContext(services, (to) => router.history.push(to), pathname),
    [services, router, pathname],
  );
}

export function shortcutLabel(action: RegisteredAction | undefined): string | undefined {
  return action?.shortcut ? formatShortcut(action.shortcut, isMac()) : undefined;
}

/** Runs an action the way the palette, the keys and the buttons all do (runAction). */
export function useRunAction() {
  const context = useActionContext();
  return useCallback((id: string, at: ActionContext = context) => runAction(id, at), [context]);
}

/** An action's label, shortcut, availability and a runner, for a button or a menu item. */
export function useAction(id: string) {
  const context = useActionContext();
  const { registry } = context.services;
  const run = useRunAction();
  // Pages hand over their state as they change: re-read availability then.
  useStore(registry.version);
  const action = registry.get(id);
  const available = action ? registry.isAvailable(action, context) : false;
  return {
    action,
    reason: available ? undefined : action?.unavailableReason?.(context),
    label: action?.label ?? id,
    shortcut: shortcutLabel(action),
    available,
    run: () => run(id),
  };
}
