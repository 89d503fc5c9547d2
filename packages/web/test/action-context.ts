import { createReelbench } from '@reelbench/sdk';
import { vi } from 'vitest';
import type { ActionContext } from '../src/actions/action.js';
import { runAction } from '../src/actions/run-action.js';
import { type AppServices, createServices } from '../src/app/services.js';
import { actionContext } from '../src/shell/use-action.js';

/** The tab's services with every action registered, around a real SDK client that never connects. */
export function offlineServices(): AppServices {
  return createServices({ client: createReelbench({ baseUrl: 'http://127.0.0.1:9', socket: false }) });
}

/** Where an action is looked up or run in a test: a path, its project, and a navigate to watch. */
export function contextAt(
  services: AppServices,
  pathname: string,
  navigate: (to: string) => void = vi.fn(),
): ActionContext {
  return actionContext(services, navigate, pathname);
}

/** Runs an action as a key or the palette would, on the page at `pathname`: false where it is not available. */
export function run(services: AppServices, id: string, pathname: string): boolean {
  return runAction(id, contextAt(services, pathname));
}

/** Whether the action can run on the page at `pathname` now. */
export function available(services: AppServices, id: string, pathname: string): boolean {
  const action = services.registry.get(id);
  return action !== undefined && services.registry.isAvailable(action, contextAt(services, pathname));
}
