import type { ProjectListEntry } from '@reelbench/sdk';
import { Clock, Film, Layers } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef } from 'react';
import {
  formatAbsolute,
  formatDuration,
  formatRelative,
  initials,
  type ProjectGroup,
  plural,
  posterPalette,
} from '../../format/format.js';
import { cx } from '../../ui/cx.js';
import type { ProjectsView } from './projects-actions.js';

export interface ProjectBrowserProps {
  groups: readonly ProjectGroup[];
  view: ProjectsView;
  selectedId: string | null;
  onSelect: (projectId: string) => void;
  onOpen: (projectId: string) => void;
  now: number;
  /** Series names by id, for the series column of each entry. */
  seriesName: (seriesId: string | null) => string | undefined;
}

/** A poster: the project's thumbnail, or a generated one that is the same for the same project. */
export function ProjectPoster({
  project,
  size = 'large',
}: {
  project: ProjectListEntry;
  size?: 'large' | 'small';
}) {
  // The user's thumbnail, else the first framed shot (the server signs it with the list).
  const image = project.thumbnail ?? project.poster ?? null;
  if (image) {
    return (
      <span className={cx('project-poster', `project-poster--${size}`)}>
        <img src={image} alt="" loading="lazy" decoding="async" />
      </span>
    );
  }
  const { hue, hue2, angle } = posterPalette(project.id);
  return (
    <span
      className={cx('project-poster', 'project-poster--generated', `project-poster--${size}`)}
      style={{
        backgroundImage: `radial-gradient(120% 90% at 15% 10%, hsl(${hue} 55% 42% / 0.55), transparent 60%), linear-gradient(${angle}deg, hsl(${hue} 38% 16%), hsl(${hue2} 42% 9%))`,
      }}
      aria-hidden="true"
    >
      <span className="project-poster__initials">{initials(project.name)}</span>
    </span>
  );
}

/** The next item in a direction, by where items are on screen (rows of the grid, across groups). */
function spatialNeighbour(items: HTMLElement[], from: number, direction: 'up' | 'down'): number {
  const current = items[from]?.getBoundingClientRect();
  if (!current) return from;
  let best = -1;
  let bestRow = direction === 'down' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  let bestDistance = Number.POSITIVE_INFINITY;
  items.forEach((item, index) => {
    const rect = item.getBoundingClientRect();
    const below = rect.top > current.top + 1;
    const above = rect.top < current.top - 1;
    if ((direction === 'down' && !below) || (direction === 'up' && !above)) return;
    const row = Math.round(rect.top);
    const closerRow = direction === 'down' ? row < bestRow : row > bestRow;
    const distance = Math.abs(rect.left - current.left);
    if (closerRow || (row === bestRow && distance < bestDistance)) {
      best = index;
      bestRow = row;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * The projects as one listbox of options grouped by series, in a grid of posters or a dense list.
 * One option is in the tab order (roving tabindex); arrows move the selection, Home and End jump,
 * Enter or a double click opens.
 */
export function ProjectBrowser({
  groups,
  view,
  selectedId,
  onSelect,
  onOpen,
  now,
  seriesName,
}: ProjectBrowserProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  const flat = groups.flatMap((group) => group.projects);
  const selectedIndex = Math.max(
    0,
    flat.findIndex((project) => project.id === selectedId),
  );

  const items = useCallback(
    () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])],
    [],
  );

  // Focus follows the selection when the keyboard moved it.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const element = items()[selectedIndex];
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedIndex, items]);

  const move = (index: number) => {
    const target = flat[Math.min(flat.length - 1, Math.max(0, index))];
    if (!target) return;
    focusNext.current = true;
    if (target.id === selectedId) items()[selectedIndex]?.focus();
    else onSelect(target.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const from = flat.findIndex((project) => project.id === selectedId);
    const index = from === -1 ? 0 : from;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (from === -1) move(0);
        else if (view === 'grid') {
          const next = spatialNeighbour(items(), index, 'down');
          move(next === -1 ? index : next);
        } else move(index + 1);
        break;
      case 'ArrowUp':
        if (view === 'grid') {
          const next = spatialNeighbour(items(), index, 'up');
          move(next === -1 ? index : next);
        } else move(index - 1);
        break;
      case 'ArrowRight':
        if (view === 'grid') move(from === -1 ? 0 : index + 1);
        else handled = false;
        break;
      case 'ArrowLeft':
        if (view === 'grid') move(index - 1);
        else handled = false;
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(flat.length - 1);
        break;
      case 'Enter': {
        const project = flat[index];
        if (project) onOpen(project.id);
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label="Projects"
      aria-orientation={view === 'list' ? 'vertical' : undefined}
      className={cx('project-browser', `project-browser--${view}`)}
      onKeyDown={onKeyDown}
      data-view={view}
    >
      {groups.map((group) => {
        const headingId = `${baseId}-${group.id}`;
        const runtime = group.projects.reduce((sum, project) => sum + project.duration, 0);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not a form fieldset
          <div key={group.id} role="group" aria-labelledby={headingId} className="project-group">
            <div className="project-group__header" aria-hidden="true">
              <span id={headingId} className="project-group__title">
                {group.series ? <Layers size={13} aria-hidden="true" /> : null}
                {group.title}
              </span>
              <span className="project-group__meta mono">
                {plural(group.projects.length, 'project')} · {formatDuration(runtime)}
              </span>
            </div>
            <div className={view === 'grid' ? 'project-grid' : 'project-list'}>
              {group.projects.map((project) => {
                const index = flat.indexOf(project);
                const selected = project.id === selectedId;
                const series = seriesName(project.series_id);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys of its options
                  <div
                    key={project.id}
                    role="option"
                    id={`${baseId}-option-${project.id}`}
                    aria-selected={selected}
                    tabIndex={index === selectedIndex ? 0 : -1}
                    className={cx('project-item', `project-item--${view}`, selected && 'is-selected')}
                    data-project-id={project.id}
                    onClick={() => onSelect(project.id)}
                    onDoubleClick={() => onOpen(project.id)}
                    onFocus={() => {
                      if (!selected) onSelect(project.id);
                    }}
                  >
                    <ProjectPoster project={project} size={view === 'grid' ? 'large' : 'small'} />
                    <span className="project-item__body">
                      <span className="project-item__name">{project.name}</span>
                      <span className="project-item__logline">
                        {project.description?.trim() || (
                          <span className="project-item__empty">No logline</span>
                        )}
                      </span>
                    </span>
                    <span className="project-item__series">
                      {series ? (
                        <>
                          <Layers size={12} aria-hidden="true" />
                          {series}
                        </>
                      ) : (
                        <span className="project-item__empty">No series</span>
                      )}
                    </span>
                    <span className="project-item__stat mono" title="Shots">
                      <Film size={12} aria-hidden="true" />
                      {view === 'grid' ? plural(project.shotCount, 'shot') : project.shotCount}
                      {view === 'list' ? <span className="sr-only"> shots</span> : null}
                    </span>
                    <span className="project-item__stat mono" title="Running time">
                      <Clock size={12} aria-hidden="true" />
                      <span className="sr-only">Running time </span>
                      {formatDuration(project.duration)}
                    </span>
                    <time
                      className="project-item__updated"
                      dateTime={project.updated_at}
                      title={`Updated ${formatAbsolute(project.updated_at)}`}
                    >
                      <span className="sr-only">Updated </span>
                      {formatRelative(project.updated_at, now)}
                    </time>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
