import type { ActionContext, ActionDefinition } from './registry.js';

/** The keyboard shortcuts of SPEC.md §9, as action definitions without their perform functions. */
export type ShortcutSpec = Omit<ActionDefinition, 'perform'>;

const hasProject = (context: ActionContext) => context.projectId !== null;
const TIMELINE_PATHS = ['shot-lab', 'timeline'];
const ASSET_PATHS = ['asset'];

export const SHORTCUT_SPECS: readonly ShortcutSpec[] = [
  { id: 'palette.open', label: 'Open command palette', section: 'Global', binding: 'Mod+K' },
  { id: 'search.focus', label: 'Focus search', section: 'Global', binding: 'Mod+/' },
  { id: 'nav.home', label: 'Go home', section: 'Global', binding: 'Mod+Shift+H' },
  { id: 'asset.new', label: 'New asset', section: 'Global', binding: 'Mod+N', available: hasProject },
  { id: 'shot.new', label: 'New shot', section: 'Global', binding: 'Mod+Shift+N', available: hasProject },
  { id: 'project.save', label: 'Save project', section: 'Global', binding: 'Mod+S', available: hasProject },
  { id: 'edit.undo', label: 'Undo', section: 'Global', binding: 'Mod+Z' },
  { id: 'edit.redo', label: 'Redo', section: 'Global', binding: 'Mod+Shift+Z' },
  { id: 'edit.duplicate', label: 'Duplicate', section: 'Global', binding: 'Mod+D' },
  { id: 'edit.delete', label: 'Delete selected', section: 'Global', binding: 'Delete' },
  { id: 'zoom.in', label: 'Zoom in', section: 'Global', binding: 'Mod+plus' },
  { id: 'zoom.out', label: 'Zoom out', section: 'Global', binding: 'Mod+minus' },
  { id: 'zoom.reset', label: 'Reset zoom', section: 'Global', binding: 'Mod+0' },
  {
    id: 'help.toggle',
    label: 'Keyboard shortcuts',
    section: 'Global',
    binding: 'Shift+?',
    allowWhileTyping: true,
  },
  {
    id: 'playback.toggle',
    label: 'Play or pause',
    section: 'Timeline',
    binding: 'Space',
    paths: TIMELINE_PATHS,
  },
  {
    id: 'frame.previous',
    label: 'Previous frame',
    section: 'Timeline',
    binding: 'Left',
    paths: TIMELINE_PATHS,
  },
  { id: 'frame.next', label: 'Next frame', section: 'Timeline', binding: 'Right', paths: TIMELINE_PATHS },
  {
    id: 'shot.previous',
    label: 'Previous shot',
    section: 'Timeline',
    binding: 'Shift+Left',
    paths: TIMELINE_PATHS,
  },
  { id: 'shot.next', label: 'Next shot', section: 'Timeline', binding: 'Shift+Right', paths: TIMELINE_PATHS },
  {
    id: 'asset.generateImage',
    label: 'Generate image',
    section: 'Assets',
    binding: 'Mod+G',
    paths: ASSET_PATHS,
  },
  { id: 'asset.regenerate', label: 'Regenerate', section: 'Assets', binding: 'Mod+R', paths: ASSET_PATHS },
  {
    id: 'storyboard.cycleAlternate',
    label: 'Cycle alternate',
    section: 'Storyboard',
    binding: 'C',
    helpOnly: true,
  },
  {
    id: 'storyboard.promoteAlternate',
    label: 'Promote alternate',
    section: 'Storyboard',
    binding: 'P',
    helpOnly: true,
  },
];
