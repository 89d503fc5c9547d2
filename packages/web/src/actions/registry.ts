import {
  isTextEntryTarget,
  isTypingTarget,
  type KeyLike,
  matchesShortcut,
  parseShortcut,
  type Shortcut,
  shortcutKey,
} from '../keyboard/shortcut.js';
import { createStore } from '../state/store.js';
import { type ActionContext, type ActionDefinition, type ActionSection, SECTIONS } from './action.js';
import { type ActionScope, inScope, SCOPES, scopesOverlap } from './scopes.js';

export interface RegisteredAction extends ActionDefinition {
  shortcut?: Shortcut;
}

/** Where an action is looked up: the path and the project (enough to say whether it applies here). */
export type ActionPlace = Pick<ActionContext, 'pathname' | 'projectId'>;

export class ActionConflictError extends Error {
  constructor(
    readonly first: string,
    readonly second: string,
    readonly binding: string,
  ) {
    super(`Shortcut ${binding} is bound to both ${first} and ${second}`);
    this.name = 'ActionConflictError';
  }
}

/** A group of the help overlay: the global keys by section, then each page's keys by where they work. */
export interface HelpGroup {
  title: string;
  scope: ActionScope;
  /** Whether its keys work on the page the user is on. */
  here: boolean;
  actions: RegisteredAction[];
}

/**
 * Keys that stand for a binding's key on common layouts: Ctrl+= is how Ctrl+plus is typed. The key
 * handler (keybindings.ts) listens for these too, so the registry must resolve them to the action.
 */
export const KEY_ALIASES: Readonly<Record<string, readonly string[]>> = { '+': ['='] };

function matchesKey(shortcut: Shortcut, event: KeyLike): boolean {
  if (matchesShortcut(shortcut, event)) return true;
  const aliases = KEY_ALIASES[shortcut.key];
  if (!aliases?.includes(event.key.toLowerCase())) return false;
  const { ctrlKey, metaKey, shiftKey, altKey } = event;
  return matchesShortcut(shortcut, { key: shortcut.key, ctrlKey, metaKey, shiftKey, altKey });
}

const SCOPE_ORDER = Object.keys(SCOPES) as ActionScope[];

/**
 * Every action of the app, registered once at start-up (actions/index.ts). One registry feeds the
 * command palette, the keyboard shortcuts, the help overlay and the buttons, so a binding cannot be
 * shown in one place and behave differently in another.
 */
export class ActionRegistry {
  private readonly actions = new Map<string, RegisteredAction>();
  /**
   * Bumped when what the actions read changes (a page hands over its state, a selection moves): the
   * palette and the buttons re-read availability.
   */
  readonly version = createStore(0);

  /** Registers an action; throws on a second action with its id or with its key in an overlapping scope. */
  register(definition: ActionDefinition): void {
    if (this.actions.has(definition.id)) throw new Error(`Action ${definition.id} is already registered`);
    const action: RegisteredAction = { ...definition };
    if (definition.binding) {
      action.shortcut = parseShortcut(definition.binding);
      const conflict = this.conflictWith(action);
      if (conflict) throw new ActionConflictError(conflict.id, action.id, definition.binding);
    }
    this.actions.set(definition.id, action);
  }

  /** The registered action with the same key as `action` in a scope that overlaps its scope. */
  conflictWith(action: RegisteredAction): RegisteredAction | undefined {
    if (!action.shortcut) return undefined;
    const key = shortcutKey(action.shortcut);
    for (const other of this.actions.values()) {
      if (other.id === action.id || !other.shortcut || shortcutKey(other.shortcut) !== key) continue;
      if (scopesOverlap(other.scope, action.scope)) return other;
    }
    return undefined;
  }

  /** What the actions read has changed: re-read availability. */
  touch(): void {
    this.version.set((version) => version + 1);
  }

  get(id: string): RegisteredAction | undefined {
    return this.actions.get(id);
  }

  all(): RegisteredAction[] {
    return [...this.actions.values()];
  }

  /** Whether the action belongs to this page (its scope), whatever its state. */
  appliesHere(action: ActionDefinition, place: ActionPlace): boolean {
    return inScope(action.scope, place.pathname);
  }

  isAvailable(action: ActionDefinition, context: ActionContext): boolean {
    return this.appliesHere(action, context) && (action.available?.(context) ?? true);
  }

  /** The action a key press triggers here, if any. */
  resolveKey(event: KeyLike & { target?: unknown }, context: ActionContext): RegisteredAction | undefined {
    const target = event.target as Parameters<typeof isTypingTarget>[0];
    const typing = isTypingTarget(target);
    const writing = isTextEntryTarget(target);
    for (const action of this.actions.values()) {
      if (!action.shortcut) continue;
      if (typing && (!action.allowWhileTyping || writing)) continue;
      if (matchesKey(action.shortcut, event) && this.isAvailable(action, context)) return action;
    }
    return undefined;
  }

  /** Available actions whose label, hint or keywords contain the query, case-insensitively. */
  search(query: string, context: ActionContext): RegisteredAction[] {
    const needle = query.trim().toLowerCase();
    return this.all().filter((action) => {
      if (!this.isAvailable(action, context)) return false;
      if (needle === '') return true;
      const haystack = [action.label, action.hint ?? '', ...(action.keywords ?? [])].join(' ').toLowerCase();
      return haystack.includes(needle);
    });
  }

  /**
   * The help overlay's content, every bound action from the first load: the keys that work
   * everywhere by palette section, then each page's keys under where they work, with whether that
   * is the page the user is on.
   */
  helpGroups(place: ActionPlace): HelpGroup[] {
    const bound = this.all().filter((action) => action.shortcut);
    const global = SECTIONS.map((section: ActionSection) => ({
      title: section as string,
      scope: 'global' as ActionScope,
      here: true,
      actions: bound.filter(
        (action) => (action.scope ?? 'global') === 'global' && action.section === section,
      ),
    }));
    const pages = SCOPE_ORDER.filter((scope) => scope !== 'global').map((scope) => ({
      title: SCOPES[scope].label,
      scope,
      here: inScope(scope, place.pathname),
      actions: bound.filter((action) => action.scope === scope),
    }));
    return [...global, ...pages].filter((group) => group.actions.length > 0);
  }
}
