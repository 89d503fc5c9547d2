import type { ProjectListEntry } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  Clapperboard,
  CloudOff,
  FolderInput,
  FolderOpen,
  LayoutGrid,
  List,
  Pencil,
  Plus,
  RefreshCw,
  Search,
  SearchX,
  Trash2,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { projectTarget } from '../../actions/project-actions.js';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { filterProjects, formatDuration, groupBySeries, plural, spoken } from '../../format/format.js';
import { useNow } from '../../format/use-now.js';
import { DeleteProjectModal, MoveToSeriesModal, RenameProjectModal } from '../../projects/project-dialogs.js';
import { ActionButton, ActionIconButton } from '../../shell/action-button.js';
import { shortcutLabel } from '../../shell/use-action.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { EmptyState, Kbd, Skeleton } from '../../ui/card.js';
import { Input } from '../../ui/fields.js';
import { PageHeader } from '../../ui/page-header.js';
import { ProjectBrowser } from './project-browser.js';
import { projectsPageState } from './projects-actions.js';
import '../../styles/pages.css';

type Dialog = { kind: 'rename' | 'delete' | 'move'; project: ProjectListEntry } | null;

function ProjectsSkeleton() {
  return (
    <div className="project-browser project-browser--grid" aria-hidden="true">
      <div className="project-group">
        <div className="project-group__header">
          <Skeleton width={120} height={12} />
        </div>
        <div className="project-grid">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <div key={key} className="project-item project-item--grid project-item--skeleton">
              <Skeleton className="project-poster project-poster--large" height="auto" />
              <Skeleton width="60%" height={14} />
              <Skeleton width="90%" height={11} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** `/`: the user's projects by series, as posters or a dense list, driven by the keyboard. */
export function ProjectsPage() {
  const services = useServices();
  const { client, registry } = services;
  const state = projectsPageState(services);
  const navigate = useNavigate();
  const open = (projectId: string) => void navigate({ to: '/project/$projectId', params: { projectId } });

  const view = useStore(state.view);
  const selectedId = useStore(state.selected);
  const now = useNow();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  // The list carries what other pages change without telling it (shot counts, running time, the
  // poster frame): shown from the cache at once, and asked for again each time the page opens.
  const projects = useQuery({ ...queries.projects(client), refetchOnMount: 'always' });
  const series = useQuery(queries.series(client));

  const seriesById = useMemo(
    () => new Map((series.data ?? []).map((entry) => [entry.id, entry])),
    [series.data],
  );
  const seriesName = (id: string | null) => (id ? seriesById.get(id)?.name : undefined);
  const all = projects.data ?? [];
  const visible = filterProjects(all, query, seriesName);
  const groups = groupBySeries(visible, series.data ?? []);
  const ordered = groups.flatMap((group) => group.projects);
  const selected = ordered.find((project) => project.id === selectedId) ?? null;

  // The selection always names a visible project while there is one.
  useEffect(() => {
    if (ordered.length === 0) {
      if (state.selected.get() !== null) state.selected.set(null);
      return;
    }
    if (!ordered.some((project) => project.id === state.selected.get())) {
      state.selected.set(ordered[0]?.id ?? null);
    }
  });

  const openDialog = (kind: 'rename' | 'delete' | 'move', project: ProjectListEntry) => () =>
    setDialog({ kind, project });
  usePageContext(editContext, {
    searchField: () => filterRef.current,
    ...(selected ? { deleteSelection: openDialog('delete', selected) } : {}),
  });
  usePageContext(
    projectTarget,
    selected
      ? {
          rename: openDialog('rename', selected),
          moveToSeries: openDialog('move', selected),
          delete: openDialog('delete', selected),
        }
      : null,
  );

  const focusSelected = () =>
    document.querySelector<HTMLElement>('.project-browser [role="option"][tabindex="0"]')?.focus();
  const closeDialog = () => setDialog(null);
  const searchKey = shortcutLabel(registry.get('search.focus'));
  const paletteKey = shortcutLabel(registry.get('palette.open'));
  const totalRuntime = all.reduce((sum, project) => sum + project.duration, 0);
  const totalShots = all.reduce((sum, project) => sum + project.shotCount, 0);

  return (
    <div className="page projects-page">
      <PageHeader
        title="Projects"
        subtitle={
          projects.isPending ? (
            'Loading your projects…'
          ) : all.length === 0 ? (
            'Films, episodes and spots you make live here.'
          ) : (
            <>
              {plural(all.length, 'project')} · {plural(series.data?.length ?? 0, 'series', 'series')} ·{' '}
              {plural(totalShots, 'shot')} · <span className="mono">{formatDuration(totalRuntime)}</span> in
              all
            </>
          )
        }
        actions={<ActionButton actionId="project.new" variant="primary" icon={Plus} />}
      />

      {projects.isPending || all.length > 0 ? (
        <div className="projects-toolbar">
          <div className="search-field">
            <Search size={14} className="search-field__icon" aria-hidden="true" />
            <Input
              ref={filterRef}
              type="search"
              className="search-field__input"
              aria-label="Filter projects"
              placeholder="Filter by name, logline or series"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.nativeEvent.isComposing)) {
                  event.preventDefault();
                  if (event.key === 'Enter' && selected) open(selected.id);
                  else focusSelected();
                } else if (event.key === 'Escape' && query !== '') {
                  event.preventDefault();
                  setQuery('');
                }
              }}
            />
            {searchKey ? <Kbd>{searchKey}</Kbd> : null}
          </div>
          <div className="selection-bar" role="toolbar" aria-label="Selected project">
            {selected ? (
              <>
                <span className="selection-bar__name" title={selected.name}>
                  {selected.name}
                </span>
                <ActionIconButton actionId="projects.open" icon={FolderOpen} />
                <ActionIconButton actionId="project.rename" icon={Pencil} />
                <ActionIconButton actionId="project.moveToSeries" icon={FolderInput} />
                <ActionIconButton actionId="project.delete" icon={Trash2} className="btn--danger-ghost" />
              </>
            ) : null}
          </div>
          <div className="segmented" role="toolbar" aria-label="Layout">
            <ActionIconButton
              actionId="projects.viewGrid"
              icon={LayoutGrid}
              aria-pressed={view === 'grid'}
              className={view === 'grid' ? 'is-on' : undefined}
            />
            <ActionIconButton
              actionId="projects.viewList"
              icon={List}
              aria-pressed={view === 'list'}
              className={view === 'list' ? 'is-on' : undefined}
            />
          </div>
        </div>
      ) : null}

      {projects.isPending ? (
        <ProjectsSkeleton />
      ) : projects.isError && projects.data === undefined ? (
        <EmptyState
          icon={CloudOff}
          title="Could not load your projects"
          actions={<ActionButton actionId="projects.reload" variant="primary" icon={RefreshCw} />}
        >
          {errorBody(projects.error)}
        </EmptyState>
      ) : all.length === 0 ? (
        <EmptyState
          icon={Clapperboard}
          title={`No projects yet — New Project · ${spoken(paletteKey)}`}
          actions={<ActionButton actionId="project.new" variant="primary" icon={Plus} />}
        >
          A project holds one film, episode or spot: its script, shots, assets and renders.
        </EmptyState>
      ) : ordered.length === 0 ? (
        <EmptyState icon={SearchX} title="No project matches the filter">
          Nothing is named or described like “{query.trim()}”. Escape in the filter clears it.
        </EmptyState>
      ) : (
        <>
          <div className={view === 'list' ? 'project-table' : 'project-posters'}>
            {view === 'list' ? (
              <div className="project-list-header" aria-hidden="true">
                <span />
                <span>Name</span>
                <span>Series</span>
                <span>Shots</span>
                <span>Runtime</span>
                <span>Updated</span>
              </div>
            ) : null}
            <ProjectBrowser
              groups={groups}
              view={view}
              selectedId={selected?.id ?? null}
              onSelect={(id) => state.selected.set(id)}
              onOpen={open}
              now={now}
              seriesName={seriesName}
            />
          </div>
          <p className="projects-page__hint">
            <Kbd>↑</Kbd>
            <Kbd>↓</Kbd>
            {view === 'grid' ? (
              <>
                <Kbd>←</Kbd>
                <Kbd>→</Kbd>
              </>
            ) : null}{' '}
            move · <Kbd>Enter</Kbd> open · <Kbd>Del</Kbd> delete ·{' '}
            {paletteKey ? <Kbd>{paletteKey}</Kbd> : null} rename or move to a series
          </p>
        </>
      )}

      <RenameProjectModal project={dialog?.kind === 'rename' ? dialog.project : null} onClose={closeDialog} />
      <MoveToSeriesModal project={dialog?.kind === 'move' ? dialog.project : null} onClose={closeDialog} />
      <DeleteProjectModal
        project={dialog?.kind === 'delete' ? dialog.project : null}
        onClose={closeDialog}
        onDeleted={(id) => {
          // The selection moves to the neighbour, and the focus follows once the dialog has closed.
          const index = ordered.findIndex((project) => project.id === id);
          const neighbour = ordered[index + 1] ?? ordered[index - 1];
          state.selected.set(neighbour?.id ?? null);
          setTimeout(() => {
            if (document.activeElement === document.body || document.activeElement === null) focusSelected();
          }, 50);
        }}
      />
    </div>
  );
}
