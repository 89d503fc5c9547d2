import type { AppServices } from '../app/services.js';
import type { ActionScope } from './scopes.js';

/** Palette sections, in UI.md's order: the current selection's actions first. */
export const SECTIONS = [
  'Selection',
  'Navigation',
  'Project',
  'Shots',
  'Generation',
  'Assets',
  'View',
  'Help',
] as const;
export type ActionSection = (typeof SECTIONS)[number];

/** Where an action is looked up or run: the page, its project, the tab's services and the router. */
export interface ActionContext {
  pathname: string;
  projectId: string | null;
  services: AppServices;
  /** Goes to a path of the app (search included). */
  navigate: (to: string) => void;
}

/**
 * One action of the app (Excalidraw's action, UI.md principle 1). The palette, the key binding, the
 * help overlay, buttons' tooltips and context menus are all generated from these definitions.
 */
export interface ActionDefinition {
  id: string;
  label: string;
  section: ActionSection;
  keywords?: readonly string[];
  /** Shown in the palette next to the label, and searched like it. */
  hint?: string;
  binding?: string;
  /** The pages where the action applies and its key works; everywhere when absent. */
  scope?: ActionScope;
  /** Whether it can run here now: a current project, a selection, the page's state. */
  available?: (context: ActionContext) => boolean;
  /** Why it cannot run here, for a disabled button's tooltip (e.g. "Nothing is stale"). */
  unavailableReason?: (context: ActionContext) => string | undefined;
  /** The help shortcut works while focus is in a field, except where its key writes text. */
  allowWhileTyping?: boolean;
  /** What it does. Heavy code is imported here, when it first runs, not with the definition. */
  perform: (context: ActionContext) => unknown;
}

/** The one way to define actions: a `*-actions.ts` module exports its list, and actions/index.ts collects it. */
export function defineActions(actions: readonly ActionDefinition[]): readonly ActionDefinition[] {
  return actions;
}

export const hasProject = (context: ActionContext): boolean => context.projectId !== null;

/** A page of the current project ('/' without one). */
export function projectPath(context: Pick<ActionContext, 'projectId'>, page: string): string {
  return context.projectId === null ? '/' : `/project/${context.projectId}/${page}`;
}
