import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight, Clapperboard, Cloud, CloudOff, Moon, Search, Sun } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { SAVE_STATE_LABELS } from '../state/save-manager.js';
import { useStore } from '../state/store.js';
import { Kbd } from '../ui/card.js';
import { cx } from '../ui/cx.js';
import { Tooltip } from '../ui/tooltip.js';
import { ActivityBar } from './activity-bar.js';
import { shortcutLabel, useAction, useActionContext } from './use-action.js';

function Breadcrumb() {
  const { client } = useServices();
  const { projectId } = useActionContext();
  const project = useQuery(queries.project(client, projectId ?? ''));
  const series = useQuery({ ...queries.series(client), enabled: projectId !== null });
  const seriesName = series.data?.find((entry) => entry.id === project.data?.series_id)?.name;
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <Link to="/" className="breadcrumb__brand">
        <span className="brand-mark" aria-hidden="true">
          <Clapperboard size={15} />
        </span>
        Reelbench
      </Link>
      {seriesName ? (
        <>
          <ChevronRight size={14} className="breadcrumb__sep" aria-hidden="true" />
          <span className="breadcrumb__item">{seriesName}</span>
        </>
      ) : null}
      {projectId !== null ? (
        <>
          <ChevronRight size={14} className="breadcrumb__sep" aria-hidden="true" />
          <Link
            to="/project/$projectId"
            params={{ projectId }}
            className="breadcrumb__item breadcrumb__current"
            aria-current="page"
          >
            {project.data?.name ?? '…'}
          </Link>
        </>
      ) : null}
    </nav>
  );
}

function SaveIndicator() {
  const { saves, connection } = useServices();
  const state = useStore(saves.state);
  const socket = useStore(connection.state);
  const shown = socket === 'offline' && state !== 'saving' ? 'offline' : state;
  const Icon = shown === 'offline' ? CloudOff : Cloud;
  return (
    <output className={cx('save-state', `save-state--${shown}`)} aria-live="polite" data-save-state={shown}>
      <Icon size={14} aria-hidden="true" />
      {SAVE_STATE_LABELS[shown]}
    </output>
  );
}

function useThemeName() {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'dark');
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? 'dark'));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

function ThemeToggle() {
  const { run, label } = useAction('view.toggleTheme');
  const theme = useThemeName();
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className="btn btn--ghost btn--md btn--icon"
        aria-label={label}
        onClick={run}
        data-action="view.toggleTheme"
      >
        {theme === 'dark' ? <Sun size={16} aria-hidden="true" /> : <Moon size={16} aria-hidden="true" />}
      </button>
    </Tooltip>
  );
}

const AccountMenu = lazy(() =>
  import('./account-menu.js').then((module) => ({ default: module.AccountMenu })),
);

/**
 * The account button. The menu itself (Radix, with its positioning and scroll lock) loads the first
 * time it is opened; until then the button looks and reads the same.
 */
function UserMenu() {
  const { session } = useServices();
  const user = useStore(session.store, (state) => state.user);
  const [wanted, setWanted] = useState(false);
  const name = user?.username ?? 'Account';
  const face = (
    <>
      <span className="sr-only">Account: </span>
      <span className="avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-menu__name">{name}</span>
      <ChevronDown size={14} aria-hidden="true" />
    </>
  );
  const placeholder = (
    <button
      type="button"
      className="user-menu__trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setWanted(true);
        }
      }}
    >
      {face}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu face={face} email={user?.email} />
    </Suspense>
  );
}

export function TopBar() {
  const palette = useAction('palette.open');
  const { registry } = useServices();
  const shortcut = shortcutLabel(registry.get('palette.open')) ?? 'Ctrl+K';
  return (
    <header className="top-bar">
      <ActivityBar />
      <Breadcrumb />
      <button
        type="button"
        className="palette-button"
        onClick={palette.run}
        aria-keyshortcuts={shortcut}
        data-action="palette.open"
      >
        <Search size={14} aria-hidden="true" />
        <span>Search or run a command…</span>
        <Kbd>{shortcut.replace('+', ' ')}</Kbd>
      </button>
      <div className="top-bar__end">
        <SaveIndicator />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
