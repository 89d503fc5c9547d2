import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionContext, ActionDefinition } from '../src/actions/action.js';
import { createActionRegistry } from '../src/actions/index.js';
import { bindActionKeys, runAction } from '../src/actions/run-action.js';
import type { AppServices } from '../src/app/services.js';
import { ActionButton } from '../src/shell/action-button.js';
import { contextAt, offlineServices } from './action-context.js';
import { renderPage } from './render-page.js';

let services: AppServices;
let performed: string[];
let unbind: (() => void) | undefined;
let inProject: ActionContext;
let home: ActionContext;

beforeEach(() => {
  performed = [];
  const perform = (id: string) => () => {
    performed.push(id);
  };
  const actions: ActionDefinition[] = [
    {
      id: 'project.save',
      label: 'Save project',
      section: 'Project',
      binding: 'Mod+S',
      perform: perform('project.save'),
      available: (at) => at.projectId !== null,
    },
    { id: 'zoom.in', label: 'Zoom in', section: 'View', binding: 'Mod+plus', perform: perform('zoom.in') },
    {
      id: 'help.toggle',
      label: 'Keyboard shortcuts',
      section: 'Help',
      binding: 'Shift+?',
      perform: perform('help.toggle'),
    },
    {
      id: 'broken',
      label: 'Broken',
      section: 'View',
      binding: 'Mod+B',
      perform: () => Promise.reject(new Error('no luck')),
    },
  ];
  services = { ...offlineServices(), registry: createActionRegistry(actions) };
  inProject = contextAt(services, '/project/p1/dashboard');
  home = contextAt(services, '/');
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
    expect(runAction('zoom.in', inProject)).toBe(true);
    expect(runAction('project.save', inProject)).toBe(true);
    expect(performed).toEqual(['zoom.in', 'project.save']);
    expect(recent()).toEqual(['project.save', 'zoom.in']);
  });

  it('neither performs nor records an unknown or unavailable action', () => {
    expect(runAction('project.save', home)).toBe(false);
    expect(runAction('nothing.here', inProject)).toBe(false);
    expect(performed).toEqual([]);
    expect(recent()).toEqual([]);
  });

  it('does not record opening the help, and logs a failed action instead of throwing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    runAction('help.toggle', inProject);
    expect(runAction('broken', inProject)).toBe(true);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(new Error('no luck')));
    expect(performed).toEqual(['help.toggle']);
    expect(recent()).toEqual(['broken']);
  });
});

describe('the three ways to run an action behave the same', () => {
  it('a keyboard shortcut records the action as recent, as the palette does', () => {
    unbind = bindActionKeys(window, () => inProject);
    keydown('s', { ctrl: true });
    keydown('=', { ctrl: true });
    expect(performed).toEqual(['project.save', 'zoom.in']);
    expect(recent()).toEqual(['zoom.in', 'project.save']);
  });

  it('a shortcut whose action is unavailable here does nothing', () => {
    unbind = bindActionKeys(window, () => home);
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
