import type { JobAcceptedReply } from '@reelbench/sdk';
import { TOASTS } from '@reelbench/sdk';
import type { PageCommandId } from '../app/page-commands.js';
import { queryKeys } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { printPath } from '../pages/storyboard/print/print-actions.js';
import type { ShotListData } from '../shots/editor.js';
import type { ShotWithStaleness } from '../shots/model.js';
import { errorBody } from '../state/errors.js';
import { applyTheme, loadTheme, toggleTheme } from '../theme.js';
import type { ActionContext, ActionDefinition } from './registry.js';
import { SHORTCUT_SPECS, type ShortcutSpec } from './shortcuts.js';

export interface ActionEnv {
  services: AppServices;
  navigate: (to: string) => void;
}

/** Palette sections, in the order UI.md gives (the selection's own actions come first). */
export const SECTIONS = {
  selection: 'Selection',
  navigation: 'Navigation',
  project: 'Project',
  shots: 'Shots',
  generation: 'Generation',
  assets: 'Assets',
  edit: 'Edit',
  view: 'View',
  timeline: 'Timeline',
  storyboard: 'Storyboard',
  help: 'Help',
} as const;
export const SECTION_ORDER: readonly string[] = Object.values(SECTIONS);

const hasProject = (context: ActionContext) => context.projectId !== null;

function spec(id: string): ShortcutSpec {
  const found = SHORTCUT_SPECS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No shortcut spec ${id}`);
  return found;
}

/** A shortcut of SPEC.md §9 with what it does here; its binding and scope come from SHORTCUT_SPECS. */
function bound(
  id: string,
  perform: ActionDefinition['perform'],
  extra: Partial<Omit<ActionDefinition, 'id' | 'perform' | 'binding'>> = {},
): ActionDefinition {
  const base = spec(id);
  const available = extra.available ?? base.available;
  return { ...base, ...extra, ...(available ? { available } : {}), id, perform };
}

function projectPath(context: ActionContext, page: string): string {
  return context.projectId === null ? '/' : `/project/${context.projectId}/${page}`;
}

/** The page decides what these do (undo on the timeline, zoom on the storyboard…). */
/** Move Scene Earlier / Later on the timeline: each direction's label, word and key. */
const SCENE_MOVES = [
  { id: 'scene.moveEarlier', label: 'Move Scene Earlier', way: 'left', binding: 'Alt+ArrowUp' },
  { id: 'scene.moveLater', label: 'Move Scene Later', way: 'right', binding: 'Alt+ArrowDown' },
] as const;

function pageCommand(
  env: ActionEnv,
  id: PageCommandId,
  section: string,
  extra: Partial<ActionDefinition> = {},
): ActionDefinition {
  const { commands } = env.services;
  const base = SHORTCUT_SPECS.find((candidate) => candidate.id === id);
  return {
    ...(base ?? { label: extra.label ?? id }),
    ...extra,
    id,
    section,
    available: (context) =>
      commands.has(id) && (base?.available?.(context) ?? true) && (extra.available?.(context) ?? true),
    perform: () => void commands.run(id),
  };
}

async function startBatch(
  env: ActionEnv,
  context: ActionContext,
  label: string,
  start: (projectId: string) => Promise<JobAcceptedReply>,
): Promise<void> {
  const { services, navigate } = env;
  if (context.projectId === null) return;
  try {
    const reply = await services.activity.track(start(context.projectId));
    services.jobs.add(reply.job, reply.counts);
    services.toasts.show({
      type: 'info',
      title: `${label} started`,
      message: 'Progress shows in the status line and on the jobs page.',
      action: { label: 'Open jobs', onClick: () => navigate(projectPath(context, 'jobs')) },
    });
  } catch (error) {
    services.toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}

/**
 * Create Cast from Script (with or without their default images); the work loads with its first use,
 * so the palette's entry costs the shell nothing.
 */
function castCommand(env: ActionEnv, generate: boolean): ActionDefinition {
  return {
    id: generate ? 'assets.createCastWithImages' : 'assets.createCast',
    label: generate ? 'Create Cast from Script with Images' : 'Create Cast from Script',
    section: SECTIONS.assets,
    keywords: [
      'characters',
      'locations',
      'props',
      'cast',
      'missing assets',
      ...(generate ? ['generate'] : []),
    ],
    hint: generate
      ? 'Also render their default images, as one job'
      : 'An asset for every character, location and prop the script names, placed on the shots',
    available: hasProject,
    perform: async (context) => {
      if (context.projectId === null) return;
      const { createCastFromScript } = await import('../pages/dashboard/create-cast.js');
      await createCastFromScript(env.services, context.projectId, generate);
    },
  };
}

/**
 * How many of the project's shots a `staleOnly` batch of this kind would render (the server picks the
 * shots whose image or video is missing or made from other inputs than the shot's current ones), from
 * the shots in the cache; null when they are not loaded (the server decides).
 */
export function staleShotCount(
  services: Pick<AppServices, 'queryClient'>,
  projectId: string,
  kind: 'image' | 'video',
) {
  const data = services.queryClient.getQueryData<ShotListData>(queryKeys.shots(projectId));
  if (data === undefined) return null;
  return data.shots.filter((shot: ShotWithStaleness) =>
    kind === 'image'
      ? !shot.image_url || shot.image_stale === true
      : !shot.video_url || shot.video_stale === true,
  ).length;
}

function renderStale(env: ActionEnv, kind: 'image' | 'video'): ActionDefinition {
  const { services } = env;
  const label = kind === 'image' ? 'Render Stale Images' : 'Render Stale Videos';
  const count = (context: ActionContext) =>
    context.projectId === null ? 0 : staleShotCount(services, context.projectId, kind);
  return {
    id: kind === 'image' ? 'generate.renderStaleImages' : 'generate.renderStaleVideos',
    label,
    section: SECTIONS.generation,
    keywords: [
      'stale',
      'changed',
      'out of date',
      'missing',
      kind === 'image' ? 'frames' : 'animatics',
      'batch',
    ],
    available: (context) => hasProject(context) && count(context) !== 0,
    unavailableReason: (context) =>
      hasProject(context) ? `every shot's ${kind} is rendered and up to date` : 'open a project first',
    perform: (context) => startRenderBatch(env, context, label, kind, { staleOnly: true }),
  };
}

/** Render All Images / Render All Videos: one batch job over every shot of the project. */
function renderAll(env: ActionEnv, kind: 'image' | 'video'): ActionDefinition {
  const label = kind === 'image' ? 'Render All Images' : 'Render All Videos';
  return {
    id: kind === 'image' ? 'generate.renderAllImages' : 'generate.renderAllVideos',
    label,
    section: SECTIONS.generation,
    keywords:
      kind === 'image'
        ? ['generate', 'frames', 'batch', 'storyboard']
        : ['generate', 'animatics', 'clips', 'batch'],
    available: hasProject,
    perform: (context) => startRenderBatch(env, context, label, kind, { all: true }),
  };
}

/** Starts an image or a video batch over the project's shots: all of them, or only the stale ones. */
function startRenderBatch(
  env: ActionEnv,
  context: ActionContext,
  label: string,
  kind: 'image' | 'video',
  scope: { all: true } | { staleOnly: true },
): Promise<void> {
  const { shots } = env.services.client;
  return startBatch(env, context, label, (projectId) =>
    kind === 'image'
      ? shots.generateBatch({ projectId, ...scope })
      : shots.generateVideoBatch({ projectId, ...scope }),
  );
}

/** Every action of the app. The palette, the shortcuts, the help overlay and the buttons read these. */
export function appActions(env: ActionEnv): ActionDefinition[] {
  const { services, navigate } = env;
  const { ui, client, toasts, saves, session } = services;
  const go = (page: string, label: string, keywords: string[] = []) =>
    ({
      id: `nav.${page}`,
      label,
      section: SECTIONS.navigation,
      keywords: ['go', 'open', ...keywords],
      perform: (context: ActionContext) => navigate(projectPath(context, page)),
    }) satisfies ActionDefinition;

  return [
    // Help and the palette itself.
    bound('palette.open', () => ui.palette.toggle(), {
      label: 'Command palette',
      section: SECTIONS.help,
      keywords: ['commands', 'search', 'run'],
    }),
    bound('help.toggle', () => ui.patch({ helpOpen: !ui.store.get().helpOpen }), {
      section: SECTIONS.help,
      keywords: ['help', 'shortcuts', 'keys', 'hotkeys'],
    }),

    // Navigation (SPEC.md §2); with no current project they go to /.
    bound('nav.home', () => navigate('/'), {
      label: 'Go to Projects',
      section: SECTIONS.navigation,
      keywords: ['home', 'projects', 'all projects'],
    }),
    {
      id: 'nav.projectSettings',
      label: 'Project Settings',
      section: SECTIONS.navigation,
      keywords: ['settings', 'rename', 'description', 'series'],
      perform: (context) =>
        navigate(context.projectId === null ? '/' : `${projectPath(context, 'dashboard')}?panel=settings`),
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
      section: SECTIONS.navigation,
      keywords: ['publish', 'repository', 'share assets'],
      perform: (context) =>
        navigate(context.projectId === null ? '/' : `/repository/${context.projectId}?panel=publishing`),
    },

    // Project.
    {
      id: 'project.new',
      label: 'New Project',
      section: SECTIONS.project,
      keywords: ['create', 'add', 'film'],
      perform: () => ui.patch({ newProjectOpen: true }),
    },
    bound(
      'project.save',
      async () => {
        await saves.flush();
        if (saves.state.get() === 'saved') toasts.show({ type: 'success', title: TOASTS.saved.title });
      },
      { label: 'Save Project', section: SECTIONS.project, keywords: ['save', 'write'] },
    ),
    pageCommand(env, 'project.rename', SECTIONS.project, { label: 'Rename Project', keywords: ['name'] }),
    pageCommand(env, 'project.moveToSeries', SECTIONS.project, {
      label: 'Move Project to Series',
      keywords: ['series', 'episode', 'group'],
    }),
    pageCommand(env, 'project.delete', SECTIONS.project, { label: 'Delete Project', keywords: ['remove'] }),
    {
      id: 'project.firstPass',
      label: 'Generate First Pass',
      section: SECTIONS.generation,
      keywords: ['breakdown', 'shots from script', 'wizard'],
      hint: 'Shots from the script',
      available: hasProject,
      perform: () => ui.patch({ firstPassOpen: true }),
    },
    castCommand(env, false),
    castCommand(env, true),
    {
      id: 'project.shareForReview',
      label: 'Share for Review',
      section: SECTIONS.project,
      keywords: ['review', 'link', 'share', 'comments', 'client', 'feedback'],
      hint: 'A read-only link with comments',
      available: hasProject,
      perform: () => ui.patch({ shareReviewOpen: true }),
    },
    {
      id: 'project.exportStoryboard',
      label: 'Export Storyboard (Print/PDF)',
      section: SECTIONS.project,
      keywords: ['print', 'pdf', 'export', 'contact sheet'],
      available: hasProject,
      perform: (context) => {
        if (context.projectId !== null) navigate(printPath(context.projectId, 'sheet'));
      },
    },

    // Generation: each one job with progress in the status line and on the jobs page.
    renderAll(env, 'image'),
    renderAll(env, 'video'),
    renderStale(env, 'image'),
    renderStale(env, 'video'),
    {
      id: 'generate.recomposeAll',
      label: 'Re-compose All Shots',
      section: SECTIONS.generation,
      keywords: ['composition', 'placements', 'rebuild frames'],
      available: hasProject,
      perform: (context) =>
        startBatch(env, context, 'Re-compose All Shots', (projectId) => {
          const socket = client.socket;
          if (!socket) throw new Error('The socket is not available');
          return socket.emitWithAck<JobAcceptedReply>('composition:create-batch', { projectId, all: true });
        }),
    },

    // Creating things.
    bound(
      'shot.new',
      async (context) => {
        if (context.projectId === null) return;
        try {
          await services.activity.track(client.shots.create(context.projectId, {}));
          await services.queryClient.invalidateQueries({ queryKey: queryKeys.shots(context.projectId) });
          toasts.show({ type: 'success', title: 'Shot added', message: 'It is at the end of the timeline.' });
        } catch (error) {
          toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
        }
      },
      { label: 'New Shot', section: SECTIONS.shots, keywords: ['add shot', 'create'] },
    ),
    bound('asset.new', () => ui.patch({ newAssetOpen: true }), {
      label: 'New Asset',
      section: SECTIONS.assets,
      keywords: ['character', 'location', 'prop', 'create'],
    }),
    pageCommand(env, 'asset.generateImage', SECTIONS.assets),
    pageCommand(env, 'asset.regenerate', SECTIONS.assets),

    // Editing: the page in front decides.
    pageCommand(env, 'edit.undo', SECTIONS.edit),
    pageCommand(env, 'edit.redo', SECTIONS.edit),
    pageCommand(env, 'edit.duplicate', SECTIONS.edit),
    pageCommand(env, 'edit.delete', SECTIONS.edit),
    pageCommand(env, 'search.focus', SECTIONS.view, { keywords: ['filter', 'find'] }),

    // View.
    pageCommand(env, 'zoom.in', SECTIONS.view),
    pageCommand(env, 'zoom.out', SECTIONS.view),
    pageCommand(env, 'zoom.reset', SECTIONS.view),
    {
      id: 'view.toggleTheme',
      label: 'Toggle Light/Dark Theme',
      section: SECTIONS.view,
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
      section: SECTIONS.view,
      keywords: ['rail', 'navigation', 'collapse'],
      perform: () => ui.patch({ railCollapsed: !ui.store.get().railCollapsed }),
    },
    {
      id: 'view.toggleInspector',
      label: 'Toggle Inspector',
      section: SECTIONS.view,
      keywords: ['details', 'panel', 'collapse'],
      available: hasProject,
      perform: () => ui.patch({ inspectorCollapsed: !ui.store.get().inspectorCollapsed }),
    },
    {
      id: 'view.toggleStatusLine',
      label: 'Toggle Status Line',
      section: SECTIONS.view,
      keywords: ['footer', 'socket', 'collapse'],
      perform: () => ui.patch({ statusLineCollapsed: !ui.store.get().statusLineCollapsed }),
    },

    // Timeline and shot lab (path-scoped shortcuts of SPEC.md §9).
    pageCommand(env, 'playback.toggle', SECTIONS.timeline),
    pageCommand(env, 'frame.previous', SECTIONS.timeline),
    pageCommand(env, 'frame.next', SECTIONS.timeline),
    pageCommand(env, 'shot.previous', SECTIONS.timeline),
    pageCommand(env, 'shot.next', SECTIONS.timeline),
    // Scenes and timing on the timeline (SPEC.md §3 Scene, §4 timeline).
    pageCommand(env, 'scene.create', SECTIONS.timeline, {
      label: 'New Scene from Selected Shots',
      keywords: ['scene', 'group', 'add scene', 'create scene'],
      paths: ['/timeline'],
    }),
    pageCommand(env, 'scene.rename', SECTIONS.timeline, {
      label: 'Rename Scene',
      keywords: ['scene', 'name', 'title'],
      binding: 'F2',
      paths: ['/timeline'],
    }),
    pageCommand(env, 'scene.recolor', SECTIONS.timeline, {
      label: 'Change Scene Colour',
      keywords: ['scene', 'color', 'colour', 'recolor', 'recolour'],
      paths: ['/timeline'],
    }),
    ...SCENE_MOVES.map(({ id, way, ...move }) =>
      pageCommand(env, id, SECTIONS.timeline, {
        ...move,
        keywords: ['scene', 'reorder', 'order', way],
        paths: ['/timeline'],
      }),
    ),
    pageCommand(env, 'timeline.preserveTiming', SECTIONS.timeline, {
      label: 'Toggle Preserve Timing',
      keywords: ['start time', 'timing', 'end to end', 'gaps', 'layout'],
      paths: ['/timeline'],
    }),
    // Storyboard keys, handled by the storyboard grid, listed in help.
    bound('storyboard.cycleAlternate', () => {}, { section: SECTIONS.storyboard }),
    bound('storyboard.promoteAlternate', () => {}, { section: SECTIONS.storyboard }),

    {
      id: 'session.signOut',
      label: 'Sign Out',
      section: SECTIONS.help,
      keywords: ['log out', 'logout', 'account'],
      perform: async () => {
        await saves.flush().catch(() => {});
        await client.auth.logout();
        services.connection.reset();
        services.jobs.clear();
        services.queryClient.clear();
        session.signedOut();
        navigate('/login');
      },
    },
  ];
}
