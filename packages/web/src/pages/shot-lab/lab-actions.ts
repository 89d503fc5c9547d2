import { type ActionContext, defineActions } from '../../actions/action.js';
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

const lab = (context: ActionContext) => labPage.get(context.services);
const shown = (context: ActionContext) => lab(context) !== null;

/** The shot lab's commands on its shot. */
export const labActions = defineActions([
  {
    id: 'shotLab.generateImage',
    label: 'Generate image for this shot',
    section: 'Generation',
    keywords: ['render', 'frame', 'shot lab'],
    scope: 'shot-lab',
    available: shown,
    perform: async (context) => {
      const page = lab(context);
      if (!page) return;
      const { generateShotImages } = await import('../../shots/generation.js');
      await generateShotImages(context.services, page.projectId, [page.shotId]);
    },
  },
  {
    id: 'shotLab.generateVideo',
    label: 'Generate video for this shot',
    section: 'Generation',
    keywords: ['render', 'motion', 'shot lab'],
    scope: 'shot-lab',
    available: shown,
    perform: (context) => lab(context)?.generateVideo(),
  },
  {
    id: 'shotLab.generateWithQuality',
    label: 'Generate image with quality check',
    section: 'Generation',
    keywords: ['assess', 'score', 'retry', 'shot lab'],
    scope: 'shot-lab',
    available: shown,
    perform: (context) => lab(context)?.generateWithQuality(),
  },
  {
    id: 'shotLab.useTake',
    label: 'Use this take',
    section: 'Generation',
    keywords: ['take', 'restore', 'earlier', 'previous image', 'revert', 'history', 'shot lab'],
    scope: 'shot-lab',
    available: (context) => shown(context) && labTakes.get(context.services) !== null,
    perform: (context) => labTakes.get(context.services)?.useTake(),
  },
  {
    id: 'shotLab.removePlacement',
    label: 'Remove selected placement',
    section: 'Shots',
    keywords: ['composition', 'asset', 'delete'],
    scope: 'shot-lab',
    available: (context) => lab(context)?.removePlacement !== undefined,
    perform: (context) => lab(context)?.removePlacement?.(),
  },
  {
    id: 'shotLab.openTimeline',
    label: 'Show this shot on the timeline',
    section: 'Shots',
    keywords: ['timeline', 'playhead'],
    scope: 'shot-lab',
    available: shown,
    perform: (context) => {
      const page = lab(context);
      if (page) context.navigate(`/project/${page.projectId}/timeline`);
    },
  },
]);
