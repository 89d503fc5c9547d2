import { createReelbench, type Job } from '@reelbench/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appActions, SECTION_ORDER } from '../src/actions/app-actions.js';
import { ActionConflictError, type ActionContext, ActionRegistry } from '../src/actions/registry.js';
import { SHORTCUT_SPECS } from '../src/actions/shortcuts.js';
import type { PageCommandId } from '../src/app/page-commands.js';
import { createServices } from '../src/app/services.js';
import { parseShortcut, shortcutKey } from '../src/keyboard/shortcut.js';

const home: ActionContext = { pathname: '/', projectId: null };
const inProject = (page: string): ActionContext => ({ pathname: `/project/p1/${page}`, projectId: 'p1' });

/** The app's real registry: every action of appActions, with a real SDK client that never connects. */
function appRegistry() {
  const client = createReelbench({ baseUrl: 'http://127.0.0.1:9', socket: false });
  const services = createServices({ client });
  const navigate = vi.fn<(to: string) => void>();
  const registry = new ActionRegistry();
  for (const action of appActions({ services, navigate })) registry.register(action);
  const action = (id: string) => {
    const found = registry.get(id);
    if (!found) throw new Error(`no action ${id}`);
    return found;
  };
  return { client, services, navigate, registry, action };
}

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

/** SPEC.md §9's keyboard shortcuts, as bindings. */
const SPEC_BINDINGS = [
  'Mod+K',
  'Mod+/',
  'Mod+Shift+H',
  'Mod+N',
  'Mod+Shift+N',
  'Mod+S',
  'Mod+Z',
  'Mod+Shift+Z',
  'Mod+D',
  'Delete',
  'Mod+plus',
  'Mod+minus',
  'Mod+0',
  'Shift+?',
  'Space',
  'Left',
  'Right',
  'Shift+Left',
  'Shift+Right',
  'Mod+G',
  'Mod+R',
  'C',
  'P',
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

afterEach(() => {
  vi.useRealTimers();
});

describe('the app registry (appActions)', () => {
  it('registers every action without a binding conflict', () => {
    const { registry } = appRegistry();
    expect(registry.all().length).toBeGreaterThan(40);
    const ids = registry.all().map((action) => action.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no two actions with one binding in overlapping scopes (checked independently)', () => {
    const bound = appRegistry()
      .registry.all()
      .filter((action) => action.shortcut);
    for (const [i, a] of bound.entries()) {
      for (const b of bound.slice(i + 1)) {
        if (shortcutKey(a.shortcut ?? parseShortcut('x')) !== shortcutKey(b.shortcut ?? parseShortcut('y')))
          continue;
        const overlap = !a.paths || !b.paths || a.paths.some((path) => b.paths?.includes(path));
        expect(overlap, `${a.id} and ${b.id} share ${a.binding}`).toBe(false);
      }
    }
  });

  it('rejects a deliberately conflicting extra action', () => {
    const { registry } = appRegistry();
    const perform = () => {};
    expect(() =>
      registry.register({
        id: 'extra.save',
        label: 'Also save',
        section: 'Edit',
        binding: 'Ctrl+S',
        perform,
      }),
    ).toThrow(ActionConflictError);
    expect(() =>
      registry.register({
        id: 'extra.palette',
        label: 'Palette',
        section: 'Edit',
        binding: 'Cmd+K',
        perform,
      }),
    ).toThrow('Shortcut Cmd+K is bound to both palette.open and extra.palette');
    expect(() =>
      registry.register({ id: 'extra.c', label: 'C', section: 'Edit', binding: 'C', perform }),
    ).toThrow(ActionConflictError);
    expect(() =>
      registry.register({
        id: 'extra.play',
        label: 'Play',
        section: 'Timeline',
        binding: 'Space',
        paths: ['shot-lab'],
        perform,
      }),
    ).toThrow(ActionConflictError);
    // The same key where nothing else uses it in that scope is fine.
    registry.register({
      id: 'extra.space',
      label: 'Space on the script page',
      section: 'Edit',
      binding: 'Space',
      paths: ['script'],
      perform,
    });
    expect(registry.get('extra.space')).toBeDefined();
    expect(registry.get('extra.save')).toBeUndefined();
  });

  it('has an action for every shortcut of SPEC.md §9, bound as SHORTCUT_SPECS says', () => {
    const { registry, action } = appRegistry();
    const keys = new Map(
      registry
        .all()
        .filter((a) => a.shortcut)
        .map((a) => [shortcutKey(a.shortcut ?? parseShortcut('x')), a.id]),
    );
    for (const binding of SPEC_BINDINGS) {
      expect(keys.has(shortcutKey(parseShortcut(binding))), binding).toBe(true);
    }
    expect(SHORTCUT_SPECS).toHaveLength(SPEC_BINDINGS.length);
    for (const spec of SHORTCUT_SPECS) {
      const registered = action(spec.id);
      expect(registered.binding).toBe(spec.binding);
      expect(registered.paths).toEqual(spec.paths);
      expect(registered.helpOnly).toBe(spec.helpOnly);
    }
  });

  it('offers every palette command of SPEC.md §2 with a project', () => {
    const { registry } = appRegistry();
    const offered = registry.search('', inProject('dashboard')).map((a) => a.id);
    for (const [id] of NAVIGATION) expect(offered).toContain(id);
    for (const [id, label] of EXTRA_COMMANDS) {
      expect(offered).toContain(id);
      expect(registry.search(label, inProject('script')).map((a) => a.label)).toContain(label);
    }
  });

  it('navigation commands go to their page with a project, and to / with none', () => {
    const { navigate, action, registry } = appRegistry();
    for (const [id, target] of NAVIGATION) {
      navigate.mockClear();
      void action(id).perform(inProject('script'));
      expect(navigate, id).toHaveBeenCalledWith(target);
      navigate.mockClear();
      expect(registry.isAvailable(action(id), home), id).toBe(true);
      void action(id).perform(home);
      expect(navigate, id).toHaveBeenCalledWith('/');
    }
  });

  it('project commands are not offered without a project', () => {
    const { registry } = appRegistry();
    const offered = registry.search('', home).map((a) => a.id);
    for (const [id] of EXTRA_COMMANDS) expect(offered).not.toContain(id);
    expect(offered).toContain('nav.home');
    expect(offered).toContain('project.new');
  });

  it('groups the help overlay by section, each section once, with C and P under Storyboard', () => {
    const { registry } = appRegistry();
    const groups = registry.helpGroups();
    const sections = groups.map((group) => group.section);
    expect(new Set(sections).size).toBe(sections.length);
    for (const section of sections) expect(SECTION_ORDER).toContain(section);
    expect(sections).toEqual([
      'Help',
      'Navigation',
      'Project',
      'Shots',
      'Assets',
      'Edit',
      'View',
      'Timeline',
      'Storyboard',
    ]);
    for (const group of groups) {
      for (const a of group.actions) expect(a.section).toBe(group.section);
    }
    // SPEC.md §9's shortcuts, plus the timeline's own scene keys (F2 rename, Alt+Up/Down move).
    const extra = ['scene.rename', 'scene.moveEarlier', 'scene.moveLater'];
    const bound = groups.flatMap((group) => group.actions);
    expect(bound).toHaveLength(SPEC_BINDINGS.length + extra.length);
    expect(bound.filter((a) => extra.includes(a.id)).map((a) => [a.id, a.binding, a.section])).toEqual([
      ['scene.rename', 'F2', 'Timeline'],
      ['scene.moveEarlier', 'Alt+ArrowUp', 'Timeline'],
      ['scene.moveLater', 'Alt+ArrowDown', 'Timeline'],
    ]);
    expect(groups.find((group) => group.section === 'Storyboard')?.actions.map((a) => a.binding)).toEqual([
      'C',
      'P',
    ]);
  });

  it('storyboard C and P are in the help but never fire from a key, nor show in the palette', () => {
    const { registry } = appRegistry();
    for (const key of ['c', 'p', 'C', 'P']) {
      expect(registry.resolveKey(press(key), inProject('storyboard'))).toBeUndefined();
      expect(registry.resolveKey(press(key, { shift: true }), inProject('storyboard'))).toBeUndefined();
    }
    const offered = registry.search('alternate', inProject('storyboard')).map((a) => a.id);
    expect(offered).toEqual([]);
  });
});

describe('the app registry: shortcut rules', () => {
  /** Page commands are only available while a page hands over a handler. */
  function withPageHandlers(ids: PageCommandId[]) {
    const setup = appRegistry();
    const ran: string[] = [];
    for (const id of ids) setup.services.commands.set(id, () => ran.push(id));
    return { ...setup, ran };
  }

  it('Ctrl and Cmd are the same; modifiers must match exactly', () => {
    const { registry } = withPageHandlers(['edit.undo', 'edit.redo']);
    const here = inProject('timeline');
    expect(registry.resolveKey(press('k', { ctrl: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('k', { meta: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('K', { ctrl: true }), here)?.id).toBe('palette.open');
    expect(registry.resolveKey(press('k'), here)).toBeUndefined();
    expect(registry.resolveKey(press('k', { ctrl: true, shift: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('k', { ctrl: true, alt: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('z', { ctrl: true }), here)?.id).toBe('edit.undo');
    expect(registry.resolveKey(press('Z', { meta: true, shift: true }), here)?.id).toBe('edit.redo');
    expect(registry.resolveKey(press('z', { ctrl: true, alt: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('s', { ctrl: true, shift: true }), here)).toBeUndefined();
    expect(registry.resolveKey(press('h', { ctrl: true, shift: true }), home)?.id).toBe('nav.home');
    expect(registry.resolveKey(press('h', { ctrl: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('?', { shift: true }), home)?.id).toBe('help.toggle');
    expect(registry.resolveKey(press('?'), home)).toBeUndefined();
  });

  it('Ctrl+N only with a project; Ctrl+S and Ctrl+Shift+N too', () => {
    const { registry } = appRegistry();
    expect(registry.resolveKey(press('n', { ctrl: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('n', { ctrl: true }), inProject('dashboard'))?.id).toBe('asset.new');
    expect(registry.resolveKey(press('n', { meta: true, shift: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('n', { meta: true, shift: true }), inProject('script'))?.id).toBe(
      'shot.new',
    );
    expect(registry.resolveKey(press('s', { ctrl: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('s', { ctrl: true }), inProject('script'))?.id).toBe('project.save');
  });

  it('timeline keys work only on paths containing timeline or shot-lab', () => {
    const { registry } = withPageHandlers([
      'playback.toggle',
      'frame.previous',
      'frame.next',
      'shot.previous',
      'shot.next',
    ]);
    const keys: [ReturnType<typeof press>, string][] = [
      [press(' '), 'playback.toggle'],
      [press('ArrowLeft'), 'frame.previous'],
      [press('ArrowRight'), 'frame.next'],
      [press('ArrowLeft', { shift: true }), 'shot.previous'],
      [press('ArrowRight', { shift: true }), 'shot.next'],
    ];
    for (const [event, id] of keys) {
      expect(registry.resolveKey(event, inProject('timeline'))?.id).toBe(id);
      expect(registry.resolveKey(event, inProject('shot-lab'))?.id).toBe(id);
      expect(registry.resolveKey(event, { pathname: '/project/p1/shot-lab/s9', projectId: 'p1' })?.id).toBe(
        id,
      );
      expect(registry.resolveKey(event, inProject('storyboard'))).toBeUndefined();
      expect(registry.resolveKey(event, inProject('script'))).toBeUndefined();
      expect(registry.resolveKey(event, home)).toBeUndefined();
    }
    expect(registry.resolveKey(press('ArrowLeft', { ctrl: true }), inProject('timeline'))).toBeUndefined();
  });

  it('timeline keys need the page to handle them: no handler, no action', () => {
    const { registry } = appRegistry();
    expect(registry.resolveKey(press(' '), inProject('timeline'))).toBeUndefined();
  });

  it('Ctrl+G and Ctrl+R work only on paths containing asset', () => {
    const { registry, ran } = withPageHandlers(['asset.generateImage', 'asset.regenerate']);
    for (const page of ['assets', 'assets/a1']) {
      expect(registry.resolveKey(press('g', { ctrl: true }), inProject(page))?.id).toBe(
        'asset.generateImage',
      );
      expect(registry.resolveKey(press('r', { meta: true }), inProject(page))?.id).toBe('asset.regenerate');
    }
    for (const context of [inProject('timeline'), inProject('script'), home]) {
      expect(registry.resolveKey(press('g', { ctrl: true }), context)).toBeUndefined();
      expect(registry.resolveKey(press('r', { ctrl: true }), context)).toBeUndefined();
    }
    void registry.resolveKey(press('g', { ctrl: true }), inProject('assets'))?.perform(inProject('assets'));
    expect(ran).toEqual(['asset.generateImage']);
  });

  it('is ignored while typing, except help where ? is not being written as text', () => {
    const { registry } = appRegistry();
    const here = inProject('script');
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
    const { action, services } = appRegistry();
    void action('palette.open').perform(home);
    expect(services.ui.store.get().paletteOpen).toBe(true);
    void action('help.toggle').perform(home);
    void action('help.toggle').perform(home);
    void action('help.toggle').perform(home);
    expect(services.ui.store.get().helpOpen).toBe(true);
    void action('project.firstPass').perform(inProject('script'));
    expect(services.ui.store.get().firstPassOpen).toBe(true);
  });

  it("Ctrl+S with nothing to save says 'Saved'", async () => {
    const { action, services } = appRegistry();
    await action('project.save').perform(inProject('script'));
    expect(services.toasts.store.get().map((toast) => toast.title)).toEqual(['Saved']);
  });

  it('Render All Images starts one job, tracks it and tells where progress shows', async () => {
    const { action, services, client } = appRegistry();
    const generateBatch = vi
      .spyOn(client.shots, 'generateBatch')
      .mockResolvedValue({ job: started, counts: { waiting: 1, running: 0 } });
    const done = action('generate.renderAllImages').perform(inProject('storyboard'));
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
    const { action, registry, services, client } = appRegistry();
    const at = inProject('storyboard');
    const images = action('generate.renderStaleImages');
    const videos = action('generate.renderStaleVideos');
    // Shots not loaded yet: the server decides.
    expect(registry.isAvailable(images, at)).toBe(true);
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
    expect(registry.isAvailable(images, at)).toBe(true);
    expect(registry.isAvailable(videos, at)).toBe(false);
    expect(videos.unavailableReason?.(at)).toBe("every shot's video is rendered and up to date");
    const generateBatch = vi
      .spyOn(client.shots, 'generateBatch')
      .mockResolvedValue({ job: started, counts: { waiting: 1, running: 0 } });
    await images.perform(at);
    expect(generateBatch).toHaveBeenCalledWith({ projectId: 'p1', staleOnly: true });
    expect(services.toasts.store.get()[0]?.title).toBe('Render Stale Images started');
  });

  it("a batch that cannot start shows 'Operation Failed' with the reason", async () => {
    const { action, services, client } = appRegistry();
    vi.spyOn(client.shots, 'generateVideoBatch').mockRejectedValue(new Error('Socket not connected'));
    await action('generate.renderAllVideos').perform(inProject('storyboard'));
    await action('generate.recomposeAll').perform(inProject('storyboard'));
    expect(services.activity.count).toBe(0);
    expect(services.toasts.store.get().map((toast) => [toast.title, toast.message])).toEqual([
      ['Operation Failed', 'Socket not connected'],
      ['Operation Failed', 'The socket is not available'],
    ]);
  });

  it('view.toggleTheme flips the theme on the page root and saves it', () => {
    const { action } = appRegistry();
    void action('view.toggleTheme').perform(home);
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    void action('view.toggleTheme').perform(home);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('reelbench-theme')).toBe('dark');
  });
});

describe('the asset pages’ actions', () => {
  it('join the app registry without a binding conflict; F2 renames the selected asset on the assets pages only', async () => {
    const { registerAssetActions, assetsUi } = await import('../src/pages/assets/asset-actions.js');
    const { services } = appRegistry();
    for (const action of appActions({ services, navigate: vi.fn() })) services.registry.register(action);
    expect(() => registerAssetActions(services)).not.toThrow();
    const assets = inProject('assets');
    expect(services.registry.resolveKey(press('F2'), assets)).toBeUndefined();
    assetsUi(services).set((state) => ({
      ...state,
      current: { id: 'a1', name: 'Mara', isSeriesLevel: false } as never,
    }));
    expect(services.registry.resolveKey(press('F2'), assets)?.id).toBe('asset.rename');
    expect(services.registry.resolveKey(press('F2'), inProject('timeline'))?.id).not.toBe('asset.rename');
    expect(services.registry.search('series', assets).map((action) => action.id)).toContain(
      'asset.toggleSeries',
    );
    expect(services.registry.search('series', assets).map((action) => action.id)).not.toContain(
      'asset.toProject',
    );
  });
});
