import type { Asset, Project, ProjectListEntry, Shot } from '@reelbench/sdk';
import { LOCAL_PENDING_WINDOW_MS } from '@reelbench/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { DIALOGUE_JOB } from './jobs-tracker.js';
import { queryKeys } from './queries.js';
import type { AppServices } from './services.js';

/** When each shot was last changed locally: remote updates inside the window are ignored (SPEC.md §4). */
export const localEdits = new Map<string, number>();

export function markLocalEdit(shotId: string, now = Date.now()): void {
  localEdits.set(shotId, now);
}

export function isLocallyPending(shotId: string, now = Date.now()): boolean {
  const at = localEdits.get(shotId);
  return at !== undefined && now - at < LOCAL_PENDING_WINDOW_MS;
}

/** The key of a project's settings (scenes, order, timing) in localEdits. */
function settingsKey(projectId: string): string {
  return `project-settings:${projectId}`;
}

export function markLocalSettingsEdit(projectId: string, now = Date.now()): void {
  localEdits.set(settingsKey(projectId), now);
}

/** The project's scenes, order or timing changed here in the last 2 s. */
export function areSettingsLocallyPending(projectId: string, now = Date.now()): boolean {
  return isLocallyPending(settingsKey(projectId), now);
}

type ShotList = { shots: Shot[]; total?: number };

function upsertShot(list: ShotList | undefined, shot: Shot): ShotList | undefined {
  if (!list) return list;
  const index = list.shots.findIndex((candidate) => candidate.id === shot.id);
  if (index === -1) return { ...list, shots: [...list.shots, shot] };
  const shots = list.shots.slice();
  shots[index] = shot;
  return { ...list, shots };
}

/** The first part of every project's shot-list key (queryKeys.shots). */
const SHOT_LISTS = queryKeys.shots('')[0];

/** A shot event as the cache takes it: a shot created or changed, or the id of one deleted. */
type ShotEvent = { shot: Shot } | { deleted: string };

function applyShotEvent(list: ShotList | undefined, event: ShotEvent): ShotList | undefined {
  if ('shot' in event) return upsertShot(list, event.shot);
  return list ? { ...list, shots: list.shots.filter((shot) => shot.id !== event.deleted) } : list;
}

/** Each media URL of a shot and the storage key it is signed for. */
const MEDIA_FIELDS = [
  ['image_url', 's3_image_key'],
  ['video_url', 's3_video_key'],
] as const;

/**
 * A shot as the server answered an update of it, written into the cache: the fields edited here since
 * (`pending`) keep their local, newer values; everything else (what the server computes too, e.g.
 * `image_stale`, `video_stale`, the generation statuses) is the server's.
 */
export function writeServerShot(
  queryClient: QueryClient,
  projectId: string,
  shot: Shot,
  pending: ReadonlySet<string> = new Set(),
): void {
  queryClient.setQueryData<ShotList>(queryKeys.shots(projectId), (list) => {
    if (!list) return list;
    const current = list.shots.find((candidate) => candidate.id === shot.id);
    if (!current) return list;
    const next = { ...shot } as Record<string, unknown>;
    const local = current as unknown as Record<string, unknown>;
    for (const key of pending) next[key] = local[key];
    // The same stored media under a freshly signed URL: keep the URL shown (no new download per save).
    for (const [url, key] of MEDIA_FIELDS)
      if (local[url] && local[key] && local[key] === next[key]) next[url] = local[url];
    return upsertShot(list, next as unknown as Shot);
  });
}

/**
 * The unified asset store sync and the rest of the live data (UI.md principle 3): server events
 * write into the query cache directly instead of causing refetches.
 */
export function startLiveSync(services: AppServices): () => void {
  const { client, queryClient } = services;
  const socket = client.socket;
  if (!socket) return () => {};
  const patchProject = (project: Project) => {
    // Remote settings are ignored while ours are pending (SPEC.md §4): our save is on its way.
    queryClient.setQueryData<Project>(queryKeys.project(project.id), (current) =>
      current && areSettingsLocallyPending(project.id) ? { ...project, settings: current.settings } : project,
    );
    queryClient.setQueryData<ProjectListEntry[]>(queryKeys.projects, (list) =>
      list?.map((entry) => (entry.id === project.id ? { ...entry, ...project } : entry)),
    );
  };
  const patchAsset = (projectId: string, asset: Asset) => {
    queryClient.setQueryData(queryKeys.asset(asset.id), asset);
    queryClient.setQueryData<Asset[]>(queryKeys.assets(projectId), (list) => {
      if (!list) return list;
      const index = list.findIndex((candidate) => candidate.id === asset.id);
      if (index === -1) return [...list, asset];
      const next = list.slice();
      next[index] = asset;
      return next;
    });
  };
  // A shot event that lands while the project's shot list is being fetched may be missing from what
  // the fetch brings (its snapshot can predate the event): it is kept and played again onto the
  // fetched list. Events come in order, so playing them in order leaves the latest state.
  const lateEvents = new Map<string, ShotEvent[]>();
  const onShotEvent = (projectId: string, event: ShotEvent) => {
    const key = queryKeys.shots(projectId);
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching')
      lateEvents.set(projectId, [...(lateEvents.get(projectId) ?? []), event]);
    queryClient.setQueryData<ShotList>(key, (list) => applyShotEvent(list, event));
  };
  const stopReplays = queryClient.getQueryCache().subscribe((change) => {
    if (change.type !== 'updated' || change.query.queryKey[0] !== SHOT_LISTS) return;
    const projectId = String(change.query.queryKey[1]);
    const { action } = change;
    if (action.type === 'error') lateEvents.delete(projectId);
    // A fetch landed (not one of our own writes): what came in meanwhile is played onto it.
    if (action.type !== 'success' || action.manual) return;
    const events = lateEvents.get(projectId);
    lateEvents.delete(projectId);
    if (events?.length)
      queryClient.setQueryData<ShotList>(queryKeys.shots(projectId), (list) =>
        events.reduce(applyShotEvent, list),
      );
  });
  const offs = [
    stopReplays,
    socket.on('project:created', () => void queryClient.invalidateQueries({ queryKey: queryKeys.projects })),
    socket.on('project:updated', ({ project }) => patchProject(project)),
    socket.on('project:deleted', ({ projectId }) => {
      queryClient.setQueryData<ProjectListEntry[]>(queryKeys.projects, (list) =>
        list?.filter((entry) => entry.id !== projectId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.project(projectId) });
    }),
    socket.on('asset:created', ({ projectId, asset }) => patchAsset(projectId, asset)),
    socket.on('asset:updated', ({ projectId, asset }) => patchAsset(projectId, asset)),
    socket.on('asset:imageGenerationCompleted', ({ projectId, fullAsset }) =>
      patchAsset(projectId, fullAsset),
    ),
    socket.on('asset:upgradedToSeries', ({ projectId, asset }) => patchAsset(projectId, asset)),
    socket.on('asset:downgradeFromSeries', ({ projectId, asset }) => patchAsset(projectId, asset)),
    socket.on(
      'asset:imagesInvalidated',
      ({ assetId }) => void queryClient.invalidateQueries({ queryKey: queryKeys.asset(assetId) }),
    ),
    socket.on('asset:deleted', ({ projectId, assetId }) => {
      queryClient.setQueryData<Asset[]>(queryKeys.assets(projectId), (list) =>
        list?.filter((asset) => asset.id !== assetId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.asset(assetId) });
    }),
    socket.on('shot:updated', ({ projectId, shot }) => {
      if (isLocallyPending(shot.id)) return;
      onShotEvent(projectId, { shot });
    }),
    socket.on('shot:created', ({ projectId, shot }) => onShotEvent(projectId, { shot })),
    socket.on('timeline:shot-added', ({ projectId, shot }) => onShotEvent(projectId, { shot })),
    socket.on('shot:deleted', ({ projectId, shotId }) => onShotEvent(projectId, { deleted: shotId })),
    // Reviewers' comments reach the cache wherever the owner is: the timeline's markers and the
    // comments panel read it when they open, without asking again.
    socket.on('review:comment-added', ({ projectId, comment }) =>
      queryClient.setQueryData(queryKeys.reviewComments(projectId), (list) =>
        list === undefined || list.some((entry) => entry.id === comment.id)
          ? list
          : [...list, comment].sort(
              (a, b) =>
                a.timeMs - b.timeMs || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
            ),
      ),
    ),
    // A new scratch track: its lines are asked for again (new clips under freshly signed URLs).
    socket.on('job:complete', ({ projectId, type }) => {
      if (type === DIALOGUE_JOB)
        void queryClient.invalidateQueries({ queryKey: queryKeys.dialogueLines(projectId) });
    }),
    socket.on('review:comment-deleted', ({ projectId, commentId }) =>
      queryClient.setQueryData(queryKeys.reviewComments(projectId), (list) =>
        list?.filter((entry) => entry.id !== commentId),
      ),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
