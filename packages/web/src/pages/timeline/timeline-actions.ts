import { defineActions } from '../../actions/action.js';
import { pageAction } from '../../actions/action-on.js';
import { definePageContext } from '../../actions/page-context.js';

/** The timeline page's scene and timing commands (SPEC.md §3 Scene, §4 timeline). */
export interface TimelinePage {
  createScene: () => void;
  editScene: (focus: 'name' | 'color') => void;
  moveScene: (delta: -1 | 1) => void;
  togglePreserveTiming: () => void;
}

export const timelinePage = definePageContext<TimelinePage>('timeline');

const timelineAction = pageAction(timelinePage, { scope: 'timeline-page', section: 'Shots' });

/** Move Scene Earlier / Later: each direction's label, word and key. */
const SCENE_MOVES = [
  { id: 'scene.moveEarlier', label: 'Move Scene Earlier', way: 'left', binding: 'Alt+ArrowUp', delta: -1 },
  { id: 'scene.moveLater', label: 'Move Scene Later', way: 'right', binding: 'Alt+ArrowDown', delta: 1 },
] as const;

/** Scenes and timing, on the timeline only (not in the shot lab, which shares the playhead keys). */
export const timelineActions = defineActions([
  timelineAction(
    {
      id: 'scene.create',
      label: 'New Scene from Selected Shots',
      keywords: ['scene', 'group', 'add scene', 'create scene'],
    },
    (page) => page.createScene(),
  ),
  timelineAction(
    { id: 'scene.rename', label: 'Rename Scene', keywords: ['scene', 'name', 'title'], binding: 'F2' },
    (page) => page.editScene('name'),
  ),
  timelineAction(
    {
      id: 'scene.recolor',
      label: 'Change Scene Colour',
      keywords: ['scene', 'color', 'colour', 'recolor', 'recolour'],
    },
    (page) => page.editScene('color'),
  ),
  ...SCENE_MOVES.map(({ id, label, way, binding, delta }) =>
    timelineAction({ id, label, keywords: ['scene', 'reorder', 'order', way], binding }, (page) =>
      page.moveScene(delta),
    ),
  ),
  timelineAction(
    {
      id: 'timeline.preserveTiming',
      label: 'Toggle Preserve Timing',
      keywords: ['start time', 'timing', 'end to end', 'gaps', 'layout'],
    },
    (page) => page.togglePreserveTiming(),
  ),
]);
