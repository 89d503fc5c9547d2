/** Theme state (SPEC.md §4): dark unless a saved light preference exists; saved in local storage. */

export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'reelbench-theme';

interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadTheme(storage: ThemeStorage | undefined): Theme {
  return storage?.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

/** Saves the choice and sets the marker on the page root (a class and a data attribute). */
export function applyTheme(theme: Theme, root: HTMLElement, storage: ThemeStorage | undefined): void {
  storage?.setItem(THEME_STORAGE_KEY, theme);
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.dataset.theme = theme;
}

export function toggleTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}
