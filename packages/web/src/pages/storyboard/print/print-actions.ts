import { defineActions } from '../../../actions/action.js';
import { pageAction } from '../../../actions/action-on.js';
import { definePageContext } from '../../../actions/page-context.js';

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

/** The print view on screen: its project. */
export const printView = definePageContext<{ projectId: string }>('print');

const printAction = pageAction(printView, { scope: 'storyboard', section: 'View' });

/** The print view's toolbar: the two layouts, print, close (Escape closes too). */
export const printActions = defineActions([
  printAction(
    {
      id: 'print.contactSheet',
      label: 'Print layout: contact sheet',
      keywords: ['print', 'pdf', 'grid', 'storyboard'],
    },
    (view, { navigate }) => navigate(printPath(view.projectId, 'sheet')),
  ),
  printAction(
    {
      id: 'print.onePerPage',
      label: 'Print layout: one shot per page',
      keywords: ['print', 'pdf', 'page', 'storyboard'],
    },
    (view, { navigate }) => navigate(printPath(view.projectId, 'pages')),
  ),
  printAction(
    {
      id: 'print.print',
      label: 'Print or save as PDF',
      section: 'Project',
      keywords: ['print', 'pdf', 'export', 'storyboard'],
    },
    () => globalThis.print(),
  ),
  printAction(
    { id: 'print.close', label: 'Close print view', keywords: ['back', 'storyboard', 'exit'] },
    (view, { navigate }) => navigate(`/project/${view.projectId}/storyboard`),
  ),
]);
