/** How long keys are held for a field that has not taken the focus: then they are let go. */
export const KEY_BUFFER_LIMIT_MS = 3_000;

/**
 * Writes `text` into a React-controlled input as typing would: the value through the native
 * setter (so React sees a change), then an input event.
 */
export function typeInto(input: HTMLInputElement, text: string): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  const next = `${input.value.slice(0, start)}${text}${input.value.slice(end)}`;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (setter) setter.call(input, next);
  else input.value = next;
  input.setSelectionRange(start + text.length, start + text.length);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The keys typed between a shortcut that opens a text field (Ctrl+K, the palette) and that field
 * having the focus. At machine speed they arrive before the field exists; without this they land in
 * whatever had the focus (the script, a shot's name). While it holds: printable keys and Backspace
 * are kept (and reach nothing else), Escape lets go, keys with Ctrl, Cmd or Alt pass. `deliver`
 * types what was kept into the field that now has the focus; `cancel` drops it.
 */
export class KeyBuffer {
  #text = '';
  #off: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly limitMs = KEY_BUFFER_LIMIT_MS) {}

  /** Holding keys now. */
  get active(): boolean {
    return this.#off !== null;
  }

  /** What has been kept so far. */
  get text(): string {
    return this.#text;
  }

  start(target: Window | undefined = globalThis.window): void {
    if (this.#off || !target) return;
    this.#text = '';
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        this.cancel();
        return;
      }
      if (event.key === 'Backspace') this.#text = this.#text.slice(0, -1);
      else if (event.key.length === 1) this.#text += event.key;
      else return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    target.addEventListener('keydown', onKey, true);
    this.#off = () => target.removeEventListener('keydown', onKey, true);
    this.#timer = setTimeout(() => this.cancel(), this.limitMs);
  }

  /** The field has the focus: what was typed goes into it, and from now on the keys go to it. */
  deliver(input: HTMLInputElement): void {
    if (!this.active) return;
    const text = this.#text;
    this.cancel();
    if (text !== '') typeInto(input, text);
  }

  /** Lets go of the keys, dropping what was kept. */
  cancel(): void {
    this.#off?.();
    this.#off = null;
    clearTimeout(this.#timer);
    this.#text = '';
  }
}
