import { createReelbench } from '@reelbench/sdk';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionContext } from '../src/actions/registry.js';
import { bindActionKeys, runAction } from '../src/actions/run-action.js';
import { type AppServices, createServices } from '../src/app/services.js';
import { ActionButton } from '../src/shell/action-button.js';
import { renderPage } from './render-page.js';

const inProject: ActionContext = { pathname: '/project/p1/dashboard', projectId: 'p1' };

let services: AppServices;
let performed: string[];
let unbind: (() => void) | undefined;

beforeEach(() => {
  services = createServices({ client: createReelbench({ baseUrl: 'http://127.0.0.1:9', socket: false }) });
  performed = [];
  const perform = (id: string) => () => {
    performed.push(id);
  };
  services.registry.register({
    id: 'project.save',
    label: 'Save project',
    section: 'Global',
    binding: 'Mod+S',
    perform: perform('project.save'),
    available: (at) => at.projectId !== null,
  });
  services.registry.register({
    id: 'zoom.in',
    label: 'Zoom in',
    section: 'Global',
    binding: 'Mod+plus',
    perform: perform('zoom.in'),
  });
  services.registry.register({
    id: 'help.toggle',
    label: 'Keyboard shortcuts',
    section: 'Global',
    binding: 'Shift+?',
    perform: perform('help.toggle'),
  });
  services.registry.register({
    id: 'broken',
    label: 'Broken',
    section: 'Global',
    binding: 'Mod+B',
    perform: () => Promise.reject(new Error('no luck')),
  });
});

afterEach(() => {
  unbind?.();
  unbind = undefined;
});

const recent = () => services.recent.store.get();
const keydown = (key: string, mods: { ctrl?: boolean; shift?: boolean } = {}) =>
  window.dispatchEvent(
    new KeyboardEvent('keydown', {
      key,
      ctrlKey: mods.ctrl ?? false,
      shiftKey: mods.shift ?? false,
      bubbles: true,
      cancelable: true,
    }),
  );

describe('runAction', () => {
  it('performs an available action and records it as recent, newest first', () => {
    expect(runAction(services, 'zoom.in', inProject)).toBe(true);
    expect(runAction(services, 'project.save', inProject)).toBe(true);
    expect(performed).toEqual(['zoom.in', 'project.save']);
    expect(recent()).toEqual(['project.save', 'zoom.in']);
  });

  it('neither performs nor records an unknown or unavailable action', () => {
    expect(runAction(services, 'project.save', { pathname: '/', projectId: null })).toBe(false);
    expect(runAction(services, 'nothing.here', inProject)).toBe(false);
    expect(performed).toEqual([]);
    expect(recent()).toEqual([]);
  });

  it('does not record opening the help, and logs a failed action instead of throwing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    runAction(services, 'help.toggle', inProject);
    expect(runAction(services, 'broken', inProject)).toBe(true);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(new Error('no luck')));
    expect(performed).toEqual(['help.toggle']);
    expect(recent()).toEqual(['broken']);
  });
});

describe('the three ways to run an action behave the same', () => {
  it('a keyboard shortcut records the action as recent, as the palette does', () => {
    unbind = bindActionKeys(window, services, () => inProject);
    keydown('s', { ctrl: true });
    keydown('=', { ctrl: true });
    expect(performed).toEqual(['project.save', 'zoom.in']);
    expect(recent()).toEqual(['zoom.in', 'project.save']);
  });

  it('a shortcut whose action is unavailable here does nothing', () => {
    unbind = bindActionKeys(window, services, () => ({ pathname: '/', projectId: null }));
    keydown('s', { ctrl: true });
    expect(performed).toEqual([]);
    expect(recent()).toEqual([]);
  });

  it('an ActionButton click records the action as recent', async () => {
    renderPage(services, '/project/p1/dashboard', () => <ActionButton actionId="project.save" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save project' }));
    expect(performed).toEqual(['project.save']);
    expect(recent()).toEqual(['project.save']);
  });
});
