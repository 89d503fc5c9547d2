import { defaultAssetConfig } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionContext } from '../src/actions/action.js';
import { editContext } from '../src/actions/edit-actions.js';
import { bindRegistryKeys, tinykeysCombos } from '../src/actions/keybindings.js';
import type { RegisteredAction } from '../src/actions/registry.js';
import type { AppServices } from '../src/app/services.js';
import { parseShortcut } from '../src/keyboard/shortcut.js';
import { assetsUi } from '../src/pages/assets/asset-actions.js';
import { audioPage } from '../src/pages/audio/audio-actions.js';
import { storyboardPage } from '../src/pages/storyboard/storyboard-actions.js';
import { createStore } from '../src/state/store.js';
import { playhead } from '../src/timeline/playhead-actions.js';
import { contextAt, offlineServices } from './action-context.js';
import { makeAsset } from './shots-fixtures.js';

let services: AppServices;
let context: ActionContext;
let ran: string[];
let unbind: () => void;
let blocked: (action: RegisteredAction) => boolean;

const go = (pathname: string) => {
  context = contextAt(services, pathname);
};

beforeEach(() => {
  services = offlineServices();
  go('/project/p1/dashboard');
  ran = [];
  blocked = () => false;
  // What the pages in front supply: a zoom, a playhead, an asset with its selected key, the storyboard's active shot.
  editContext.store(services).set({ zoom: { level: createStore(2), levels: 5, reset: 2 } });
  playhead.store(services).set({ togglePlayback: () => {}, frame: () => {}, shot: () => {} });
  const config = defaultAssetConfig('prop');
  assetsUi(services).set((state) => ({
    ...state,
    current: makeAsset({
      config,
      images: {
        [config.defaultImageKey]: {
          url: '/lamp.png',
          optimizedUrl: null,
          thumbnailUrl: null,
          mediumUrl: null,
          s3Key: null,
          generatedAt: null,
          isCustomUpload: false,
          metadata: {},
          prompt: null,
          status: 'completed',
        },
      },
    }),
    selectedKey: config.defaultImageKey,
  }));
  storyboardPage.store(services).set({
    active: 's1',
    activeShot: () => 's1',
    cycleAlternate: () => {},
    promoteAlternate: () => {},
  });
  unbind = bindRegistryKeys(window, services.registry, {
    context: () => context,
    run: (action) => ran.push(action.id),
    blocked: (action) => blocked(action),
  });
});

afterEach(() => {
  unbind();
  document.body.innerHTML = '';
});

interface Keys {
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  alt?: boolean;
  code?: string;
  repeat?: boolean;
}

/** A real keydown, dispatched where the browser would: on the focused element, bubbling to window. */
function keydown(key: string, keys: Keys = {}, target: EventTarget = window): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key,
    code: keys.code ?? '',
    ctrlKey: keys.ctrl ?? false,
    metaKey: keys.meta ?? false,
    shiftKey: keys.shift ?? false,
    altKey: keys.alt ?? false,
    repeat: keys.repeat ?? false,
    bubbles: true,
    cancelable: true,
  });
  target.dispatchEvent(event);
  return event;
}

function field<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  element.focus();
  return element;
}

describe('tinykeysCombos', () => {
  it('lists a Mod binding under Control and under Meta', () => {
    expect(tinykeysCombos(parseShortcut('Mod+K'))).toEqual(['Control+k', 'Meta+k']);
    expect(tinykeysCombos(parseShortcut('Mod+Shift+Z'))).toEqual(['Control+Shift+z', 'Meta+Shift+z']);
  });

  it('names the keys as KeyboardEvent.key does, with = for plus', () => {
    expect(tinykeysCombos(parseShortcut('Mod+plus'))).toEqual(['Control++', 'Control+=', 'Meta++', 'Meta+=']);
    expect(tinykeysCombos(parseShortcut('Mod+minus'))).toEqual(['Control+-', 'Meta+-']);
    expect(tinykeysCombos(parseShortcut('Space'))).toEqual(['Space']);
    expect(tinykeysCombos(parseShortcut('Shift+Left'))).toEqual(['Shift+ArrowLeft']);
    expect(tinykeysCombos(parseShortcut('Right'))).toEqual(['ArrowRight']);
    expect(tinykeysCombos(parseShortcut('Delete'))).toEqual(['Delete']);
    expect(tinykeysCombos(parseShortcut('Shift+?'))).toEqual(['Shift+?']);
    expect(tinykeysCombos(parseShortcut('Alt+Shift+X'))).toEqual(['Shift+Alt+x']);
  });
});

describe('bindRegistryKeys (real KeyboardEvents in jsdom)', () => {
  it('Control+k and Meta+k both run palette.open, once each, and stop the event', () => {
    const ctrl = keydown('k', { ctrl: true, code: 'KeyK' });
    expect(ran).toEqual(['palette.open']);
    expect(ctrl.defaultPrevented).toBe(true);
    keydown('k', { meta: true, code: 'KeyK' });
    expect(ran).toEqual(['palette.open', 'palette.open']);
  });

  it('binds every page’s keys from the first load: the audio page’s work once it shows a soundtrack', () => {
    keydown('.', { code: 'Period' });
    expect(ran).toEqual([]);
    go('/project/p1/audio');
    keydown('.', { code: 'Period' });
    expect(ran).toEqual([]);
    audioPage.store(services).set({ hasTrack: true, nudgeFrames: () => {}, nudgeSeconds: () => {} });
    const event = keydown('.', { code: 'Period' });
    keydown('[', { code: 'BracketLeft' });
    expect(ran).toEqual(['audio.nudge.frameLater', 'audio.nudge.secondEarlier']);
    expect(event.defaultPrevented).toBe(true);
  });

  it('modifiers must match exactly', () => {
    const plain = keydown('k', { code: 'KeyK' });
    keydown('k', { ctrl: true, shift: true, code: 'KeyK' });
    keydown('k', { ctrl: true, alt: true, code: 'KeyK' });
    keydown('k', { ctrl: true, meta: true, code: 'KeyK' });
    expect(ran).toEqual([]);
    expect(plain.defaultPrevented).toBe(false);
  });

  it('Shift+? runs help, also from a button or a checkbox', () => {
    keydown('?', { shift: true, code: 'Slash' });
    keydown('?', { shift: true, code: 'Slash' }, field('button'));
    keydown('?', { shift: true, code: 'Slash' }, field('input', { type: 'checkbox' }));
    expect(ran).toEqual(['help.toggle', 'help.toggle', 'help.toggle']);
  });

  it('help does not fire where ? is being written: text inputs and textareas', () => {
    const textarea = field('textarea');
    const event = keydown('?', { shift: true, code: 'Slash' }, textarea);
    keydown('?', { shift: true, code: 'Slash' }, field('input'));
    keydown('?', { shift: true, code: 'Slash' }, field('input', { type: 'search' }));
    expect(ran).toEqual([]);
    expect(event.defaultPrevented).toBe(false);
  });

  it('neither Ctrl+S nor help runs in an editable element', () => {
    const editor = field('div', { contenteditable: 'true', tabindex: '0' });
    // jsdom does not implement isContentEditable; a browser sets it for this element.
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    keydown('s', { ctrl: true, code: 'KeyS' }, editor);
    keydown('?', { shift: true, code: 'Slash' }, editor);
    expect(ran).toEqual([]);
  });

  it('a keydown whose target is a textarea or an input does not run Ctrl+S', () => {
    const event = keydown('s', { ctrl: true, code: 'KeyS' }, field('textarea'));
    keydown('s', { meta: true, code: 'KeyS' }, field('input'));
    keydown('s', { ctrl: true, code: 'KeyS' }, field('select'));
    expect(ran).toEqual([]);
    expect(event.defaultPrevented).toBe(false);
    keydown('s', { ctrl: true, code: 'KeyS' }, field('button'));
    expect(ran).toEqual(['project.save']);
  });

  it('Ctrl+N runs only with a project', () => {
    go('/');
    keydown('n', { ctrl: true, code: 'KeyN' });
    expect(ran).toEqual([]);
    go('/project/p1/script');
    keydown('n', { ctrl: true, code: 'KeyN' });
    expect(ran).toEqual(['asset.new']);
  });

  it('timeline keys run on timeline and shot-lab paths only; arrows repeat, others do not', () => {
    keydown(' ', { code: 'Space' });
    keydown('ArrowLeft', { code: 'ArrowLeft' });
    expect(ran).toEqual([]);
    go('/project/p1/timeline');
    keydown(' ', { code: 'Space' });
    keydown('ArrowRight', { code: 'ArrowRight', shift: true });
    keydown('ArrowLeft', { code: 'ArrowLeft', repeat: true });
    keydown(' ', { code: 'Space', repeat: true });
    go('/project/p1/shot-lab/s1');
    keydown('ArrowRight', { code: 'ArrowRight' });
    expect(ran).toEqual(['playback.toggle', 'shot.next', 'frame.previous', 'frame.next']);
  });

  it('Ctrl+G and Ctrl+R run only on asset paths', () => {
    keydown('g', { ctrl: true, code: 'KeyG' });
    keydown('r', { ctrl: true, code: 'KeyR' });
    expect(ran).toEqual([]);
    go('/project/p1/assets');
    keydown('g', { ctrl: true, code: 'KeyG' });
    keydown('r', { meta: true, code: 'KeyR' });
    expect(ran).toEqual(['asset.generateImage', 'asset.regenerate']);
  });

  it('storyboard C and P act on its active shot, on the storyboard only, not while a listbox takes letters', () => {
    keydown('c', { code: 'KeyC' });
    expect(ran).toEqual([]);
    go('/project/p1/storyboard');
    keydown('c', { code: 'KeyC' });
    keydown('p', { code: 'KeyP' });
    keydown('C', { shift: true, code: 'KeyC' });
    keydown('c', { code: 'KeyC' }, field('div', { role: 'option', tabindex: '0' }));
    expect(ran).toEqual(['storyboard.cycleAlternate', 'storyboard.promoteAlternate']);
  });

  it('Ctrl+= (how Ctrl+plus is typed) and Ctrl++ both zoom in; Ctrl+- zooms out; Ctrl+0 resets', () => {
    keydown('=', { ctrl: true, code: 'Equal' });
    keydown('+', { ctrl: true, code: 'NumpadAdd' });
    keydown('-', { ctrl: true, code: 'Minus' });
    keydown('0', { meta: true, code: 'Digit0' });
    expect(ran).toEqual(['zoom.in', 'zoom.in', 'zoom.out', 'zoom.reset']);
    // Modifiers stay exact: Shift is not part of the binding.
    keydown('+', { ctrl: true, shift: true, code: 'Equal' });
    expect(ran).toHaveLength(4);
  });

  it('while blocked (a dialog is open) only allowed actions run', () => {
    blocked = (action) => action.id !== 'help.toggle';
    keydown('k', { ctrl: true, code: 'KeyK' });
    keydown('?', { shift: true, code: 'Slash' });
    expect(ran).toEqual(['help.toggle']);
  });

  it('runs before widgets see the key (capture phase) and stops it there', () => {
    const button = field('button');
    const widget = vi.fn();
    button.addEventListener('keydown', widget);
    keydown('k', { ctrl: true, code: 'KeyK' }, button);
    expect(ran).toEqual(['palette.open']);
    expect(widget).not.toHaveBeenCalled();
  });

  it('unbinding removes the listener', () => {
    unbind();
    keydown('k', { ctrl: true, code: 'KeyK' });
    expect(ran).toEqual([]);
  });
});
