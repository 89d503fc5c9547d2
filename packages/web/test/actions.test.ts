import { type Job } from '@reelbench/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActionDefinition, SECTIONS } from '../src/actions/action.js';
import { editContext } from '../src/actions/edit-actions.js';
import { ALL_ACTIONS, createActionRegistry } from '../src/actions/index.js';
import { projectTarget } from '../src/actions/project-actions.js';
import { ActionConflictError, type RegisteredAction } from '../src/actions/registry.js';
import { ROUTE_SAMPLES, SCOPES, scopesOverlap } from '../src/actions/scopes.js';
import { parseShortcut, shortcutKey } from '../src/keyboard/shortcut.js';
import { assetsUi } from '../src/pages/assets/asset-actions.js';
import { audioPage } from '../src/pages/audio/audio-actions.js';
import { createAppRouter } from '../src/router.js';
import { createStore } from '../src/state/store.js';
import { playhead } from '../src/timeline/playhead-actions.js';
import { contextAt, offlineServices } from './action-context.js';
import { makeAsset } from './shots-fixtures.js';

/** The app's real registry: every action of every `*-actions.ts`, registered as at start-up. */
function appRegistry() {
  const services = offlineServices();
  const navigate = vi.fn<(to: string) => void>();
  const at = (pathname: string) => contextAt(services, pathname, navigate);
  const action = (id: string) => {
    const found = services.registry.get(id);
    if (!found) throw new Error(`no action ${id}`);
    return found;
  };
  return { services, registry: services.registry, client: services.client, navigate, at, action };
}

const inProject = (page: string) => `/project/p1/${page}`;

const press = (
  key: string,
  mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {},
) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

/** SPEC.md §9's keyboard shortcuts: the binding, the action, and where it works. */
const SPEC_SHORTCUTS: [binding: string, id: string, scope: string][] = [
  ['Mod+K', 'palette.open', 'global'],
  ['Mod+/', 'search.focus', 'global'],
  ['Mod+Shift+H', 'nav.home', 'global'],
  ['Mod+N', 'asset.new', 'global'],
  ['Mod+Shift+N', 'shot.new', 'global'],
  ['Mod+S', 'project.save', 'global'],
  ['Mod+Z', 'edit.undo', 'global'],
  ['Mod+Shift+Z', 'edit.redo', 'global'],
  ['Mod+D', 'edit.duplicate', 'global'],
  ['Delete', 'edit.delete', 'global'],
  ['Mod+plus', 'zoom.in', 'global'],
  ['Mod+minus', 'zoom.out', 'global'],
  ['Mod+0', 'zoom.reset', 'global'],
  ['Shift+?', 'help.toggle', 'global'],
  ['Space', 'playback.toggle', 'timeline'],
  ['Left', 'frame.previous', 'timeline'],
  ['Right', 'frame.next', 'timeline'],
  ['Shift+Left', 'shot.previous', 'timeline'],
  ['Shift+Right', 'shot.next', 'timeline'],
  ['Mod+G', 'asset.generateImage', 'asset'],
  ['Mod+R', 'asset.regenerate', 'asset'],
];

const NAVIGATION: [id: string, withProject: string][] = [
  ['nav.home', '/'],
  ['nav.projectSettings', '/project/p1/dashboard?panel=settings'],
  ['nav.script', '/project/p1/script'],
  ['nav.assets', '/project/p1/assets'],
  ['nav.storyboard', '/project/p1/storyboard'],
  ['nav.editor', '/project/p1/editor'],
  ['nav.repositorySettings', '/repository/p1?panel=publishing'],
];

const EXTRA_COMMANDS = [
  ['project.firstPass', 'Generate First Pass'],
  ['generate.renderAllImages', 'Render All Images'],
  ['generate.renderAllVideos', 'Render All Videos'],
  ['generate.recomposeAll', 'Re-compose All Shots'],
  ['project.exportStoryboard', 'Export Storyboard (Print/PDF)'],
] as const;

/** A prop of project p1 without images. */
const asset = (name: string) => makeAsset({ name });

const bound = (actions: RegisteredAction[]) => actions.filter((action) => action.shortcut !== undefined);
const keyOf = (action: RegisteredAction) =>
  shortcutKey(action.shortcut ?? parseShortcut(action.binding ?? ''));

afterEach(() => {
  vi.useRealTimers();
});

describe('every action, registered at start-up', () => {
  it('registers every action of every *-actions.ts once, each in a palette section and a scope', () => {
    const { registry } = appRegistry();
    expect(registry.all()).toHaveLength(ALL_ACTIONS.length);
    expect(ALL_ACTIONS.length).toBeGreaterThan(100);
    const ids = ALL_ACTIONS.map((action) => action.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const action of ALL_ACTIONS) {
      expect(SECTIONS, action.id).toContain(action.section);
      expect(Object.keys(SCOPES), action.id).toContain(action.scope ?? 'global');
    }
  });

  it('knows one path of every route of the router, so scopes are compared on every page', () => {
    const router = createAppRouter(offlineServices());
    const sample = (fullPath: string) =>
      fullPath
        .replace('$projectId', 'p1')
        .replace('$assetId', 'a1')
        .replace('$edlId', 'e1')
        .replace('$repositoryId', 'r1')
        .replace('$token', 't1')
        .replace(/\/$/, '') || '/';
    const routes = new Set(Object.values(router.routesById).map((route) => sample(route.fullPath)));
    expect([...routes].sort()).toEqual([...new Set(ROUTE_SAMPLES)].sort());
  });

  it('has no two actions with one key in scopes a page is in at once (the audio, rough-cut and asset keys included)', () => {
    const { registry } = appRegistry();
    const keys = bound(registry.all());
    // The page keys that were checked only once their page had been visited, checked here with the rest.
    for (const id of [
      'audio.playPause',
      'audio.nudge.frameEarlier',
      'audio.nudge.frameLater',
      'audio.nudge.secondEarlier',
      'audio.nudge.secondLater',
      'roughCut.playPause',
      'asset.rename',
      'scene.rename',
      'storyboard.cycleAlternate',
      'storyboard.promoteAlternate',
    ]) {
      expect(keys.map((action) => action.id)).toContain(id);
    }
    const conflicts: string[] = [];
    for (const [i, a] of keys.entries()) {
      for (const b of keys.slice(i + 1)) {
        if (keyOf(a) !== keyOf(b)) continue;
        const shared = ROUTE_SAMPLES.filter(
          (path) => SCOPES[a.scope ?? 'global'].matches(path) && SCOPES[b.scope ?? 'global'].matches(path),
        );
        if (shared.length > 0)
          conflicts.push(`${a.id} and ${b.id} share ${a.binding} on ${shared.join(', ')}`);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('fails on a conflicting key in the same scope: a global comma against the audio nudge, Space on the shot lab', () => {
    const perform = () => {};
    const withExtra = (extra: ActionDefinition) => () => createActionRegistry([...ALL_ACTIONS, extra]);
    expect(withExtra({ id: 'extra.comma', label: 'Comma', section: 'View', binding: ',', perform })).toThrow(
      'Shortcut , is bound to both audio.nudge.frameEarlier and extra.comma',
    );
    expect(
      withExtra({
        id: 'extra.play',
        label: 'Play',
        section: 'View',
        binding: 'Space',
        scope: 'shot-lab',
        perform,
      }),
    ).toThrow('Shortcut Space is bound to both playback.toggle and extra.play');
    expect(
      withExtra({
        id: 'extra.audio',
        label: 'Audio',
        section: 'View',
        binding: ']',
        scope: 'audio',
        perform,
      }),
    ).toThrow(ActionConflictError);
    expect(
      withExtra({
        id: 'extra.f2',
        label: 'F2',
        section: 'View',
        binding: 'F2',
        scope: 'asset-page',
        perform,
      }),
    ).toThrow('Shortcut F2 is bound to both asset.rename and extra.f2');
    expect(
      withExtra({ id: 'extra.save', label: 'Save', section: 'View', binding: 'Ctrl+S', perform }),
    ).toThrow(ActionConflictError);
    // The same key where nothing else uses it on that page is fine.
    expect(() =>
      createActionRegistry([
        ...ALL_ACTIONS,
        { id: 'extra.space', label: 'Space', section: 'View', binding: 'Space', scope: 'script', perform },
      ]),
    ).not.toThrow();
    expect(scopesOverlap('audio', 'timeline')).toBe(false);
  });

  it('has an action for every shortcut of SPEC.md §9, where SPEC.md says it works', () => {
    const { action } = appRegistry();
    for (const [binding, id, scope] of SPEC_SHORTCUTS) {
      const found = action(id);
      expect(found.shortcut, id).toEqual(parseShortcut(binding));
      expect(found.scope ?? 'global', id).toBe(scope);
    }
    expect(action('storyboard.cycleAlternate').binding).toBe('C');
    expect(action('storyboard.promoteAlternate').binding).toBe('P');
  });

  it('offers every palette command of SPEC.md §2 with a project', () => {
    const { registry, at } = appRegistry();
    const offered = registry.search('', at(inProject('dashboard'))).map((a) => a.id);
    for (const [id] of NAVIGATION) expect(offered).toContain(id);
    for (const [id, label] of EXTRA_COMMANDS) {
      expect(offered).toContain(id);
      expect(registry.search(label, at(inProject('script'))).map((a) => a.label)).toContain(label);
    }
  });

  it('navigation commands go to their page with a project, and to / with none', () => {
    const { navigate, action, registry, at } = appRegistry();
    for (const [id, target] of NAVIGATION) {
      navigate.mockClear();
      void action(id).perform(at(inProject('script')));
      expect(navigate, id).toHaveBeenCalledWith(target);
      navigate.mockClear();
      expect(registry.isAvailable(action(id), at('/')), id).toBe(true);
      void action(id).perform(at('/'));
      expect(navigate, id).toHaveBeenCalledWith('/');
    }
  });

  it('project commands are not offered without a project', () => {
    const { registry, at } = appRegistry();
    const offered = registry.search('', at('/')).map((a) => a.id);
    for (const [id] of EXTRA_COMMANDS) expect(offered).not.toContain(id);
    expect(offered).toContain('nav.home');
    expect(offered).toContain('project.new');
  });

  it('lists every page’s keys in the help from the first load, saying which are not on this page', () => {
    const { registry, at } = appRegistry();
    const groups = registry.helpGroups(at('/project/p1/dashboard'));
    const titles = groups.map((group) => group.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Navigation',
        'Help',
        'Timeline and shot lab',
        'Timeline',
        'Asset pages',
        'Audio',
      ]),
    );
    const group = (title: string) => groups.find((entry) => entry.title === title);
    expect(group('Timeline and shot lab')?.here).toBe(false);
    expect(group('Timeline and shot lab')?.actions.map((a) => a.id)).toEqual([
      'playback.toggle',
      'frame.previous',
      'frame.next',
      'shot.previous',
      'shot.next',
    ]);
    expect(group('Asset pages')?.actions.map((a) => a.id)).toEqual(
      expect.arrayContaining(['asset.generateImage', 'asset.regenerate', 'asset.rename']),
    );
    expect(group('Storyboard')?.actions.map((a) => a.binding)).toEqual(['C', 'P']);
    expect(group('Navigation')?.here).toBe(true);
    const onTimeline = registry.helpGroups(at('/project/p1/timeline'));
    expect(onTimeline.find((entry) => entry.title === 'Timeline and shot lab')?.here).toBe(true);
    expect(onTimeline.find((entry) => entry.title === 'Asset pages')?.here).toBe(false);
  });
});

describe('keys and what the page supplies', () => {
  it('Ctrl and Cmd are the same; modifiers must match exactly', () => {
    const { registry, services, at } = appRegistry();
    editContext.store(services).set({ undo: () => {}, redo: () => {} });
    const here = at(inProject('timeline'));
    expect(registry.resolveKey(press('k', { ctrl: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('k', { meta: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('K', { ctrl: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('k'), here)).toBeUndefined();
    expect(registry.resolveKey(press('k', { ctrl: true, shift: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('k', { ctrl: true, alt: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('z', { ctrl: true }), here)?.id).toBe('edit.undo');
    expect(registry.resolveKey(press('Z', { meta: true, shift: true }), here)?.id).toBe('edit.redo');
    expect(registry.resolveKey(press('z', { ctrl: true, alt: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('h', { ctrl: true, shift: true }), at('/'))?.id).toBe('nav.home');
    expect(registry.resolveKey(press('h', { ctrl: true }), at('/'))).toBeUndefined();
    expect(registry.resolveKey(press('?', { shift: true }), at('/'))?.id).toBe('help.toggle');
    expect(registry.resolveKey(press('?'), at('/'))).toBeUndefined();
  });

  it('Ctrl+N only with a project; Ctrl+S and Ctrl+Shift+N too', () => {
    const { registry, at } = appRegistry();
    expect(registry.resolveKey(press('n', { ctrl: true }), at('/'))).toBeUndefined();
    expect(registry.resolveKey(press('n', { ctrl: true }), at(inProject('dashboard')))?.id).toBe('asset.new');
    expect(registry.resolveKey(press('n', { meta: true, shift: true }), at('/'))).toBeUndefined();
    expect(registry.resolveKey(press('n', { meta: true, shift: true }), at(inProject('script')))?.id).toBe(
      'shot.new',
    );
    expect(registry.resolveKey(press('s', { ctrl: true }), at('/'))).toBeUndefined();
    expect(registry.resolveKey(press('s', { ctrl: true }), at(inProject('script')))?.id).toBe('project.save');
  });

  it('the edit keys act on what the page in front supplies, and are unavailable where it supplies nothing', () => {
    const { registry, services, action, at } = appRegistry();
    const here = at(inProject('storyboard'));
    for (const id of ['edit.undo', 'edit.delete', 'zoom.in', 'search.focus']) {
      expect(registry.isAvailable(action(id), here), id).toBe(false);
    }
    const ran: string[] = [];
    const level = createStore(2);
    editContext.store(services).set({
      undo: () => ran.push('undo'),
      deleteSelection: () => ran.push('delete'),
      zoom: { level, levels: 5, reset: 2 },
    });
    void registry.resolveKey(press('z', { ctrl: true }), here)?.perform(here);
    void registry.resolveKey(press('Delete'), here)?.perform(here);
    expect(ran).toEqual(['undo', 'delete']);
    expect(registry.resolveKey(press('/', { ctrl: true }), here)).toBeUndefined();
    for (let i = 0; i < 4; i++) void action('zoom.in').perform(here);
    expect(level.get()).toBe(4);
    void action('zoom.out').perform(here);
    expect(level.get()).toBe(3);
    void action('zoom.reset').perform(here);
    expect(level.get()).toBe(2);
  });

  it('timeline keys work only on paths containing timeline or shot-lab, while the page supplies its playhead', () => {
    const { registry, services, at } = appRegistry();
    const keys: [ReturnType<typeof press>, string][] = [
      [press(' '), 'playback.toggle'],
      [press('ArrowLeft'), 'frame.previous'],
      [press('ArrowRight'), 'frame.next'],
      [press('ArrowLeft', { shift: true }), 'shot.previous'],
      [press('ArrowRight', { shift: true }), 'shot.next'],
    ];
    for (const [event] of keys) expect(registry.resolveKey(event, at(inProject('timeline')))).toBeUndefined();
    const moves: string[] = [];
    playhead.store(services).set({
      togglePlayback: () => moves.push('play'),
      frame: (direction) => moves.push(`frame ${direction}`),
      shot: (direction) => moves.push(`shot ${direction}`),
    });
    for (const [event, id] of keys) {
      expect(registry.resolveKey(event, at(inProject('timeline')))?.id).toBe(id);
      expect(registry.resolveKey(event, at(inProject('shot-lab')))?.id).toBe(id);
      expect(registry.resolveKey(event, at('/project/p1/shot-lab/s9'))?.id).toBe(id);
      expect(registry.resolveKey(event, at(inProject('storyboard')))).toBeUndefined();
      expect(registry.resolveKey(event, at(inProject('audio')))).toBeUndefined();
      expect(registry.resolveKey(event, at('/'))).toBeUndefined();
    }
    expect(
      registry.resolveKey(press('ArrowLeft', { ctrl: true }), at(inProject('timeline'))),
    ).toBeUndefined();
    const here = at(inProject('timeline'));
    for (const [event] of keys) void registry.resolveKey(event, here)?.perform(here);
    expect(moves).toEqual(['play', 'frame -1', 'frame 1', 'shot -1', 'shot 1']);
  });

  it('the audio page’s Space and nudges are its own: only there, only with a soundtrack', () => {
    const { registry, services, at } = appRegistry();
    const here = at(inProject('audio'));
    expect(registry.resolveKey(press(','), here)).toBeUndefined();
    const nudged: number[] = [];
    audioPage.store(services).set({
      hasTrack: true,
      togglePlay: () => nudged.push(0),
      nudgeFrames: (frames) => nudged.push(frames),
      nudgeSeconds: (seconds) => nudged.push(seconds * 24),
    });
    for (const key of [',', '.', '[', ']', ' ']) void registry.resolveKey(press(key), here)?.perform(here);
    expect(nudged).toEqual([-1, 1, -24, 24, 0]);
    expect(registry.resolveKey(press(' '), here)?.id).toBe('audio.playPause');
    playhead.store(services).set({ togglePlayback: () => {} });
    expect(registry.resolveKey(press(' '), at(inProject('timeline')))?.id).toBe('playback.toggle');
    expect(registry.resolveKey(press(','), at(inProject('timeline')))).toBeUndefined();
  });

  it('Ctrl+G and Ctrl+R work on asset paths, on the selected key of the asset', () => {
    const { registry, services, at } = appRegistry();
    const ui = assetsUi(services);
    const lamp = asset('Lamp');
    ui.set((state) => ({ ...state, current: lamp, selectedKey: lamp.config.defaultImageKey }));
    for (const page of ['assets', 'assets/a1']) {
      expect(registry.resolveKey(press('g', { ctrl: true }), at(inProject(page)))?.id).toBe(
        'asset.generateImage',
      );
      // Nothing to regenerate while the key has no image.
      expect(registry.resolveKey(press('r', { meta: true }), at(inProject(page)))).toBeUndefined();
    }
    for (const path of [inProject('timeline'), inProject('script'), '/']) {
      expect(registry.resolveKey(press('g', { ctrl: true }), at(path))).toBeUndefined();
    }
  });

  it('F2 renames the selected asset on the assets pages and the active scene on the timeline', () => {
    const { registry, services, at } = appRegistry();
    expect(registry.resolveKey(press('F2'), at(inProject('assets')))).toBeUndefined();
    assetsUi(services).set((state) => ({ ...state, current: asset('Mara') }));
    expect(registry.resolveKey(press('F2'), at(inProject('assets')))?.id).toBe('asset.rename');
    expect(registry.resolveKey(press('F2'), at(inProject('timeline')))?.id).not.toBe('asset.rename');
    expect(registry.search('series', at(inProject('assets'))).map((action) => action.id)).toContain(
      'asset.toggleSeries',
    );
    expect(registry.search('series', at(inProject('assets'))).map((action) => action.id)).not.toContain(
      'asset.toProject',
    );
  });

  it('rename, move and delete a project act on what the page in front says is the project', () => {
    const { registry, services, action, at } = appRegistry();
    expect(registry.isAvailable(action('project.rename'), at('/'))).toBe(false);
    const asked: string[] = [];
    projectTarget.store(services).set({
      rename: () => asked.push('rename'),
      moveToSeries: () => asked.push('move'),
      delete: () => asked.push('delete'),
    });
    for (const id of ['project.rename', 'project.moveToSeries', 'project.delete'])
      void action(id).perform(at('/'));
    expect(asked).toEqual(['rename', 'move', 'delete']);
    expect(registry.isAvailable(action('project.rename'), at('/'))).toBe(true);
  });

  it('is ignored while typing, except help where ? is not being written as text', () => {
    const { registry, at } = appRegistry();
    const here = at(inProject('script'));
    const typing = [
      { tagName: 'INPUT' },
      { tagName: 'INPUT', type: 'search' },
      { tagName: 'TEXTAREA' },
      { tagName: 'DIV', isContentEditable: true },
    ];
    for (const target of typing) {
      expect(registry.resolveKey({ ...press('s', { ctrl: true }), target }, here)).toBeUndefined();
      expect(registry.resolveKey({ ...press('k', { ctrl: true }), target }, here)).toBeUndefined();
      expect(registry.resolveKey({ ...press('?', { shift: true }), target }, here)).toBeUndefined();
    }
    for (const target of [{ tagName: 'SELECT' }, { tagName: 'INPUT', type: 'checkbox' }]) {
      expect(registry.resolveKey({ ...press('s', { ctrl: true }), target }, here)).toBeUndefined();
      expect(registry.resolveKey({ ...press('?', { shift: true }), target }, here)?.id).toBe('help.toggle');
    }
    expect(
      registry.resolveKey({ ...press('s', { ctrl: true }), target: { tagName: 'BUTTON' } }, here)?.id,
    ).toBe('project.save');
  });
});

describe('the app actions do what they say', () => {
  const started: Job = {
    id: 'job-1',
    projectId: 'p1',
    type: 'shot:generate-batch',
    status: 'queued',
    progress: 0,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };

  it('palette.open and help.toggle toggle their overlays', () => {
    const { action, services, at } = appRegistry();
    void action('palette.open').perform(at('/'));
    expect(services.ui.store.get().paletteOpen).toBe(true);
    void action('help.toggle').perform(at('/'));
    void action('help.toggle').perform(at('/'));
    void action('help.toggle').perform(at('/'));
    expect(services.ui.store.get().helpOpen).toBe(true);
    void action('project.firstPass').perform(at(inProject('script')));
    expect(services.ui.store.get().firstPassOpen).toBe(true);
  });

  it("Ctrl+S with nothing to save says 'Saved'", async () => {
    const { action, services, at } = appRegistry();
    await action('project.save').perform(at(inProject('script')));
    expect(services.toasts.store.get().map((toast) => toast.title)).toEqual(['Saved']);
  });

  it('Render All Images starts one job, tracks it and tells where progress shows', async () => {
    const { action, services, client, at } = appRegistry();
    const generateBatch = vi
      .spyOn(client.shots, 'generateBatch')
      .mockResolvedValue({ job: started, counts: { waiting: 1, running: 0 } });
    const done = action('generate.renderAllImages').perform(at(inProject('storyboard')));
    expect(services.activity.count).toBe(1);
    await done;
    expect(generateBatch).toHaveBeenCalledWith({ projectId: 'p1', all: true });
    expect(services.activity.count).toBe(0);
    expect(services.jobs.store.get().jobs.get('job-1')).toEqual(started);
    expect(services.jobs.store.get().counts).toEqual({ waiting: 1, running: 0 });
    const [toast] = services.toasts.store.get();
    expect(toast?.title).toBe('Render All Images started');
    expect(toast?.action?.label).toBe('Open jobs');
  });

  it('Render Stale Images and Videos batch the stale shots, and are unavailable with a reason when none is', async () => {
    const { action, registry, services, client, at } = appRegistry();
    const here = at(inProject('storyboard'));
    const images = action('generate.renderStaleImages');
    const videos = action('generate.renderStaleVideos');
    // Shots not loaded yet: the server decides.
    expect(registry.isAvailable(images, here)).toBe(true);
    const shot = (id: string, extra: object) => ({
      id,
      projectId: 'p1',
      image_url: null,
      video_url: null,
      ...extra,
    });
    services.queryClient.setQueryData(['shots', 'p1'], {
      shots: [
        shot('a', { image_url: '/a.png', video_url: '/a.mp4' }),
        shot('b', { image_url: '/b.png', image_stale: true, video_url: '/b.mp4' }),
      ],
      total: 2,
      limit: 2000,
      offset: 0,
    });
    expect(registry.isAvailable(images, here)).toBe(true);
    expect(registry.isAvailable(videos, here)).toBe(false);
    expect(videos.unavailableReason?.(here)).toBe("every shot's video is rendered and up to date");
    const generateBatch = vi
      .spyOn(client.shots, 'generateBatch')
      .mockResolvedValue({ job: started, counts: { waiting: 1, running: 0 } });
    await images.perform(here);
    expect(generateBatch).toHaveBeenCalledWith({ projectId: 'p1', staleOnly: true });
    expect(services.toasts.store.get()[0]?.title).toBe('Render Stale Images started');
  });

  it("a batch that cannot start shows 'Operation Failed' with the reason", async () => {
    const { action, services, client, at } = appRegistry();
    vi.spyOn(client.shots, 'generateVideoBatch').mockRejectedValue(new Error('Socket not connected'));
    await action('generate.renderAllVideos').perform(at(inProject('storyboard')));
    await action('generate.recomposeAll').perform(at(inProject('storyboard')));
    expect(services.activity.count).toBe(0);
    expect(services.toasts.store.get().map((toast) => [toast.title, toast.message])).toEqual([
      ['Operation Failed', 'Socket not connected'],
      ['Operation Failed', 'The socket is not available'],
    ]);
  });

  it('view.toggleTheme flips the theme on the page root and saves it', () => {
    const { action, at } = appRegistry();
    void action('view.toggleTheme').perform(at('/'));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    void action('view.toggleTheme').perform(at('/'));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('reelbench-theme')).toBe('dark');
  });
});
