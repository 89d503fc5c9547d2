import { describe, expect, it } from 'vitest';
import { formatShortcut, isTypingTarget, matchesShortcut, parseShortcut } from '../src/keyboard/shortcut.js';

const key = (
  k: string,
  mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {},
) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('parseShortcut', () => {
  it('parses modifiers and named keys', () => {
    expect(parseShortcut('Mod+Shift+Z')).toEqual({ mod: true, shift: true, alt: false, key: 'z' });
    expect(parseShortcut('Shift+Left')).toEqual({ mod: false, shift: true, alt: false, key: 'arrowleft' });
    expect(parseShortcut('Mod+plus').key).toBe('+');
    expect(parseShortcut('Mod++').key).toBe('+');
    expect(parseShortcut('Space').key).toBe(' ');
  });

  it('rejects bindings with no key or two keys', () => {
    expect(() => parseShortcut('Mod+Shift')).toThrow('Invalid shortcut binding: Mod+Shift');
    expect(() => parseShortcut('A+B')).toThrow('Invalid shortcut binding');
  });
});

describe('matchesShortcut', () => {
  const save = parseShortcut('Mod+S');

  it('treats Ctrl and Cmd as the same modifier', () => {
    expect(matchesShortcut(save, key('s', { ctrl: true }))).toBe(true);
    expect(matchesShortcut(save, key('s', { meta: true }))).toBe(true);
    expect(matchesShortcut(save, key('S', { ctrl: true }))).toBe(true);
  });

  it('requires modifier states to match exactly', () => {
    expect(matchesShortcut(save, key('s'))).toBe(false);
    expect(matchesShortcut(save, key('s', { ctrl: true, shift: true }))).toBe(false);
    expect(matchesShortcut(save, key('s', { ctrl: true, alt: true }))).toBe(false);
    expect(matchesShortcut(parseShortcut('Delete'), key('Delete', { ctrl: true }))).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('recognises inputs, textareas, selects and editable elements', () => {
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('formatShortcut', () => {
  it('renders for Mac and for other systems', () => {
    expect(formatShortcut(parseShortcut('Mod+Shift+Z'), false)).toBe('Ctrl+Shift+Z');
    expect(formatShortcut(parseShortcut('Mod+Shift+Z'), true)).toBe('⌘⇧Z');
    expect(formatShortcut(parseShortcut('Shift+Right'), false)).toBe('Shift+→');
    expect(formatShortcut(parseShortcut('Mod+plus'), false)).toBe('Ctrl+Plus');
    expect(formatShortcut(parseShortcut('Mod+minus'), false)).toBe('Ctrl+Minus');
    // Function keys read as printed on the key.
    expect(formatShortcut(parseShortcut('F2'), false)).toBe('F2');
    expect(formatShortcut(parseShortcut('Alt+F12'), true)).toBe('⌥F12');
  });
});
