import { type HandledActionSpec, registerHandledActions } from '../../actions/registry.js';
import type { AppServices } from '../../app/services.js';

export type LabActionId =
  | 'shotLab.generateImage'
  | 'shotLab.generateVideo'
  | 'shotLab.generateWithQuality'
  | 'shotLab.useTake'
  | 'shotLab.removePlacement'
  | 'shotLab.openTimeline';

/** What the mounted shot lab does for each of its actions (absent: not available here). */
export const labHandlers: Partial<Record<LabActionId, () => void | Promise<void>>> = {};

const LAB_PATHS = ['/shot-lab'];

const DEFINITIONS: readonly HandledActionSpec<LabActionId>[] = [
  {
    id: 'shotLab.generateImage',
    label: 'Generate image for this shot',
    section: 'Generation',
    keywords: ['render', 'frame', 'shot lab'],
  },
  {
    id: 'shotLab.generateVideo',
    label: 'Generate video for this shot',
    section: 'Generation',
    keywords: ['render', 'motion', 'shot lab'],
  },
  {
    id: 'shotLab.generateWithQuality',
    label: 'Generate image with quality check',
    section: 'Generation',
    keywords: ['assess', 'score', 'retry', 'shot lab'],
  },
  {
    id: 'shotLab.useTake',
    label: 'Use this take',
    section: 'Generation',
    keywords: ['take', 'restore', 'earlier', 'previous image', 'revert', 'history', 'shot lab'],
  },
  {
    id: 'shotLab.removePlacement',
    label: 'Remove selected placement',
    section: 'Shots',
    keywords: ['composition', 'asset', 'delete'],
  },
  {
    id: 'shotLab.openTimeline',
    label: 'Show this shot on the timeline',
    section: 'Shots',
    keywords: ['timeline', 'playhead'],
  },
];

/** The shot lab's actions, registered once; each runs the mounted lab's handler. */
export function registerLabActions(services: Pick<AppServices, 'registry'>): void {
  registerHandledActions(services.registry, {
    specs: DEFINITIONS,
    paths: LAB_PATHS,
    handlers: () => labHandlers,
  });
}
