import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyBuffer } from '../src/keyboard/key-buffer.js';

const press = (target: EventTarget, key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('KeyBuffer: keys typed after Ctrl+K, before the palette has the focus', () => {
  const buffer = new KeyBuffer(1_000);
  afterEach(() => {
    buffer.cancel();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('keeps printable keys and Backspace from the focused editor, then types them into the field', () => {
    const editor = document.createElement('textarea');
    const heard = vi.fn();
    editor.addEventListener('keydown', heard);
    document.body.append(editor);
    buffer.start(window);
    for (const key of ['r', 'e', 'x', 'Backspace', 'n', 'd', ' '])
      expect(press(editor, key).defaultPrevented).toBe(true);
    expect(heard).not.toHaveBeenCalled();
    // Ctrl, Cmd and Alt keys are not text: they pass.
    expect(press(editor, 'z', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);

    const field = document.createElement('input');
    const typed = vi.fn();
    field.addEventListener('input', () => typed(field.value));
    document.body.append(field);
    buffer.deliver(field);
    expect(field.value).toBe('rend ');
    expect(typed).toHaveBeenCalledWith('rend ');
    expect(buffer.active).toBe(false);
    // From now on the keys go where the focus is.
    expect(press(editor, 'q').defaultPrevented).toBe(false);
  });

  it('lets go on Escape and after its limit, dropping what it kept', () => {
    vi.useFakeTimers();
    buffer.start(window);
    press(document.body, 'a');
    press(document.body, 'Escape');
    expect(buffer.active).toBe(false);
    expect(buffer.text).toBe('');
    buffer.start(window);
    press(document.body, 'b');
    vi.advanceTimersByTime(1_000);
    expect(buffer.active).toBe(false);
    expect(press(document.body, 'c').defaultPrevented).toBe(false);
  });
});
