import {
  isTextEntryTarget,
  isTypingTarget,
  type KeyLike,
  matchesShortcut,
  parseShortcut,
  type Shortcut,
  shortcutKey,
} from '../keyboard/shortcut.js';

/** Where the app is when an action is looked up: the palette, a key press, the help overlay. */
export interface ActionContext {
  pathname: string;
  projectId: string | null;
}

export interface ActionDefinition {
  id: string;
  label: string;
  /** Groups the help overlay and the palette. */
  section: string;
  keywords?: string[];
  /** Shown in the palette next to the label, and searched like it. */
  hint?: string;
  binding?: string;
  /** The action only applies on paths containing one of these fragments; global when absent. */
  paths?: string[];
  /** Whether the action is available here, e.g. only with a current project. */
  available?: (context: ActionContext) => boolean;
  /** Why the action is not available here, for a disabled button's tooltip (e.g. "Nothing is stale"). */
  unavailableReason?: (context: ActionContext) => string | undefined;
  /** The help shortcut works while focus is in a field, except where its key writes text. */
  allowWhileTyping?: boolean;
  /** Listed in the help dialog but handled by a component, not by the global key handler. */
  helpOnly?: boolean;
  perform: (context: ActionContext) => void | Promise<void>;
}

export interface RegisteredAction extends ActionDefinition {
  shortcut?: Shortcut;
}

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

function scopesOverlap(a: ActionDefinition, b: ActionDefinition): boolean {
  if (!a.paths || !b.paths) return true;
  return a.paths.some((path) => b.paths?.includes(path));
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

function inScope(action: ActionDefinition, context: ActionContext): boolean {
  return !action.paths || action.paths.some((fragment) => context.pathname.includes(fragment));
}

/**
 * One registry feeds the command palette, the keyboard shortcuts and the help overlay, so a binding
 * cannot be shown in one place and behave differently in another.
 */
export class ActionRegistry {
  private readonly actions = new Map<string, RegisteredAction>();
  private readonly bindingListeners = new Set<() => void>();

  /** Called when an action with a key binding is registered (a page's own actions, on its first visit). */
  onBindingsChange(listener: () => void): () => void {
    this.bindingListeners.add(listener);
    return () => this.bindingListeners.delete(listener);
  }

  register(definition: ActionDefinition): void {
    if (this.actions.has(definition.id)) throw new Error(`Action ${definition.id} is already registered`);
    const action: RegisteredAction = { ...definition };
    if (definition.binding) {
      action.shortcut = parseShortcut(definition.binding);
      const key = shortcutKey(action.shortcut);
      for (const other of this.actions.values()) {
        if (other.shortcut && shortcutKey(other.shortcut) === key && scopesOverlap(other, action)) {
          throw new ActionConflictError(other.id, action.id, definition.binding);
        }
      }
    }
    this.actions.set(definition.id, action);
    if (action.shortcut) for (const listener of this.bindingListeners) listener();
  }

  /**
   * Registers each definition whose id is not registered yet. Pages register their own actions
   * when first mounted, and the registry outlives them.
   */
  registerOnce(...definitions: ActionDefinition[]): void {
    for (const definition of definitions) {
      if (!this.actions.has(definition.id)) this.register(definition);
    }
  }

  get(id: string): RegisteredAction | undefined {
    return this.actions.get(id);
  }

  all(): RegisteredAction[] {
    return [...this.actions.values()];
  }

  isAvailable(action: ActionDefinition, context: ActionContext): boolean {
    return inScope(action, context) && (action.available?.(context) ?? true);
  }

  /** The action a key press triggers here, if any. */
  resolveKey(event: KeyLike & { target?: unknown }, context: ActionContext): RegisteredAction | undefined {
    const target = event.target as Parameters<typeof isTypingTarget>[0];
    const typing = isTypingTarget(target);
    const writing = isTextEntryTarget(target);
    for (const action of this.actions.values()) {
      if (!action.shortcut || action.helpOnly) continue;
      if (typing && (!action.allowWhileTyping || writing)) continue;
      if (matchesKey(action.shortcut, event) && this.isAvailable(action, context)) return action;
    }
    return undefined;
  }

  /** Palette entries filtered by label, hint or keywords, case-insensitively. */
  search(query: string, context: ActionContext): RegisteredAction[] {
    const needle = query.trim().toLowerCase();
    return this.all().filter((action) => {
      if (action.helpOnly || !this.isAvailable(action, context)) return false;
      if (needle === '') return true;
      const haystack = [action.label, action.hint ?? '', ...(action.keywords ?? [])].join(' ').toLowerCase();
      return haystack.includes(needle);
    });
  }

  /** The help overlay's content: every bound action, grouped by section in registration order. */
  helpGroups(): { section: string; actions: RegisteredAction[] }[] {
    const groups = new Map<string, RegisteredAction[]>();
    for (const action of this.actions.values()) {
      if (!action.shortcut) continue;
      const list = groups.get(action.section) ?? [];
      list.push(action);
      groups.set(action.section, list);
    }
    return [...groups].map(([section, actions]) => ({ section, actions }));
  }
}

/** A page action's words (id, label, section, keywords, hint) without where and how it runs. */
export type HandledActionSpec<Id extends string = string> = Omit<
  ActionDefinition,
  'id' | 'paths' | 'available' | 'perform'
> & { id: Id };

/**
 * Registers, once per registry, the actions of a page that hands over its handlers while it is
 * mounted: each applies only on the page's `paths`, is available while the page has a handler for it
 * (and `when` holds, if given), and runs that handler.
 */
export function registerHandledActions<Id extends string>(
  registry: ActionRegistry,
  {
    specs,
    paths,
    handlers,
    when,
  }: {
    specs: readonly HandledActionSpec<Id>[];
    paths: string[];
    /** The mounted page's handlers now (absent: not available). */
    handlers: () => Partial<Record<Id, () => void | Promise<void>>>;
    when?: (context: ActionContext) => boolean;
  },
): void {
  registry.registerOnce(
    ...specs.map(
      (spec): ActionDefinition => ({
        ...spec,
        paths,
        available: (context) => (when === undefined || when(context)) && handlers()[spec.id] !== undefined,
        perform: () => handlers()[spec.id]?.(),
      }),
    ),
  );
}
