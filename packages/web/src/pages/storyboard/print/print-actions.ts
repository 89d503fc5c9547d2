import { type HandledActionSpec, registerHandledActions } from '../../../actions/registry.js';
import type { AppServices } from '../../../app/services.js';

export type PrintLayout = 'sheet' | 'pages';
export const PRINT_LAYOUTS: readonly { id: PrintLayout; label: string }[] = [
  { id: 'sheet', label: 'Contact sheet' },
  { id: 'pages', label: 'One shot per page' },
];

/** The print view of a project's storyboard, in a layout. */
export function printPath(projectId: string, layout: PrintLayout = 'sheet'): string {
  return `/project/${projectId}/storyboard?print=${layout}`;
}

export function printLayoutOf(value: unknown): PrintLayout | null {
  return value === 'sheet' || value === 'pages' ? value : null;
}

export type PrintActionId = 'print.contactSheet' | 'print.onePerPage' | 'print.print' | 'print.close';

/** What the mounted print view does for each of its actions (absent: not available). */
export const printHandlers: Partial<Record<PrintActionId, () => void>> = {};

const DEFINITIONS: readonly HandledActionSpec<PrintActionId>[] = [
  {
    id: 'print.contactSheet',
    label: 'Print layout: contact sheet',
    section: 'View',
    keywords: ['print', 'pdf', 'grid', 'storyboard'],
  },
  {
    id: 'print.onePerPage',
    label: 'Print layout: one shot per page',
    section: 'View',
    keywords: ['print', 'pdf', 'page', 'storyboard'],
  },
  {
    id: 'print.print',
    label: 'Print or save as PDF',
    section: 'Project',
    keywords: ['print', 'pdf', 'export', 'storyboard'],
  },
  {
    id: 'print.close',
    label: 'Close print view',
    section: 'View',
    keywords: ['back', 'storyboard', 'exit'],
  },
];

/** The print view's actions, registered once; each runs the mounted view's handler. */
export function registerPrintActions(services: Pick<AppServices, 'registry'>): void {
  registerHandledActions(services.registry, {
    specs: DEFINITIONS,
    paths: ['/storyboard'],
    handlers: () => printHandlers,
  });
}
