import { applyTheme, loadTheme, toggleTheme } from '../theme.js';
import { defineActions, hasProject } from './action.js';

/** The theme and the shell's collapsible panels. */
export const viewActions = defineActions([
  {
    id: 'view.toggleTheme',
    label: 'Toggle Light/Dark Theme',
    section: 'View',
    keywords: ['theme', 'dark mode', 'light mode', 'appearance'],
    perform: () =>
      applyTheme(
        toggleTheme(loadTheme(globalThis.localStorage)),
        document.documentElement,
        globalThis.localStorage,
      ),
  },
  {
    id: 'view.toggleRail',
    label: 'Toggle Sidebar',
    section: 'View',
    keywords: ['rail', 'navigation', 'collapse'],
    perform: ({ services: { ui } }) => ui.patch({ railCollapsed: !ui.store.get().railCollapsed }),
  },
  {
    id: 'view.toggleInspector',
    label: 'Toggle Inspector',
    section: 'View',
    keywords: ['details', 'panel', 'collapse'],
    available: hasProject,
    perform: ({ services: { ui } }) => ui.patch({ inspectorCollapsed: !ui.store.get().inspectorCollapsed }),
  },
  {
    id: 'view.toggleStatusLine',
    label: 'Toggle Status Line',
    section: 'View',
    keywords: ['footer', 'socket', 'collapse'],
    perform: ({ services: { ui } }) => ui.patch({ statusLineCollapsed: !ui.store.get().statusLineCollapsed }),
  },
]);
