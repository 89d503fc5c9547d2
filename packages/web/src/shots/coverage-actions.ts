import { type ActionContext, defineActions } from '../actions/action.js';
import { definePageContext } from '../actions/page-context.js';
import { perServices } from '../app/per-services.js';
import { createStore } from '../state/store.js';

/**
 * The shot a shot view offers for coverage: the shot lab's shot, the storyboard's or the shot list's
 * active one. Handed by the page (usePageContext); null when it shows no shot.
 */
export interface CoverageTarget {
  projectId: string;
  /**
   * The shot now (the active one moves with the keys), or null when none is active. A plain value,
   * so a change of it makes the palette and the buttons read availability again.
   */
  shotId: string | null;
  /** Its number as the page shows it ("004"), for the dialog's title and the toasts. */
  shotNumber: (shotId: string) => string;
}

export const coverageTarget = definePageContext<CoverageTarget>('coverage-target');

/** The Create Coverage dialog's shot while it is open (one per tab). */
export interface CoverageDialogState {
  projectId: string;
  shotId: string;
  shotNumber: string;
}
export const coverageDialog = perServices(() => createStore<CoverageDialogState | null>(null));

function target(context: ActionContext): CoverageDialogState | null {
  const page = coverageTarget.get(context.services);
  const shotId = page?.shotId ?? null;
  if (!page || shotId === null) return null;
  return { projectId: page.projectId, shotId, shotNumber: page.shotNumber(shotId) };
}

const NO_SHOT = 'Select a shot first';

/**
 * Coverage of a shot (SPEC.md: coverage variants are framings of one shot): create variants at the
 * framings picked in a dialog, and render their images as one job with live progress. The
 * storyboard's C and P (storyboard-actions.ts) cycle through them and promote one.
 */
export const coverageActions = defineActions([
  {
    id: 'shot.createCoverage',
    label: 'Create Coverage…',
    section: 'Shots',
    keywords: ['coverage', 'variant', 'alternate', 'angle', 'framing', 'close-up', 'wide', 'reverse'],
    hint: 'Pick framings for the shot, then render them',
    scope: 'shot-views',
    available: (context) => target(context) !== null,
    unavailableReason: (context) => (target(context) === null ? NO_SHOT : undefined),
    perform: (context) => {
      const shot = target(context);
      if (shot) coverageDialog(context.services).set(shot);
    },
  },
  {
    id: 'shot.generateCoverage',
    label: 'Generate Coverage Images',
    section: 'Generation',
    keywords: ['coverage', 'variant', 'alternate', 'render', 'angle', 'framing'],
    hint: 'Renders the shot’s coverage variants that have no image yet',
    scope: 'shot-views',
    available: (context) => target(context) !== null,
    unavailableReason: (context) => (target(context) === null ? NO_SHOT : undefined),
    perform: async (context) => {
      const shot = target(context);
      if (!shot) return;
      const { generateMissingCoverage } = await import('./coverage-operations.js');
      await generateMissingCoverage(context.services, shot);
    },
  },
]);
