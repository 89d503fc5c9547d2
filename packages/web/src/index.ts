export * from './actions/registry.js';
export * from './actions/shortcuts.js';
export * from './keyboard/shortcut.js';
export * from './theme.js';
