import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  AudioLines,
  Boxes,
  Clapperboard,
  FileText,
  Film,
  FolderOpen,
  GalleryHorizontalEnd,
  Images,
  LayoutDashboard,
  ListChecks,
  ListVideo,
  Palette,
  PanelLeftClose,
  PanelLeftOpen,
  Rows3,
  Scissors,
  SquareStack,
  Wand2,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { cx } from '../ui/cx.js';
import { Tooltip } from '../ui/tooltip.js';
import { useAction, useActionContext } from './use-action.js';

interface RailPage {
  page: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

export const PROJECT_PAGES: RailPage[] = [
  { page: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { page: 'script', label: 'Script', icon: FileText },
  { page: 'assets', label: 'Assets', icon: Boxes },
  { page: 'storyboard', label: 'Storyboard', icon: GalleryHorizontalEnd },
  { page: 'timeline', label: 'Timeline', icon: Rows3 },
  { page: 'shot-lab', label: 'Shot lab', icon: Wand2 },
  { page: 'shots', label: 'Shots', icon: ListVideo },
  { page: 'media', label: 'Media', icon: Images },
  { page: 'styles', label: 'Styles', icon: Palette },
  { page: 'audio', label: 'Audio', icon: AudioLines },
  { page: 'rough-cut', label: 'Rough cut', icon: Film },
  { page: 'edl', label: 'Cuts', icon: Scissors },
  { page: 'jobs', label: 'Jobs', icon: ListChecks },
];

function RailLink({
  to,
  label,
  icon: Icon,
  active,
  collapsed,
}: {
  to: string;
  label: string;
  icon: RailPage['icon'];
  active: boolean;
  collapsed: boolean;
}) {
  const link = (
    <Link
      to={to}
      className={cx('rail__link', active && 'is-active')}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
    >
      <Icon size={16} aria-hidden={true} />
      {collapsed ? null : <span>{label}</span>}
    </Link>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip content={label} side="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

function ProjectPages({
  projectId,
  pathname,
  collapsed,
}: {
  projectId: string;
  pathname: string;
  collapsed: boolean;
}) {
  const base = `/project/${projectId}`;
  return (
    <ul className="rail__list">
      {PROJECT_PAGES.map((item) => {
        const to = `${base}/${item.page}`;
        const active =
          pathname === to ||
          pathname.startsWith(`${to}/`) ||
          (item.page === 'dashboard' && (pathname === base || pathname === `${base}/`));
        return (
          <RailLink
            key={item.page}
            to={to}
            label={item.label}
            icon={item.icon}
            active={active}
            collapsed={collapsed}
          />
        );
      })}
    </ul>
  );
}

function ProjectList({ collapsed }: { collapsed: boolean }) {
  const { client } = useServices();
  const projects = useQuery(queries.projects(client));
  const series = useQuery(queries.series(client));
  if (collapsed) {
    return (
      <ul className="rail__list">
        <RailLink to="/" label="Projects" icon={Clapperboard} active collapsed />
      </ul>
    );
  }
  const recent = [...(projects.data ?? [])]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, 8);
  return (
    <>
      <ul className="rail__list">
        <RailLink to="/" label="All projects" icon={Clapperboard} active collapsed={false} />
      </ul>
      {recent.length > 0 ? (
        <>
          <h2 className="rail__heading">Recent</h2>
          <ul className="rail__list">
            {recent.map((project) => (
              <RailLink
                key={project.id}
                to={`/project/${project.id}`}
                label={project.name}
                icon={FolderOpen}
                active={false}
                collapsed={false}
              />
            ))}
          </ul>
        </>
      ) : null}
      {(series.data ?? []).length > 0 ? (
        <>
          <h2 className="rail__heading">Series</h2>
          <ul className="rail__list">
            {(series.data ?? []).map((entry) => (
              <li key={entry.id} className="rail__series">
                <SquareStack size={16} aria-hidden="true" />
                <span>{entry.name}</span>
                <span className="rail__count">{entry.projectCount ?? 0}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The left rail: a project's pages inside a project, projects and series on /. Collapses to icons. */
export function LeftRail() {
  const { ui } = useServices();
  const collapsed = useStore(ui.store, (state) => state.railCollapsed);
  const { projectId, pathname } = useActionContext();
  const toggle = useAction('view.toggleRail');
  return (
    <nav
      className={cx('rail', collapsed && 'is-collapsed')}
      aria-label={projectId ? 'Project pages' : 'Projects'}
    >
      <div className="rail__scroll">
        {projectId ? (
          <ProjectPages projectId={projectId} pathname={pathname} collapsed={collapsed} />
        ) : (
          <ProjectList collapsed={collapsed} />
        )}
      </div>
      <Tooltip content={toggle.label} side="right">
        <button
          type="button"
          className="rail__toggle btn btn--ghost btn--sm btn--icon"
          aria-label={toggle.label}
          onClick={toggle.run}
          data-action="view.toggleRail"
        >
          {collapsed ? (
            <PanelLeftOpen size={16} aria-hidden="true" />
          ) : (
            <PanelLeftClose size={16} aria-hidden="true" />
          )}
        </button>
      </Tooltip>
    </nav>
  );
}
