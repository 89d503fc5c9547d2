import { tinykeys } from 'tinykeys';
import type { Shortcut } from '../keyboard/shortcut.js';
import type { ActionContext } from './action.js';
import { type ActionRegistry, KEY_ALIASES, type RegisteredAction } from './registry.js';

const TINYKEYS_KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  delete: 'Delete',
  escape: 'Escape',
};

/**
 * The tinykeys key strings for a shortcut. Ctrl and Cmd are equivalent (SPEC.md §5), so a Mod
 * binding is listed with Control and with Meta; tinykeys itself requires the other modifiers to
 * match exactly.
 */
export function tinykeysCombos(shortcut: Shortcut): string[] {
  const keys = [shortcut.key, ...(KEY_ALIASES[shortcut.key] ?? [])].map(
    (key) => TINYKEYS_KEY_NAMES[key] ?? key,
  );
  const modifiers = [shortcut.shift ? 'Shift' : '', shortcut.alt ? 'Alt' : ''].filter(Boolean);
  const heads = shortcut.mod ? ['Control', 'Meta'] : [''];
  const combos: string[] = [];
  for (const head of heads) {
    for (const key of keys) combos.push([head, ...modifiers, key].filter(Boolean).join('+'));
  }
  return combos;
}

export interface KeyBindingHooks {
  context: () => ActionContext;
  run: (action: RegisteredAction, context: ActionContext) => void;
  /** While true (e.g. a modal dialog is open), only actions allowed there run. */
  blocked?: (action: RegisteredAction) => boolean;
}

/**
 * One keydown listener (capture phase, so it runs before widgets' own handlers) for every bound
 * action in the registry. tinykeys matches the key; the registry decides which action it is here
 * (path scope, availability, typing rules).
 */
export function bindRegistryKeys(
  target: Window | HTMLElement,
  registry: ActionRegistry,
  hooks: KeyBindingHooks,
) {
  const handler = (event: KeyboardEvent) => {
    if (event.repeat && event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const context = hooks.context();
    const action = registry.resolveKey(event, context);
    if (!action || hooks.blocked?.(action)) return;
    event.preventDefault();
    event.stopPropagation();
    hooks.run(action, context);
  };
  // Every action is registered at start-up (actions/index.ts): its keys are all known here.
  const map: Record<string, (event: KeyboardEvent) => void> = {};
  for (const action of registry.all()) {
    if (!action.shortcut) continue;
    for (const combo of tinykeysCombos(action.shortcut)) map[combo] = handler;
  }
  return tinykeys(target, map, { capture: true });
}
