import { type ActionDefinition, defineActions, projectPath } from './action.js';

/** Go to a page of the current project (SPEC.md §2); with no current project, to /. */
function go(page: string, label: string, keywords: string[] = []): ActionDefinition {
  return {
    id: `nav.${page}`,
    label,
    section: 'Navigation',
    keywords: ['go', 'open', ...keywords],
    perform: (context) => context.navigate(projectPath(context, page)),
  };
}

/**
 * Navigation. Commands whose page SPEC.md lists as absent land where UI.md says: storyboard and
 * editor are product routes, project settings opens the dashboard's settings panel, repository
 * settings the publishing panel of the repository page.
 */
export const navigationActions = defineActions([
  {
    id: 'nav.home',
    label: 'Go to Projects',
    section: 'Navigation',
    keywords: ['home', 'projects', 'all projects'],
    binding: 'Mod+Shift+H',
    perform: ({ navigate }) => navigate('/'),
  },
  {
    id: 'nav.projectSettings',
    label: 'Project Settings',
    section: 'Navigation',
    keywords: ['settings', 'rename', 'description', 'series'],
    perform: (context) =>
      context.navigate(
        context.projectId === null ? '/' : `${projectPath(context, 'dashboard')}?panel=settings`,
      ),
  },
  go('dashboard', 'Go to Dashboard', ['overview', 'pipeline']),
  go('script', 'Go to Script', ['screenplay', 'fountain', 'write']),
  go('assets', 'Go to Assets', ['characters', 'locations', 'props', 'cast']),
  go('storyboard', 'Go to Storyboard', ['frames', 'board']),
  go('editor', 'Go to Editor', ['cut', 'edit', 'transitions']),
  go('timeline', 'Go to Timeline', ['tracks', 'playback']),
  go('shot-lab', 'Go to Shot Lab', ['composition', 'canvas']),
  go('shots', 'Go to Shot List', ['table', 'shots']),
  go('media', 'Go to Media', ['images', 'videos', 'renders']),
  go('styles', 'Go to Styles', ['style packages', 'look']),
  go('jobs', 'Go to Jobs', ['queue', 'renders', 'progress']),
  go('audio', 'Go to Audio', ['soundtrack', 'music']),
  go('rough-cut', 'Go to Rough Cut', ['play', 'cut', 'review']),
  go('edl', 'Go to Cuts', ['edl', 'versions', 'export', 'otio', 'fcpxml', 'pdf']),
  {
    id: 'nav.repositorySettings',
    label: 'Repository Settings',
    section: 'Navigation',
    keywords: ['publish', 'repository', 'share assets'],
    perform: (context) =>
      context.navigate(
        context.projectId === null ? '/' : `/repository/${context.projectId}?panel=publishing`,
      ),
  },
]);
