import { defineActions } from '../../../actions/action.js';
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

const shown = (services: Parameters<typeof printView.get>[0]) => printView.get(services);

/** The print view's toolbar: the two layouts, print, close (Escape closes too). */
export const printActions = defineActions([
  {
    id: 'print.contactSheet',
    label: 'Print layout: contact sheet',
    section: 'View',
    keywords: ['print', 'pdf', 'grid', 'storyboard'],
    scope: 'storyboard',
    available: ({ services }) => shown(services) !== null,
    perform: ({ services, navigate }) => {
      const view = shown(services);
      if (view) navigate(printPath(view.projectId, 'sheet'));
    },
  },
  {
    id: 'print.onePerPage',
    label: 'Print layout: one shot per page',
    section: 'View',
    keywords: ['print', 'pdf', 'page', 'storyboard'],
    scope: 'storyboard',
    available: ({ services }) => shown(services) !== null,
    perform: ({ services, navigate }) => {
      const view = shown(services);
      if (view) navigate(printPath(view.projectId, 'pages'));
    },
  },
  {
    id: 'print.print',
    label: 'Print or save as PDF',
    section: 'Project',
    keywords: ['print', 'pdf', 'export', 'storyboard'],
    scope: 'storyboard',
    available: ({ services }) => shown(services) !== null,
    perform: () => globalThis.print(),
  },
  {
    id: 'print.close',
    label: 'Close print view',
    section: 'View',
    keywords: ['back', 'storyboard', 'exit'],
    scope: 'storyboard',
    available: ({ services }) => shown(services) !== null,
    perform: ({ services, navigate }) => {
      const view = shown(services);
      if (view) navigate(`/project/${view.projectId}/storyboard`);
    },
  },
]);
