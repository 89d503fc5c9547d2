/**
 * Shortcut bindings and matching (SPEC.md §5): modifier states must match exactly, Ctrl and Cmd are
 * equivalent, and shortcuts are ignored while typing unless the binding is allowed there (help).
 */

export interface Shortcut {
  /** `mod` stands for Ctrl or Cmd. */
  mod: boolean;
  shift: boolean;
  alt: boolean;
  /** Lower-cased `KeyboardEvent.key`, with names for the few keys that need one. */
  key: string;
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const KEY_ALIASES: Record<string, string> = {
  plus: '+',
  minus: '-',
  space: ' ',
  left: 'arrowleft',
  right: 'arrowright',
  up: 'arrowup',
  down: 'arrowdown',
  del: 'delete',
  esc: 'escape',
};

const MODIFIERS = new Set(['mod', 'ctrl', 'cmd', 'meta', 'shift', 'alt']);

/** Parses 'Mod+Shift+Z', 'Shift+?', 'Delete', 'Mod+plus'. Throws on an empty or unknown shape. */
export function parseShortcut(binding: string): Shortcut {
  const parts = binding.split('+').map((part) => part.trim().toLowerCase());
  // 'Mod++' means Mod and the plus key.
  if (binding.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const shortcut: Shortcut = { mod: false, shift: false, alt: false, key: '' };
  for (const part of parts) {
    if (MODIFIERS.has(part)) {
      if (part === 'shift') shortcut.shift = true;
      else if (part === 'alt') shortcut.alt = true;
      else shortcut.mod = true;
      continue;
    }
    if (shortcut.key !== '' || part === '') throw new Error(`Invalid shortcut binding: ${binding}`);
    shortcut.key = KEY_ALIASES[part] ?? part;
  }
  if (shortcut.key === '') throw new Error(`Invalid shortcut binding: ${binding}`);
  return shortcut;
}

export function matchesShortcut(shortcut: Shortcut, event: KeyLike): boolean {
  const mod = event.ctrlKey || event.metaKey;
  return (
    mod === shortcut.mod &&
    event.shiftKey === shortcut.shift &&
    event.altKey === shortcut.alt &&
    event.key.toLowerCase() === shortcut.key
  );
}

/** A stable identity for conflict detection: two bindings conflict when their keys are equal. */
export function shortcutKey(shortcut: Shortcut): string {
  return [shortcut.mod ? 'mod' : '', shortcut.shift ? 'shift' : '', shortcut.alt ? 'alt' : '', shortcut.key]
    .filter(Boolean)
    .join('+');
}

export function formatShortcut(shortcut: Shortcut, isMac: boolean): string {
  const names: string[] = [];
  if (shortcut.mod) names.push(isMac ? '⌘' : 'Ctrl');
  if (shortcut.alt) names.push(isMac ? '⌥' : 'Alt');
  if (shortcut.shift) names.push(isMac ? '⇧' : 'Shift');
  const key = shortcut.key;
  const display: Record<string, string> = {
    ' ': 'Space',
    arrowleft: '←',
    arrowright: '→',
    arrowup: '↑',
    arrowdown: '↓',
    delete: 'Delete',
    escape: 'Esc',
    '+': 'Plus',
    '-': 'Minus',
  };
  names.push(display[key] ?? (key.length === 1 || /^f\d+$/.test(key) ? key.toUpperCase() : key));
  return names.join(isMac ? '' : '+');
}

interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
  readOnly?: boolean;
  getAttribute?: (name: string) => string | null;
}

/** Inputs whose keys do not write text: a '?' pressed there is not a character being typed. */
const NON_TEXT_INPUT_TYPES = new Set([
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'button',
  'submit',
  'reset',
  'image',
]);

/**
 * True while the user is typing in an input, a textarea, a select (a native one, or the option of an
 * open listbox, where letters jump to an option) or an editable element.
 */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  return (
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    target.isContentEditable === true ||
    target.getAttribute?.('role') === 'option'
  );
}

/**
 * True while the user is writing text: a text field, a textarea or an editable element that is not
 * read-only. The help shortcut works while typing (SPEC.md §5) except here, where '?' is a character.
 */
export function isTextEntryTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable === true) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA') return target.readOnly !== true;
  if (tag === 'INPUT') {
    const type = (target.type ?? 'text').toLowerCase();
    return !NON_TEXT_INPUT_TYPES.has(type) && target.readOnly !== true;
  }
  return false;
}
