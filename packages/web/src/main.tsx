import '@fontsource-variable/inter/wght.css';
import '@fontsource/jetbrains-mono/latin-400.css';
import './styles/tokens.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createServices } from './app/services.js';
import { App } from './app.js';
import { applyTheme, loadTheme } from './theme.js';

// Forced dark at start-up unless a light preference was saved (SPEC.md §1, §4).
applyTheme(loadTheme(globalThis.localStorage), document.documentElement, globalThis.localStorage);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <App services={createServices()} />
  </StrictMode>,
);
