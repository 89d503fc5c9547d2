import { type ActionContext, defineActions } from '../../actions/action.js';
import { actionOn, pageAction } from '../../actions/action-on.js';
import { definePageContext } from '../../actions/page-context.js';

/** The shot lab on screen: its shot and what it does with it. */
export interface LabPage {
  projectId: string;
  shotId: string;
  generateVideo: () => Promise<void>;
  generateWithQuality: () => Promise<void>;
  /** Absent while no placement of the canvas is picked. */
  removePlacement?: () => void;
}

export const labPage = definePageContext<LabPage>('shot-lab');

/** The shot's takes, while the lab shows them: restores the chosen one. */
export const labTakes = definePageContext<{ useTake: () => Promise<void> }>('shot-lab-takes');

const labAction = pageAction(labPage, { scope: 'shot-lab', section: 'Generation' });
const shown = (context: ActionContext) => labPage.get(context.services) !== null;

/** The shot lab's commands on its shot. */
export const labActions = defineActions([
  labAction(
    {
      id: 'shotLab.generateImage',
      label: 'Generate image for this shot',
      keywords: ['render', 'frame', 'shot lab'],
    },
    async (page, { services }) => {
      const { generateShotImages } = await import('../../shots/generation.js');
      await generateShotImages(services, page.projectId, [page.shotId]);
    },
  ),
  labAction(
    {
      id: 'shotLab.generateVideo',
      label: 'Generate video for this shot',
      keywords: ['render', 'motion', 'shot lab'],
    },
    (page) => page.generateVideo(),
  ),
  labAction(
    {
      id: 'shotLab.generateWithQuality',
      label: 'Generate image with quality check',
      keywords: ['assess', 'score', 'retry', 'shot lab'],
    },
    (page) => page.generateWithQuality(),
  ),
  actionOn(
    (context) => labTakes.get(context.services),
    {
      id: 'shotLab.useTake',
      label: 'Use this take',
      section: 'Generation',
      keywords: ['take', 'restore', 'earlier', 'previous image', 'revert', 'history', 'shot lab'],
      scope: 'shot-lab',
      available: shown,
    },
    (takes) => takes.useTake(),
  ),
  labAction(
    {
      id: 'shotLab.removePlacement',
      label: 'Remove selected placement',
      section: 'Shots',
      keywords: ['composition', 'asset', 'delete'],
      available: (context) => labPage.get(context.services)?.removePlacement !== undefined,
    },
    (page) => page.removePlacement?.(),
  ),
  labAction(
    {
      id: 'shotLab.openTimeline',
      label: 'Show this shot on the timeline',
      section: 'Shots',
      keywords: ['timeline', 'playhead'],
    },
    (page, { navigate }) => navigate(`/project/${page.projectId}/timeline`),
  ),
]);
