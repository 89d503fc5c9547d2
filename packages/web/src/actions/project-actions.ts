import { TOASTS } from '@reelbench/sdk';
import { queryKeys } from '../app/queries.js';
import { printPath } from '../pages/storyboard/print/print-actions.js';
import { errorBody } from '../state/errors.js';
import { type ActionContext, defineActions, hasProject } from './action.js';
import { definePageContext } from './page-context.js';

/**
 * The project that Rename, Move to Series and Delete act on, and how this page asks: the selected
 * project on /, the open one on its dashboard.
 */
export interface ProjectTarget {
  rename: () => void;
  moveToSeries: () => void;
  delete: () => void;
}

export const projectTarget = definePageContext<ProjectTarget>('project-target');

const target = (context: ActionContext) => projectTarget.get(context.services);

/** Create Cast from Script (with or without their default images); its work loads with its first use. */
function castAction(generate: boolean) {
  return {
    id: generate ? 'assets.createCastWithImages' : 'assets.createCast',
    label: generate ? 'Create Cast from Script with Images' : 'Create Cast from Script',
    section: 'Assets',
    keywords: [
      'characters',
      'locations',
      'props',
      'cast',
      'missing assets',
      ...(generate ? ['generate'] : []),
    ],
    hint: generate
      ? 'Also render their default images, as one job'
      : 'An asset for every character, location and prop the script names, placed on the shots',
    available: hasProject,
    perform: async (context: ActionContext) => {
      if (context.projectId === null) return;
      const { createCastFromScript } = await import('../pages/dashboard/create-cast.js');
      await createCastFromScript(context.services, context.projectId, generate);
    },
  } as const;
}

/** The project itself: new, save, rename, move, delete, share, print; new shots and assets; the cast. */
export const projectActions = defineActions([
  {
    id: 'project.new',
    label: 'New Project',
    section: 'Project',
    keywords: ['create', 'add', 'film'],
    perform: ({ services }) => services.ui.patch({ newProjectOpen: true }),
  },
  {
    id: 'project.save',
    label: 'Save Project',
    section: 'Project',
    keywords: ['save', 'write'],
    binding: 'Mod+S',
    available: hasProject,
    perform: async ({ services: { saves, toasts } }) => {
      await saves.flush();
      if (saves.state.get() === 'saved') toasts.show({ type: 'success', title: TOASTS.saved.title });
    },
  },
  {
    id: 'project.rename',
    label: 'Rename Project',
    section: 'Project',
    keywords: ['name'],
    available: (context) => target(context) !== null,
    perform: (context) => target(context)?.rename(),
  },
  {
    id: 'project.moveToSeries',
    label: 'Move Project to Series',
    section: 'Project',
    keywords: ['series', 'episode', 'group'],
    available: (context) => target(context) !== null,
    perform: (context) => target(context)?.moveToSeries(),
  },
  {
    id: 'project.delete',
    label: 'Delete Project',
    section: 'Project',
    keywords: ['remove'],
    available: (context) => target(context) !== null,
    perform: (context) => target(context)?.delete(),
  },
  {
    id: 'project.shareForReview',
    label: 'Share for Review',
    section: 'Project',
    keywords: ['review', 'link', 'share', 'comments', 'client', 'feedback'],
    hint: 'A read-only link with comments',
    available: hasProject,
    perform: ({ services }) => services.ui.patch({ shareReviewOpen: true }),
  },
  {
    id: 'project.exportStoryboard',
    label: 'Export Storyboard (Print/PDF)',
    section: 'Project',
    keywords: ['print', 'pdf', 'export', 'contact sheet'],
    available: hasProject,
    perform: ({ projectId, navigate }) => {
      if (projectId !== null) navigate(printPath(projectId, 'sheet'));
    },
  },
  {
    id: 'shot.new',
    label: 'New Shot',
    section: 'Shots',
    keywords: ['add shot', 'create'],
    binding: 'Mod+Shift+N',
    available: hasProject,
    perform: async ({ projectId, services }) => {
      if (projectId === null) return;
      const { activity, client, queryClient, toasts } = services;
      try {
        await activity.track(client.shots.create(projectId, {}));
        await queryClient.invalidateQueries({ queryKey: queryKeys.shots(projectId) });
        toasts.show({ type: 'success', title: 'Shot added', message: 'It is at the end of the timeline.' });
      } catch (error) {
        toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
      }
    },
  },
  {
    id: 'asset.new',
    label: 'New Asset',
    section: 'Assets',
    keywords: ['character', 'location', 'prop', 'create'],
    binding: 'Mod+N',
    available: hasProject,
    perform: ({ services }) => services.ui.patch({ newAssetOpen: true }),
  },
  castAction(false),
  castAction(true),
]);
