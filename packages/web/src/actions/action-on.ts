import type { ActionContext, ActionDefinition } from './action.js';
import type { PageContext } from './page-context.js';

/**
 * An action on something a page hands over or has selected: the page on screen (its page context),
 * the open cut, the selected style. Available while there is one, and when the definition's own
 * `available` holds too; performed with it (without one, performing does nothing).
 */
export function actionOn<T>(
  target: (context: ActionContext) => T | null,
  definition: Omit<ActionDefinition, 'perform'>,
  perform: (target: T, context: ActionContext) => unknown,
): ActionDefinition {
  const { available } = definition;
  return {
    ...definition,
    available: (context) => target(context) !== null && (available?.(context) ?? true),
    perform: (context) => {
      const found = target(context);
      return found === null ? undefined : perform(found, context);
    },
  };
}

/** A definition of {@link pageAction}'s: the page's scope is given; its section only where it is another. */
export type PageActionDefinition = Omit<ActionDefinition, 'perform' | 'scope' | 'section'> &
  Partial<Pick<ActionDefinition, 'section'>>;

/**
 * The way to define one page's actions on its page context (definePageContext): each in the page's
 * scope, listed under `shared.section` unless it names another, available while the page is on
 * screen and performed on what the page handed over.
 */
export function pageAction<T>(
  page: PageContext<T>,
  shared: Required<Pick<ActionDefinition, 'scope' | 'section'>>,
) {
  const shown = (context: ActionContext) => page.get(context.services);
  return (
    definition: PageActionDefinition,
    perform: (page: T, context: ActionContext) => unknown,
  ): ActionDefinition => actionOn(shown, { ...shared, ...definition }, perform);
}
