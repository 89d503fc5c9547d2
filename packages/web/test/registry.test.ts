import { describe, expect, it, vi } from 'vitest';
import type { ActionDefinition } from '../src/actions/action.js';
import { ActionConflictError, ActionRegistry } from '../src/actions/registry.js';
import { inScope, projectPage, ROUTE_SAMPLES, scopesOverlap } from '../src/actions/scopes.js';
import { contextAt, offlineServices } from './action-context.js';

const noop = () => {};
const services = offlineServices();
const home = contextAt(services, '/');
const timeline = contextAt(services, '/project/p1/timeline');
const shotLab = contextAt(services, '/project/p1/shot-lab');
const assets = contextAt(services, '/project/p1/assets');
const asset = contextAt(services, '/project/p1/assets/a1');
const audio = contextAt(services, '/project/p1/audio');

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

function action(definition: Partial<ActionDefinition> & Pick<ActionDefinition, 'id'>): ActionDefinition {
  return { label: definition.id, section: 'View', perform: noop, ...definition };
}

function registryOf(...definitions: ActionDefinition[]) {
  const registry = new ActionRegistry();
  for (const definition of definitions) registry.register(definition);
  return registry;
}

describe('scopes', () => {
  it('reads the project page of a path', () => {
    expect(projectPage('/project/p1')).toBe('');
    expect(projectPage('/project/p1/')).toBe('');
    expect(projectPage('/project/p1/timeline')).toBe('timeline');
    expect(projectPage('/project/p1/assets/a1')).toBe('assets/a1');
    expect(projectPage('/')).toBeNull();
    expect(projectPage('/review/t1')).toBeNull();
  });

  it("SPEC.md §9's scopes are by path fragment: timeline or shot-lab, asset", () => {
    for (const path of ['/project/p1/timeline', '/project/p1/shot-lab', '/project/p1/shot-lab/s9']) {
      expect(inScope('timeline', path), path).toBe(true);
    }
    expect(inScope('timeline', '/project/p1/storyboard')).toBe(false);
    expect(inScope('asset', '/project/p1/assets')).toBe(true);
    expect(inScope('asset', '/project/p1/assets/a1')).toBe(true);
    expect(inScope('asset', '/project/p1/audio')).toBe(false);
  });

  it('page scopes match their route exactly', () => {
    expect(inScope('timeline-page', '/project/p1/timeline')).toBe(true);
    expect(inScope('timeline-page', '/project/p1/shot-lab')).toBe(false);
    expect(inScope('asset-page', '/project/p1/assets/a1')).toBe(true);
    expect(inScope('asset-page', '/project/p1/assets')).toBe(false);
    expect(inScope('dashboard', '/project/p1')).toBe(true);
    expect(inScope('dashboard', '/project/p1/dashboard')).toBe(true);
    expect(inScope('projects', '/')).toBe(true);
    expect(inScope('cut', '/project/p1/edl')).toBe(false);
    expect(inScope('cuts', '/project/p1/edl/e1')).toBe(true);
  });

  it('two scopes overlap when a route of the app is in both', () => {
    expect(scopesOverlap('timeline', 'timeline-page')).toBe(true);
    expect(scopesOverlap('timeline', 'shot-lab')).toBe(true);
    expect(scopesOverlap('asset', 'asset-page')).toBe(true);
    expect(scopesOverlap(undefined, 'audio')).toBe(true);
    expect(scopesOverlap('timeline', 'audio')).toBe(false);
    expect(scopesOverlap('asset', 'timeline-page')).toBe(false);
    expect(scopesOverlap('rough-cut', 'audio')).toBe(false);
    expect(ROUTE_SAMPLES).toContain('/project/p1/assets/a1');
  });
});

describe('ActionRegistry', () => {
  it('refuses a binding already taken in an overlapping scope', () => {
    const registry = registryOf(
      action({ id: 'save', binding: 'Mod+S' }),
      action({ id: 'play', binding: 'Space', scope: 'timeline' }),
    );
    expect(() => registry.register(action({ id: 'x', binding: 'Ctrl+S' }))).toThrow(ActionConflictError);
    expect(() => registry.register(action({ id: 'y', binding: 'Space', scope: 'shot-lab' }))).toThrow(
      'Shortcut Space is bound to both play and y',
    );
    // The timeline page is in the timeline scope (paths containing timeline).
    expect(() => registry.register(action({ id: 'z', binding: 'Space', scope: 'timeline-page' }))).toThrow(
      ActionConflictError,
    );
    expect(registry.get('x')).toBeUndefined();
  });

  it('allows the same binding in scopes no page is in at once, and resolves it by page', () => {
    const registry = registryOf(
      action({ id: 'timeline.play', binding: 'Space', scope: 'timeline' }),
      action({ id: 'audio.play', binding: 'Space', scope: 'audio' }),
      action({ id: 'rename.scene', binding: 'F2', scope: 'timeline-page' }),
      action({ id: 'rename.asset', binding: 'F2', scope: 'asset' }),
    );
    expect(registry.resolveKey(press(' '), timeline)?.id).toBe('timeline.play');
    expect(registry.resolveKey(press(' '), shotLab)?.id).toBe('timeline.play');
    expect(registry.resolveKey(press(' '), audio)?.id).toBe('audio.play');
    expect(registry.resolveKey(press(' '), home)).toBeUndefined();
    expect(registry.resolveKey(press('F2'), timeline)?.id).toBe('rename.scene');
    expect(registry.resolveKey(press('F2'), asset)?.id).toBe('rename.asset');
    expect(registry.resolveKey(press('F2'), shotLab)).toBeUndefined();
  });

  it('resolves a key only where the action is available', () => {
    let ready = false;
    const registry = registryOf(
      action({ id: 'gen', binding: 'Mod+G', scope: 'asset', available: () => ready }),
    );
    expect(registry.resolveKey(press('g', { ctrl: true }), assets)).toBeUndefined();
    ready = true;
    expect(registry.resolveKey(press('g', { ctrl: true }), assets)?.id).toBe('gen');
    expect(registry.resolveKey(press('g', { meta: true }), asset)?.id).toBe('gen');
    expect(registry.resolveKey(press('g', { ctrl: true }), timeline)).toBeUndefined();
  });

  it('ignores shortcuts while typing, except one allowed there where ? is not text being written', () => {
    const registry = registryOf(
      action({ id: 'save', binding: 'Mod+S' }),
      action({ id: 'help', binding: 'Shift+?', allowWhileTyping: true }),
      action({ id: 'cycle', binding: 'C' }),
    );
    const input = { tagName: 'INPUT' };
    expect(registry.resolveKey(press('s', { ctrl: true }, input), timeline)).toBeUndefined();
    for (const field of [
      { tagName: 'SELECT' },
      { tagName: 'INPUT', type: 'checkbox' },
      { tagName: 'TEXTAREA', readOnly: true },
    ]) {
      expect(registry.resolveKey(press('s', { ctrl: true }, field), timeline)).toBeUndefined();
      expect(registry.resolveKey(press('?', { shift: true }, field), timeline)?.id).toBe('help');
    }
    for (const writing of [input, { tagName: 'TEXTAREA' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(registry.resolveKey(press('?', { shift: true }, writing), timeline)).toBeUndefined();
    }
    // A letter in an open listbox (a select's options) picks an option, not an action.
    const option = { tagName: 'DIV', getAttribute: (name: string) => (name === 'role' ? 'option' : null) };
    expect(registry.resolveKey(press('c', {}, option), timeline)).toBeUndefined();
    expect(registry.resolveKey(press('c', {}, { tagName: 'BUTTON' }), timeline)?.id).toBe('cycle');
  });

  it('searches labels, hints and keywords of the actions available here', () => {
    const registry = registryOf(
      action({ id: 'fp', label: 'Generate First Pass', keywords: ['wizard'] }),
      action({ id: 'ri', label: 'Render All Images', hint: 'batch', available: (c) => c.projectId !== null }),
      action({ id: 'tl', label: 'Toggle Preserve Timing', scope: 'timeline-page' }),
    );
    expect(registry.search('first', home).map((a) => a.id)).toEqual(['fp']);
    expect(registry.search('WIZARD', home).map((a) => a.id)).toEqual(['fp']);
    expect(registry.search('batch', home)).toEqual([]);
    expect(registry.search('batch', timeline).map((a) => a.id)).toEqual(['ri']);
    expect(registry.search('timing', home)).toEqual([]);
    expect(registry.search('timing', timeline).map((a) => a.id)).toEqual(['tl']);
  });

  it('tells an action of another page from one unavailable on its own page', () => {
    const registry = registryOf(action({ id: 'tl', scope: 'timeline-page', available: () => false }));
    const found = registry.get('tl');
    if (!found) throw new Error('no action');
    expect(registry.appliesHere(found, timeline)).toBe(true);
    expect(registry.isAvailable(found, timeline)).toBe(false);
    expect(registry.appliesHere(found, home)).toBe(false);
  });

  it('groups the help: global keys by section in the palette order, then page keys by where they work', () => {
    const registry = registryOf(
      action({ id: 'play', label: 'Play', binding: 'Space', scope: 'timeline' }),
      action({ id: 'help', label: 'Help', section: 'Help', binding: 'Shift+?' }),
      action({ id: 'home', label: 'Home', section: 'Navigation', binding: 'Mod+Shift+H' }),
      action({ id: 'nudge', label: 'Nudge', binding: ',', scope: 'audio' }),
      action({ id: 'unbound', label: 'Unbound' }),
    );
    const groups = registry.helpGroups(timeline);
    expect(groups.map((group) => [group.title, group.here, group.actions.map((a) => a.id)])).toEqual([
      ['Navigation', true, ['home']],
      ['Help', true, ['help']],
      ['Timeline and shot lab', true, ['play']],
      ['Audio', false, ['nudge']],
    ]);
    expect(registry.helpGroups(audio).find((group) => group.scope === 'audio')?.here).toBe(true);
  });

  it('refuses a second action with the same id', () => {
    const registry = registryOf(action({ id: 'palette.open' }));
    expect(() => registry.register(action({ id: 'palette.open' }))).toThrow(
      'Action palette.open is already registered',
    );
  });

  it('resolves Ctrl+= to the Ctrl+plus binding (how plus is typed), with exact modifiers', () => {
    const registry = registryOf(
      action({ id: 'zoom.in', binding: 'Mod+plus' }),
      action({ id: 'zoom.out', binding: 'Mod+minus' }),
    );
    expect(registry.resolveKey(press('=', { ctrl: true }), home)?.id).toBe('zoom.in');
    expect(registry.resolveKey(press('+', { meta: true }), home)?.id).toBe('zoom.in');
    expect(registry.resolveKey(press('=', { ctrl: true, shift: true }), home)).toBeUndefined();
    expect(registry.resolveKey(press('='), home)).toBeUndefined();
    expect(registry.resolveKey(press('-', { ctrl: true }), home)?.id).toBe('zoom.out');
  });

  it('touch() tells the palette and the buttons to read availability again', () => {
    const registry = new ActionRegistry();
    const listener = vi.fn();
    registry.version.subscribe(listener);
    registry.touch();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
