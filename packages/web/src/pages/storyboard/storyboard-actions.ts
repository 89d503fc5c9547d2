import { type ActionContext, defineActions } from '../../actions/action.js';
import { definePageContext } from '../../actions/page-context.js';

/** The storyboard's alternates (coverage) of a shot: C shows the next, P makes the shown one the frame. */
export interface StoryboardPage {
  /** The active shot, a plain value: when it changes, the palette reads C's and P's availability again. */
  active: string | null;
  activeShot: () => string | null;
  cycleAlternate: (shotId: string) => void;
  promoteAlternate: (shotId: string) => void;
}

export const storyboardPage = definePageContext<StoryboardPage>('storyboard');

const active = (context: ActionContext) => storyboardPage.get(context.services)?.active ?? null;

/** C and P on the storyboard's active shot (each answers with a toast saying what it showed or did). */
export const storyboardActions = defineActions([
  {
    id: 'storyboard.cycleAlternate',
    label: 'Cycle Coverage Variant',
    section: 'Selection',
    keywords: ['coverage', 'alternate', 'variant', 'angle', 'next', 'show'],
    hint: 'Shows the active shot’s next rendered variant',
    binding: 'C',
    scope: 'storyboard',
    available: (context) => active(context) !== null,
    perform: (context) => {
      const shotId = active(context);
      if (shotId !== null) storyboardPage.get(context.services)?.cycleAlternate(shotId);
    },
  },
  {
    id: 'storyboard.promoteAlternate',
    label: 'Promote Variant to Main Shot',
    section: 'Selection',
    keywords: ['coverage', 'alternate', 'variant', 'use as frame', 'main shot', 'promote'],
    hint: 'The variant C shows becomes the shot’s frame',
    binding: 'P',
    scope: 'storyboard',
    available: (context) => active(context) !== null,
    perform: (context) => {
      const shotId = active(context);
      if (shotId !== null) storyboardPage.get(context.services)?.promoteAlternate(shotId);
    },
  },
]);
