import { type ActionContext, type ActionDefinition, defineActions } from '../../actions/action.js';
import { definePageContext } from '../../actions/page-context.js';

/** The timeline page's scene and timing commands (SPEC.md §3 Scene, §4 timeline). */
export interface TimelinePage {
  createScene: () => void;
  editScene: (focus: 'name' | 'color') => void;
  moveScene: (delta: -1 | 1) => void;
  togglePreserveTiming: () => void;
}

export const timelinePage = definePageContext<TimelinePage>('timeline');

const page = (context: ActionContext) => timelinePage.get(context.services);
const shown = (context: ActionContext) => page(context) !== null;

/** Move Scene Earlier / Later: each direction's label, word and key. */
const SCENE_MOVES = [
  { id: 'scene.moveEarlier', label: 'Move Scene Earlier', way: 'left', binding: 'Alt+ArrowUp', delta: -1 },
  { id: 'scene.moveLater', label: 'Move Scene Later', way: 'right', binding: 'Alt+ArrowDown', delta: 1 },
] as const;

/** Scenes and timing, on the timeline only (not in the shot lab, which shares the playhead keys). */
export const timelineActions = defineActions([
  {
    id: 'scene.create',
    label: 'New Scene from Selected Shots',
    section: 'Shots',
    keywords: ['scene', 'group', 'add scene', 'create scene'],
    scope: 'timeline-page',
    available: shown,
    perform: (context) => page(context)?.createScene(),
  },
  {
    id: 'scene.rename',
    label: 'Rename Scene',
    section: 'Shots',
    keywords: ['scene', 'name', 'title'],
    binding: 'F2',
    scope: 'timeline-page',
    available: shown,
    perform: (context) => page(context)?.editScene('name'),
  },
  {
    id: 'scene.recolor',
    label: 'Change Scene Colour',
    section: 'Shots',
    keywords: ['scene', 'color', 'colour', 'recolor', 'recolour'],
    scope: 'timeline-page',
    available: shown,
    perform: (context) => page(context)?.editScene('color'),
  },
  ...SCENE_MOVES.map(
    ({ id, label, way, binding, delta }): ActionDefinition => ({
      id,
      label,
      section: 'Shots',
      keywords: ['scene', 'reorder', 'order', way],
      binding,
      scope: 'timeline-page',
      available: shown,
      perform: (context) => page(context)?.moveScene(delta),
    }),
  ),
  {
    id: 'timeline.preserveTiming',
    label: 'Toggle Preserve Timing',
    section: 'Shots',
    keywords: ['start time', 'timing', 'end to end', 'gaps', 'layout'],
    scope: 'timeline-page',
    available: shown,
    perform: (context) => page(context)?.togglePreserveTiming(),
  },
]);
