import { describe, expect, it, vi } from 'vitest';
import { ActionConflictError, type ActionContext, ActionRegistry } from '../src/actions/registry.js';
import { SHORTCUT_SPECS } from '../src/actions/shortcuts.js';

const noop = () => {};
const home: ActionContext = { pathname: '/', projectId: null };
const timeline: ActionContext = { pathname: '/project/p1/timeline', projectId: 'p1' };
const assets: ActionContext = { pathname: '/project/p1/assets', projectId: 'p1' };

function fullRegistry() {
  const registry = new ActionRegistry();
  for (const spec of SHORTCUT_SPECS) registry.register({ ...spec, perform: noop });
  return registry;
}

const press = (
  key: string,
  mods: { ctrl?: boolean; shift?: boolean; meta?: boolean } = {},
  target?: object,
) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: false,
  target,
});

describe('ActionRegistry', () => {
  it('registers every shortcut of the specification without a conflict', () => {
    const registry = fullRegistry();
    expect(registry.all()).toHaveLength(SHORTCUT_SPECS.length);
  });

  it('refuses a binding already taken in an overlapping scope', () => {
    const registry = fullRegistry();
    expect(() =>
      registry.register({ id: 'x', label: 'X', section: 'Global', binding: 'Ctrl+S', perform: noop }),
    ).toThrow(ActionConflictError);
    expect(() =>
      registry.register({
        id: 'y',
        label: 'Y',
        section: 'T',
        binding: 'Space',
        paths: ['timeline'],
        perform: noop,
      }),
    ).toThrow('Shortcut Space is bound to both playback.toggle and y');
  });

  it('allows the same binding in scopes that cannot overlap', () => {
    const registry = new ActionRegistry();
    registry.register({
      id: 'a',
      label: 'A',
      section: 'S',
      binding: 'Mod+G',
      paths: ['asset'],
      perform: noop,
    });
    registry.register({
      id: 'b',
      label: 'B',
      section: 'S',
      binding: 'Mod+G',
      paths: ['timeline'],
      perform: noop,
    });
    expect(registry.resolveKey(press('g', { ctrl: true }), timeline)?.id).toBe('b');
    expect(registry.resolveKey(press('g', { ctrl: true }), assets)?.id).toBe('a');
  });

  it('resolves path-scoped shortcuts only on their paths', () => {
    const registry = fullRegistry();
    expect(registry.resolveKey(press(' '), timeline)?.id).toBe('playback.toggle');
    expect(registry.resolveKey(press(' '), home)).toBeUndefined();
    expect(registry.resolveKey(press('ArrowRight', { shift: true }), timeline)?.id).toBe('shot.next');
    expect(registry.resolveKey(press('r', { meta: true }), assets)?.id).toBe('asset.regenerate');
  });

  it('needs a project for project actions', () => {
    const registry = fullRegistry();
    expect(registry.resolveKey(press('n', { ctrl: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('n', { ctrl: true }), timeline)?.id).toBe('asset.new');
  });

  it('ignores shortcuts while typing, except help where ? is not text being written', () => {
    const registry = fullRegistry();
    const input = { tagName: 'INPUT' };
    expect(registry.resolveKey(press('s', { ctrl: true }, input), timeline)).toBeUndefined();
    for (const field of [
      { tagName: 'SELECT' },
      { tagName: 'INPUT', type: 'checkbox' },
      { tagName: 'TEXTAREA', readOnly: true },
    ]) {
      expect(registry.resolveKey(press('s', { ctrl: true }, field), timeline)).toBeUndefined();
      expect(registry.resolveKey(press('?', { shift: true }, field), timeline)?.id).toBe('help.toggle');
    }
    for (const writing of [input, { tagName: 'TEXTAREA' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(registry.resolveKey(press('?', { shift: true }, writing), timeline)).toBeUndefined();
    }
  });

  it('searches labels, hints and keywords and hides unavailable actions', () => {
    const registry = new ActionRegistry();
    const perform = vi.fn();
    registry.register({
      id: 'fp',
      label: 'Generate First Pass',
      section: 'Generate',
      keywords: ['wizard'],
      perform,
    });
    registry.register({
      id: 'ri',
      label: 'Render All Images',
      section: 'Generate',
      hint: 'batch',
      available: (c) => c.projectId !== null,
      perform,
    });
    expect(registry.search('first', home).map((a) => a.id)).toEqual(['fp']);
    expect(registry.search('WIZARD', home).map((a) => a.id)).toEqual(['fp']);
    expect(registry.search('batch', home)).toEqual([]);
    expect(registry.search('batch', timeline).map((a) => a.id)).toEqual(['ri']);
    expect(registry.search('nothing like this', timeline)).toEqual([]);
  });

  it('groups the help overlay by section, including help-only storyboard keys', () => {
    const groups = fullRegistry().helpGroups();
    expect(groups.map((g) => g.section)).toEqual(['Global', 'Timeline', 'Assets', 'Storyboard']);
    expect(groups.find((g) => g.section === 'Storyboard')?.actions.map((a) => a.binding)).toEqual(['C', 'P']);
  });

  it('refuses a second action with the same id', () => {
    const registry = fullRegistry();
    expect(() =>
      registry.register({ id: 'palette.open', label: 'Again', section: 'Global', perform: noop }),
    ).toThrow('Action palette.open is already registered');
  });

  it('resolves Ctrl+= to the Ctrl+plus binding (how plus is typed), with exact modifiers', () => {
    const registry = fullRegistry();
    expect(registry.resolveKey(press('=', { ctrl: true }), home)?.id).toBe('zoom.in');
    expect(registry.resolveKey(press('+', { meta: true }), home)?.id).toBe('zoom.in');
    expect(registry.resolveKey(press('=', { ctrl: true, shift: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('='), home)).toBeUndefined();
    expect(registry.resolveKey(press('-', { ctrl: true }), home)?.id).toBe('zoom.out');
  });

  it('never resolves a help-only binding, nor offers it in the palette', () => {
    const registry = fullRegistry();
    const storyboard: ActionContext = { pathname: '/project/p1/storyboard', projectId: 'p1' };
    expect(registry.resolveKey(press('c'), storyboard)).toBeUndefined();
    expect(registry.resolveKey(press('p'), storyboard)).toBeUndefined();
    expect(registry.search('alternate', storyboard)).toEqual([]);
    expect(registry.get('storyboard.cycleAlternate')?.shortcut).toEqual({
      mod: false,
      shift: false,
      alt: false,
      key: 'c',
    });
  });

  it('availability combines the path scope and the available() check', () => {
    const registry = new ActionRegistry();
    const action = {
      id: 'scoped',
      label: 'Scoped',
      section: 'S',
      paths: ['timeline'],
      available: (c: ActionContext) => c.projectId === 'p1',
      perform: noop,
    };
    registry.register(action);
    expect(registry.isAvailable(action, timeline)).toBe(true);
    expect(registry.isAvailable(action, assets)).toBe(false);
    expect(registry.isAvailable(action, { pathname: '/project/p2/timeline', projectId: 'p2' })).toBe(false);
    expect(registry.search('', timeline).map((a) => a.id)).toEqual(['scoped']);
    expect(registry.search('', assets)).toEqual([]);
  });

  it('registerOnce keeps the first definition of an id and adds the new ones', () => {
    const registry = new ActionRegistry();
    const first = () => {};
    registry.registerOnce({ id: 'page.one', label: 'One', section: 'View', perform: first });
    registry.registerOnce(
      { id: 'page.one', label: 'One again', section: 'View', perform: () => {} },
      { id: 'page.two', label: 'Two', section: 'View', perform: () => {} },
    );
    expect(registry.all().map((action) => [action.id, action.label])).toEqual([
      ['page.one', 'One'],
      ['page.two', 'Two'],
    ]);
    expect(registry.get('page.one')?.perform).toBe(first);
  });
});
