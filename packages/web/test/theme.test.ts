import { describe, expect, it } from 'vitest';
import { applyTheme, loadTheme, THEME_STORAGE_KEY, toggleTheme } from '../src/theme.js';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function fakeRoot() {
  const classes = new Set<string>();
  return {
    dataset: {} as Record<string, string>,
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
      contains: (name: string) => classes.has(name),
    },
  };
}

describe('theme', () => {
  it('is dark by default and light only with a saved light preference', () => {
    const storage = new MemoryStorage();
    expect(loadTheme(undefined)).toBe('dark');
    expect(loadTheme(storage)).toBe('dark');
    storage.setItem(THEME_STORAGE_KEY, 'light');
    expect(loadTheme(storage)).toBe('light');
    storage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(loadTheme(storage)).toBe('dark');
  });

  it('saves the choice and marks the page root', () => {
    const storage = new MemoryStorage();
    const root = fakeRoot();
    applyTheme('light', root as unknown as HTMLElement, storage);
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root.dataset.theme).toBe('light');
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
    applyTheme(toggleTheme('light'), root as unknown as HTMLElement, storage);
    expect(root.classList.contains('dark')).toBe(true);
    expect(loadTheme(storage)).toBe('dark');
  });
});

describe('theme in the page (jsdom)', () => {
  it('reads and writes the real local storage and page root', () => {
    const root = document.documentElement;
    expect(loadTheme(localStorage)).toBe('dark');
    applyTheme('light', root, localStorage);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root).toHaveClass('light');
    expect(root).not.toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(loadTheme(localStorage)).toBe('light');

    applyTheme(toggleTheme(loadTheme(localStorage)), root, localStorage);
    expect(root).toHaveClass('dark');
    expect(root).not.toHaveClass('light');
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('toggles between the two themes', () => {
    expect(toggleTheme('dark')).toBe('light');
    expect(toggleTheme('light')).toBe('dark');
  });

  it('works without storage (private mode): the marker is still set', () => {
    const root = document.createElement('html');
    applyTheme('dark', root, undefined);
    expect(root.dataset.theme).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
  });
});
