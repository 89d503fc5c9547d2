import { type ActionContext, defineActions } from '../actions/action.js';
import { definePageContext } from '../actions/page-context.js';

/**
 * What SPEC.md §9's timeline keys move on the page in front: the timeline's playhead, or the shot
 * lab's shot (and, while a placement of its canvas has the focus, that placement).
 */
export interface Playhead {
  togglePlayback?: () => void;
  frame?: (direction: -1 | 1) => void;
  shot?: (direction: -1 | 1) => void;
}

export const playhead = definePageContext<Playhead>('playhead');

const here = (context: ActionContext) => playhead.get(context.services);

/** Space, Left/Right and Shift+Left/Right on paths containing timeline or shot-lab (SPEC.md §9). */
export const playheadActions = defineActions([
  {
    id: 'playback.toggle',
    label: 'Play or pause',
    section: 'View',
    binding: 'Space',
    scope: 'timeline',
    available: (context) => here(context)?.togglePlayback !== undefined,
    perform: (context) => here(context)?.togglePlayback?.(),
  },
  {
    id: 'frame.previous',
    label: 'Previous frame',
    section: 'View',
    binding: 'Left',
    scope: 'timeline',
    available: (context) => here(context)?.frame !== undefined,
    perform: (context) => here(context)?.frame?.(-1),
  },
  {
    id: 'frame.next',
    label: 'Next frame',
    section: 'View',
    binding: 'Right',
    scope: 'timeline',
    available: (context) => here(context)?.frame !== undefined,
    perform: (context) => here(context)?.frame?.(1),
  },
  {
    id: 'shot.previous',
    label: 'Previous shot',
    section: 'Shots',
    binding: 'Shift+Left',
    scope: 'timeline',
    available: (context) => here(context)?.shot !== undefined,
    perform: (context) => here(context)?.shot?.(-1),
  },
  {
    id: 'shot.next',
    label: 'Next shot',
    section: 'Shots',
    binding: 'Shift+Right',
    scope: 'timeline',
    available: (context) => here(context)?.shot !== undefined,
    perform: (context) => here(context)?.shot?.(1),
  },
]);
