import { useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { ActionContext, RegisteredAction } from '../actions/registry.js';
import { runAction } from '../actions/run-action.js';
import { useServices } from '../app/services-context.js';
import { formatShortcut } from '../keyboard/shortcut.js';
import { useStore } from '../state/store.js';

const PROJECT_PATH = /^\/project\/([^/]+)/;

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function contextFor(pathname: string): ActionContext {
  return { pathname, projectId: PROJECT_PATH.exec(pathname)?.[1] ?? null };
}

/** Where the app is, for the registry: the path and the current project. */
export function useActionContext(): ActionContext {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return useMemo(() => contextFor(pathname), [pathname]);
}

export function shortcutLabel(action: RegisteredAction | undefined): string | undefined {
  return action?.shortcut ? formatShortcut(action.shortcut, isMac()) : undefined;
}

/** Runs an action the way the palette, the keys and the buttons all do (runAction). */
export function useRunAction() {
  const services = useServices();
  const context = useActionContext();
  return useCallback(
    (id: string, at: ActionContext = context) => runAction(services, id, at),
    [services, context],
  );
}

/** An action's label, shortcut, availability and a runner, for a button or a menu item. */
export function useAction(id: string) {
  const services = useServices();
  const context = useActionContext();
  const run = useRunAction();
  // Page commands come and go with pages: re-read availability when they change.
  useStore(services.commands.version);
  const action = services.registry.get(id);
  const available = action ? services.registry.isAvailable(action, context) : false;
  return {
    action,
    reason: available ? undefined : action?.unavailableReason?.(context),
    label: action?.label ?? id,
    shortcut: shortcutLabel(action),
    available,
    run: () => run(id),
  };
}
