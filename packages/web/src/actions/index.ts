import { cutActions } from '../cuts/cut-actions.js';
import { assetActions } from '../pages/assets/asset-actions.js';
import { audioActions } from '../pages/audio/audio-actions.js';
import { dashboardActions } from '../pages/dashboard/dashboard-actions.js';
import { jobsActions } from '../pages/jobs/jobs-actions.js';
import { projectsActions } from '../pages/projects/projects-actions.js';
import { roughCutActions } from '../pages/rough-cut/rough-cut-actions.js';
import { scriptActions } from '../pages/script/script-actions.js';
import { labActions } from '../pages/shot-lab/lab-actions.js';
import { printActions } from '../pages/storyboard/print/print-actions.js';
import { storyboardActions } from '../pages/storyboard/storyboard-actions.js';
import { styleActions } from '../pages/styles/styles-actions.js';
import { timelineActions } from '../pages/timeline/timeline-actions.js';
import { coverageActions } from '../shots/coverage-actions.js';
import { shotActions } from '../shots/shot-actions.js';
import { playheadActions } from '../timeline/playhead-actions.js';
import type { ActionDefinition } from './action.js';
import { editActions } from './edit-actions.js';
import { generationActions } from './generation-actions.js';
import { helpActions } from './help-actions.js';
import { navigationActions } from './navigation-actions.js';
import { projectActions } from './project-actions.js';
import { ActionRegistry } from './registry.js';
import { viewActions } from './view-actions.js';

/** Every action of the app, from every `*-actions.ts` module: the palette and the help list all of them from the first load. */
export const ALL_ACTIONS: readonly ActionDefinition[] = [
  ...helpActions,
  ...navigationActions,
  ...projectActions,
  ...generationActions,
  ...editActions,
  ...viewActions,
  ...playheadActions,
  ...projectsActions,
  ...dashboardActions,
  ...scriptActions,
  ...assetActions,
  ...shotActions,
  ...coverageActions,
  ...storyboardActions,
  ...printActions,
  ...timelineActions,
  ...labActions,
  ...styleActions,
  ...jobsActions,
  ...audioActions,
  ...roughCutActions,
  ...cutActions,
];

/**
 * The one place actions are registered: at start-up, when the tab's services are made. A second
 * action with an id, or with a key in an overlapping scope, throws here.
 */
export function createActionRegistry(actions: readonly ActionDefinition[] = ALL_ACTIONS): ActionRegistry {
  const registry = new ActionRegistry();
  for (const action of actions) registry.register(action);
  return registry;
}
