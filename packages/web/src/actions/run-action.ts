import type { ActionContext } from './action.js';
import { bindRegistryKeys } from './keybindings.js';

/** Opening the palette or the help is not a command worth offering again. */
const NOT_RECENT = new Set(['palette.open', 'help.toggle']);

/** Actions that still work while a dialog is open. */
const ALLOWED_IN_DIALOGS = new Set(['help.toggle', 'palette.open']);

/**
 * The one way an action runs, from the palette, a key or a button: availability checked here,
 * recorded as recent, performed, and a failure logged rather than thrown at the caller.
 */
export function runAction(id: string, context: ActionContext): boolean {
  const { registry, recent } = context.services;
  const action = registry.get(id);
  if (!action || !registry.isAvailable(action, context)) return false;
  if (!NOT_RECENT.has(action.id)) recent.record(action.id);
  const report = (error: unknown) => console.error(error);
  try {
    // Performed at once, inside the key press or click: a file picker or a focus needs that.
    void Promise.resolve(action.perform(context)).catch(report);
  } catch (error) {
    report(error);
  }
  return true;
}

function dialogOpen(): boolean {
  return (
    document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
    null
  );
}

/** Binds every registered action's keys on `target`, each press run by {@link runAction}. */
export function bindActionKeys(target: Window | HTMLElement, context: () => ActionContext): () => void {
  return bindRegistryKeys(target, context().services.registry, {
    context,
    blocked: (action) =>
      (dialogOpen() && !ALLOWED_IN_DIALOGS.has(action.id)) ||
      // Keys typed right after Ctrl+K belong to the palette that is opening, not to this page.
      (context().services.ui.paletteKeys.active && action.id !== 'palette.open'),
    run: (action, at) => {
      runAction(action.id, at);
    },
  });
}
