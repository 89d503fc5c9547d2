import type { JobAcceptedReply } from '@reelbench/sdk';
import { TOASTS } from '@reelbench/sdk';
import { queryKeys } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { errorBody } from '../state/errors.js';
import {
  type ActionContext,
  type ActionDefinition,
  defineActions,
  hasProject,
  projectPath,
} from './action.js';

/** Starts one job over the project's shots; its progress shows in the status line and on the jobs page. */
async function startBatch(
  context: ActionContext,
  label: string,
  start: (projectId: string) => Promise<JobAcceptedReply>,
): Promise<void> {
  const { services, navigate } = context;
  if (context.projectId === null) return;
  try {
    // The batch picks its shots from what the server has: the edits typed a moment ago first.
    if (services.saves.isDirty) await services.saves.flush().catch(() => {});
    const reply = await services.activity.track(start(context.projectId));
    services.jobs.add(reply.job, reply.counts);
    services.toasts.show({
      type: 'info',
      title: `${label} started`,
      message: 'Progress shows in the status line and on the jobs page.',
      action: { label: 'Open jobs', onClick: () => navigate(projectPath(context, 'jobs')) },
    });
  } catch (error) {
    services.toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}

/**
 * How many of the project's shots a `staleOnly` batch of this kind would render (the server picks the
 * shots whose image or video is missing or made from other inputs than the shot's current ones), from
 * the shots in the cache; null when they are not loaded (the server decides).
 */
export function staleShotCount(
  services: Pick<AppServices, 'queryClient'>,
  projectId: string,
  kind: 'image' | 'video',
): number | null {
  const data = services.queryClient.getQueryData(queryKeys.shots(projectId));
  if (data === undefined) return null;
  return data.shots.filter((shot) =>
    kind === 'image'
      ? !shot.image_url || shot.image_stale === true
      : !shot.video_url || shot.video_stale === true,
  ).length;
}

/** Starts an image or a video batch over the project's shots: all of them, or only the stale ones. */
function startRenderBatch(
  context: ActionContext,
  label: string,
  kind: 'image' | 'video',
  scope: { all: true } | { staleOnly: true },
): Promise<void> {
  const { shots } = context.services.client;
  return startBatch(context, label, (projectId) =>
    kind === 'image'
      ? shots.generateBatch({ projectId, ...scope })
      : shots.generateVideoBatch({ projectId, ...scope }),
  );
}

/** Render All Images / Render All Videos: one batch job over every shot of the project. */
function renderAll(kind: 'image' | 'video'): ActionDefinition {
  const label = kind === 'image' ? 'Render All Images' : 'Render All Videos';
  return {
    id: kind === 'image' ? 'generate.renderAllImages' : 'generate.renderAllVideos',
    label,
    section: 'Generation',
    keywords:
      kind === 'image'
        ? ['generate', 'frames', 'batch', 'storyboard']
        : ['generate', 'animatics', 'clips', 'batch'],
    available: hasProject,
    perform: (context) => startRenderBatch(context, label, kind, { all: true }),
  };
}

/** Render Stale Images / Videos: only the shots whose image (video) is missing or stale. */
function renderStale(kind: 'image' | 'video'): ActionDefinition {
  const label = kind === 'image' ? 'Render Stale Images' : 'Render Stale Videos';
  const count = (context: ActionContext) =>
    context.projectId === null ? 0 : staleShotCount(context.services, context.projectId, kind);
  return {
    id: kind === 'image' ? 'generate.renderStaleImages' : 'generate.renderStaleVideos',
    label,
    section: 'Generation',
    keywords: [
      'stale',
      'changed',
      'out of date',
      'missing',
      kind === 'image' ? 'frames' : 'animatics',
      'batch',
    ],
    available: (context) => hasProject(context) && count(context) !== 0,
    unavailableReason: (context) =>
      hasProject(context) ? `every shot's ${kind} is rendered and up to date` : 'open a project first',
    perform: (context) => startRenderBatch(context, label, kind, { staleOnly: true }),
  };
}

/** The first pass, the batch jobs over every shot of the project, and the scratch track. */
export const generationActions = defineActions([
  {
    id: 'project.firstPass',
    label: 'Generate First Pass',
    section: 'Generation',
    keywords: ['breakdown', 'shots from script', 'wizard'],
    hint: 'Shots from the script',
    available: hasProject,
    perform: ({ services }) => services.ui.patch({ firstPassOpen: true }),
  },
  {
    id: 'project.reviseShots',
    label: 'Revise shots',
    section: 'Generation',
    keywords: ['revision', 'script changed', 'update shots', 'diff', 'first pass'],
    hint: 'Shots follow the script edit',
    binding: 'Mod+Shift+E',
    available: hasProject,
    perform: ({ services }) => services.ui.patch({ reviseShotsOpen: true }),
  },
  renderAll('image'),
  renderAll('video'),
  renderStale('image'),
  renderStale('video'),
  {
    id: 'generate.scratchTrack',
    label: 'Generate Scratch Track',
    section: 'Generation',
    keywords: ['dialogue', 'voices', 'speech', 'lines', 'animatic', 'read', 'tts', 'audio'],
    hint: "Every dialogue line spoken in its character's voice",
    available: hasProject,
    perform: (context) =>
      startBatch(context, 'Scratch track', (projectId) =>
        context.services.client.audio.generateDialogue(projectId),
      ),
  },
  {
    id: 'shots.timeToDialogue',
    label: 'Time Shots to Dialogue',
    section: 'Shots',
    keywords: ['timing', 'duration', 'scratch track', 'lines', 'pace', 'fit', 'dialogue'],
    hint: 'Each dialogue shot as long as its spoken lines; one undo',
    available: hasProject,
    perform: async ({ services, projectId }) => {
      if (projectId === null) return;
      const { timeShotsToDialogue } = await import('../audio/dialogue-timing.js');
      await timeShotsToDialogue(services, projectId);
    },
  },
  {
    id: 'generate.recomposeAll',
    label: 'Re-compose All Shots',
    section: 'Generation',
    keywords: ['composition', 'placements', 'rebuild frames'],
    available: hasProject,
    perform: (context) =>
      startBatch(context, 'Re-compose All Shots', (projectId) => {
        const socket = context.services.client.socket;
        if (!socket) throw new Error('The socket is not available');
        return socket.emitWithAck<JobAcceptedReply>('composition:create-batch', { projectId, all: true });
      }),
  },
]);
