import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type ActionImpl,
  type Action as KBarAction,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarProvider,
  KBarResults,
  KBarSearch,
  useKBar,
  useMatches,
  useRegisterActions,
  VisualState,
} from 'kbar';
import { CornerDownLeft, FolderOpen, Search } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { type ActionContext, SECTIONS } from '../actions/action.js';
import type { RegisteredAction } from '../actions/registry.js';
import { SCOPES } from '../actions/scopes.js';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { Kbd } from '../ui/card.js';
import { cx } from '../ui/cx.js';
import { shortcutLabel, useActionContext, useRunAction } from './use-action.js';

export const NO_COMMANDS = 'No commands found';
const RECENT_SECTION = 'Recent';
const GOTO_SECTION = 'Go to';
const ELSEWHERE_SECTION = 'On other pages';
const RECENT_PREFIX = 'recent:';
const GOTO_PREFIX = 'goto:';
const ELSEWHERE_PREFIX = 'elsewhere:';

/** Section priorities: recent first, then UI.md's order; kbar sorts higher first. */
function sectionPriority(name: string): number {
  if (name === RECENT_SECTION) return 1_000;
  // Found projects come after the commands that match the same words, other pages' commands last.
  if (name === GOTO_SECTION) return 100;
  if (name === ELSEWHERE_SECTION) return 50;
  const index = (SECTIONS as readonly string[]).indexOf(name);
  return index === -1 ? 0 : 900 - index * 10;
}

const actionId = (entryId: string) => entryId.replace(RECENT_PREFIX, '').replace(ELSEWHERE_PREFIX, '');

/**
 * Chosen while on another page: says where it works, with a way there (the palette lists every
 * action from the first load; one that belongs to another page is shown, not run).
 */
function explainElsewhere(action: RegisteredAction, context: ActionContext): void {
  const scope = SCOPES[action.scope ?? 'global'];
  const page = 'page' in scope ? scope.page : undefined;
  const there = page === undefined ? undefined : context.services.registry.get(`nav.${page}`);
  context.services.toasts.show({
    type: 'info',
    title: `${action.label} is not on this page`,
    message:
      context.projectId === null
        ? `Where it works: ${scope.label}, in a project. Open a project first.`
        : `Where it works: ${scope.label}.`,
    ...(there && context.projectId !== null
      ? { action: { label: there.label, onClick: () => void there.perform(context) } }
      : {}),
  });
}

/**
 * The registry's actions as kbar actions: the available ones in their sections, the recent ones
 * repeated on top, and the ones that belong to other pages (shown once the user types, not run).
 */
function useRegistryActions(): KBarAction[] {
  const context = useActionContext();
  const { registry, recent: recentStore } = context.services;
  const run = useRunAction();
  const version = useStore(registry.version);
  const recent = useStore(recentStore.store);
  const actions = useMemo(() => {
    void version;
    const all = registry.all();
    const available = all.filter((action) => registry.isAvailable(action, context));
    const elsewhere = all.filter((action) => !registry.appliesHere(action, context));
    const toKbar = (id: string, section: string) => {
      const action = registry.get(actionId(id));
      if (!action) return null;
      const away = section === ELSEWHERE_SECTION;
      const subtitle = away ? `Not on this page · ${SCOPES[action.scope ?? 'global'].label}` : action.hint;
      return {
        id,
        name: action.label,
        keywords: [action.hint ?? '', ...(action.keywords ?? [])].join(' '),
        ...(subtitle ? { subtitle } : {}),
        section: { name: section, priority: sectionPriority(section) },
        shortcut: [],
        perform: () => {
          if (away) explainElsewhere(action, context);
          else run(action.id, context);
        },
      } satisfies KBarAction;
    };
    const availableIds = new Set(available.map((action) => action.id));
    const recentEntries = recent
      .filter((id) => availableIds.has(id))
      .map((id) => toKbar(`${RECENT_PREFIX}${id}`, RECENT_SECTION));
    return [
      ...recentEntries,
      ...available.map((action) => toKbar(action.id, action.section)),
      ...elsewhere.map((action) => toKbar(`${ELSEWHERE_PREFIX}${action.id}`, ELSEWHERE_SECTION)),
    ].filter((entry): entry is NonNullable<typeof entry> => entry !== null);
  }, [registry, context, run, version, recent]);
  // Pages' state changes often (a selection, a take, a live update): kbar is handed a new list only
  // when what it shows changes, so the active entry and the results stay put while the user types.
  const stable = useRef<{ context: ActionContext; key: string; actions: KBarAction[] } | null>(null);
  const key = actions.map((entry) => `${entry.id}\t${entry.name}\t${entry.subtitle ?? ''}`).join('\n');
  if (stable.current?.context !== context || stable.current.key !== key) {
    stable.current = { context, key, actions };
  }
  return stable.current.actions;
}

/** "Go to …" entries for the user's projects (kbar's dynamic actions). */
function ProjectEntries() {
  const { client } = useServices();
  const navigate = useNavigate();
  const { data } = useQuery(queries.projects(client));
  const actions = useMemo<KBarAction[]>(
    () =>
      (data ?? []).map((project) => ({
        id: `${GOTO_PREFIX}project:${project.id}`,
        name: `Go to ${project.name}`,
        keywords: `project open ${project.name}`,
        subtitle: `${project.shotCount} shots`,
        section: { name: GOTO_SECTION, priority: sectionPriority(GOTO_SECTION) },
        icon: <FolderOpen size={14} aria-hidden="true" />,
        perform: () => void navigate({ to: '/project/$projectId', params: { projectId: project.id } }),
      })),
    [data, navigate],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

/** Hands kbar's toggle to the palette.open action, and mirrors kbar's open state into the app's UI state. */
function PaletteBridge() {
  const { ui } = useServices();
  const { query, visualState } = useKBar((state) => ({ visualState: state.visualState }));
  useEffect(() => {
    const previous = { ...ui.palette };
    ui.palette.toggle = () => query.toggle();
    ui.palette.open = () => query.setVisualState(VisualState.animatingIn);
    // Asked for before the palette's code had arrived: open now.
    if (ui.store.get().paletteOpen) query.setVisualState(VisualState.animatingIn);
    return () => {
      Object.assign(ui.palette, previous);
    };
  }, [ui, query]);
  useEffect(() => {
    const showing = visualState === VisualState.showing || visualState === VisualState.animatingIn;
    if (ui.store.get().paletteOpen !== showing) ui.patch({ paletteOpen: showing });
  }, [visualState, ui]);
  return null;
}

function ResultItem({ item, active }: { item: ActionImpl; active: boolean }) {
  const services = useServices();
  const shortcut = shortcutLabel(services.registry.get(actionId(item.id)));
  const away = item.id.startsWith(ELSEWHERE_PREFIX);
  return (
    <div
      className={cx('palette__item', active && 'is-active', away && 'is-elsewhere')}
      aria-disabled={away || undefined}
    >
      {item.icon ? <span className="palette__item-icon">{item.icon}</span> : null}
      <span className="palette__item-label">{item.name}</span>
      {item.subtitle ? <span className="palette__item-hint">{item.subtitle}</span> : null}
      <span className="palette__item-end">
        {shortcut ? <Kbd>{shortcut}</Kbd> : null}
        {active ? <CornerDownLeft size={14} aria-hidden="true" className="palette__enter" /> : null}
      </span>
    </div>
  );
}

function Results() {
  const { results } = useMatches();
  const { search } = useKBar((state) => ({ search: state.searchQuery }));
  // Project entries and other pages' commands only when the user types; recent ones only before.
  const shown = useMemo(() => {
    const typed = search.trim() !== '';
    const filtered = results.filter((item) => {
      if (typeof item === 'string') return true;
      if (item.id.startsWith(GOTO_PREFIX) || item.id.startsWith(ELSEWHERE_PREFIX)) return typed;
      if (item.id.startsWith(RECENT_PREFIX)) return !typed;
      return true;
    });
    // Drop section headers left without items.
    return filtered.filter(
      (item, index) => typeof item !== 'string' || typeof filtered[index + 1] === 'object',
    );
  }, [results, search]);
  // kbar's results scroll: let keyboard and assistive technology reach the scrolling region too.
  useEffect(() => {
    const region = document.getElementById('kbar-listbox')?.parentElement;
    if (region && region.tabIndex < 0) {
      region.tabIndex = 0;
      region.setAttribute('role', 'group');
      region.setAttribute('aria-label', 'Commands');
    }
  });
  if (shown.length === 0) {
    return (
      <p className="palette__empty" role="status">
        {NO_COMMANDS}
      </p>
    );
  }
  return (
    <KBarResults
      items={shown}
      maxHeight={420}
      onRender={({ item, active }) =>
        typeof item === 'string' ? (
          <div className="palette__section">{item}</div>
        ) : (
          <ResultItem item={item} active={active} />
        )
      }
    />
  );
}

/**
 * The palette is modal: while it is shown its search field keeps the focus. Something else taking
 * it as the palette opens (an editor or grid focusing itself after a render, a dialog closing and
 * handing focus back to its trigger) would leave the field on screen but deaf to the keys typed.
 * Not while it animates out: a command it ran may be opening a dialog that takes the focus; and
 * never against another open dialog's own focus trap.
 */
function useModalFocus(dialog: RefObject<HTMLDivElement | null>) {
  const { visualState } = useKBar((state) => ({ visualState: state.visualState }));
  const modal = visualState === VisualState.showing || visualState === VisualState.animatingIn;
  useEffect(() => {
    if (!modal) return;
    const field = () => dialog.current?.querySelector<HTMLInputElement>('input.palette__input') ?? null;
    const reclaim = () => {
      const active = document.activeElement;
      if (dialog.current?.contains(active)) return;
      // An open dialog under the palette traps the focus too: never pull against it (no focus ping-pong).
      if (active?.closest('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'))
        return;
      field()?.focus();
    };
    // Focus that leaves for nothing (its element removed, a blur()) fires no focusin: look again after it.
    const left = (event: FocusEvent) => {
      if (event.relatedTarget === null) queueMicrotask(reclaim);
    };
    reclaim();
    document.addEventListener('focusin', reclaim);
    document.addEventListener('focusout', left);
    return () => {
      document.removeEventListener('focusin', reclaim);
      document.removeEventListener('focusout', left);
    };
  }, [modal, dialog]);
}

function PaletteView() {
  const { ui } = useServices();
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog);
  return (
    <KBarPortal>
      <KBarPositioner className="palette-scrim">
        <KBarAnimator className="palette">
          <div
            ref={dialog}
            role="dialog"
            aria-modal="true"
            aria-label="Command palette"
            className="palette__dialog"
            onKeyDown={(event) => {
              // The palette keeps focus in its search field: Tab does not leave the dialog.
              if (event.key === 'Tab') event.preventDefault();
            }}
          >
            <div className="palette__search">
              <Search size={16} aria-hidden="true" />
              <KBarSearch
                className="palette__input"
                onFocus={(event) => ui.paletteKeys.deliver(event.currentTarget)}
                defaultPlaceholder="Search or run a command…"
                aria-label="Search or run a command"
              />
              <Kbd>Esc</Kbd>
            </div>
            <Results />
            <footer className="palette__footer">
              <span>
                <Kbd>↑</Kbd>
                <Kbd>↓</Kbd> move
              </span>
              <span>
                <Kbd>Enter</Kbd> run
              </span>
              <span>
                <Kbd>Esc</Kbd> close
              </span>
            </footer>
          </div>
        </KBarAnimator>
      </KBarPositioner>
    </KBarPortal>
  );
}

/**
 * The command palette (kbar): every available registered action, recent ones first, and projects by
 * name. A self-contained island loaded after the page: palette.open asks for it through the UI state
 * and it opens itself once its code has arrived.
 */
export function Palette() {
  const actions = useRegistryActions();
  return (
    <KBarProvider
      actions={[]}
      options={{ animations: { enterMs: 0, exitMs: 80 }, disableScrollbarManagement: true }}
    >
      <RegisterLive actions={actions} />
      <ProjectEntries />
      <PaletteBridge />
      <PaletteView />
    </KBarProvider>
  );
}

/** KBarProvider reads `actions` once; later changes (page, availability, recents) register here. */
function RegisterLive({ actions }: { actions: KBarAction[] }) {
  useRegisterActions(actions, [actions]);
  return null;
}
