import type { Project, Shot } from '@reelbench/sdk';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { staleShotCount } from '../src/actions/generation-actions.js';
import {
  areSettingsLocallyPending,
  markLocalSettingsEdit,
  startLiveSync,
  writeServerShot,
} from '../src/app/live-sync.js';
import { queryKeys } from '../src/app/queries.js';
import type { AppServices } from '../src/app/services.js';
import { id, makeProject, makeScene, makeShot, PROJECT_ID } from './shots-fixtures.js';

/** A socket whose events the test emits by hand. */
/** A query cache holding the project's shot list (as the shot views' first fetch leaves it). */
function cachedShots(...shots: Shot[]): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.shots(PROJECT_ID), {
    shots,
    total: shots.length,
    limit: 2000,
    offset: 0,
  });
  return queryClient;
}

function fakeSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  return {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return () =>
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        );
    },
    emit(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
}

describe('live sync of project settings', () => {
  it('ignores the remote settings of a project whose scenes or order changed here in the last 2 s', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const local = makeProject([makeScene(1, 'Local', [])], []);
    queryClient.setQueryData(queryKeys.project(PROJECT_ID), local);
    const stop = startLiveSync({ client: { socket }, queryClient } as unknown as AppServices);
    const remote: Project = { ...makeProject([makeScene(1, 'Remote', [])], []), name: 'Renamed elsewhere' };

    const now = Date.now();
    markLocalSettingsEdit(PROJECT_ID, now);
    expect(areSettingsLocallyPending(PROJECT_ID, now + 1_999)).toBe(true);
    socket.emit('project:updated', { projectId: PROJECT_ID, project: remote });
    const kept = queryClient.getQueryData<Project>(queryKeys.project(PROJECT_ID));
    expect(kept?.settings.scenes[0]?.name).toBe('Local');
    expect(kept?.name).toBe('Renamed elsewhere');

    // Outside the window the remote settings apply.
    markLocalSettingsEdit(PROJECT_ID, now - 2_000);
    expect(areSettingsLocallyPending(PROJECT_ID)).toBe(false);
    socket.emit('project:updated', { projectId: PROJECT_ID, project: remote });
    expect(queryClient.getQueryData<Project>(queryKeys.project(PROJECT_ID))?.settings.scenes[0]?.name).toBe(
      'Remote',
    );
    stop();
  });
});

describe('live state of shots', () => {
  const listOf = (queryClient: QueryClient) =>
    queryClient.getQueryData(queryKeys.shots(PROJECT_ID))?.shots.map((shot) => ({
      name: shot.name,
      image_stale: shot.image_stale,
      video_stale: shot.video_stale,
    }));

  it("writes the server's answer to an edit: its staleness, keeping the fields typed since", () => {
    const shot = makeShot({ id: id(1), name: 'Pier at ni', image_url: '/f.png', video_url: '/v.mp4' });
    const queryClient = cachedShots(shot);
    expect(staleShotCount({ queryClient }, PROJECT_ID, 'image')).toBe(0);
    writeServerShot(
      queryClient,
      PROJECT_ID,
      { ...shot, name: 'Pier', image_stale: true, video_stale: true },
      new Set(['name']),
    );
    expect(listOf(queryClient)).toEqual([{ name: 'Pier at ni', image_stale: true, video_stale: true }]);
    expect(staleShotCount({ queryClient }, PROJECT_ID, 'image')).toBe(1);
    expect(staleShotCount({ queryClient }, PROJECT_ID, 'video')).toBe(1);
  });

  it('keeps the URL shown for the same stored image, and takes a new image', () => {
    const shot = makeShot({ id: id(3), image_url: '/f.png?sig=1', s3_image_key: 'p/f.png' });
    const queryClient = cachedShots(shot);
    const url = () => queryClient.getQueryData(queryKeys.shots(PROJECT_ID))?.shots[0]?.image_url;
    writeServerShot(queryClient, PROJECT_ID, { ...shot, image_url: '/f.png?sig=2' });
    expect(url()).toBe('/f.png?sig=1');
    writeServerShot(queryClient, PROJECT_ID, { ...shot, image_url: '/g.png?sig=3', s3_image_key: 'p/g.png' });
    expect(url()).toBe('/g.png?sig=3');
  });

  it('a shot:updated from elsewhere makes a rendered shot stale in the cache, and Render Stale counts it', () => {
    const socket = fakeSocket();
    const shot = makeShot({ id: id(2), name: 'Cabin', image_url: '/f.png', video_url: '/v.mp4' });
    const queryClient = cachedShots(shot);
    const stop = startLiveSync({ client: { socket }, queryClient } as unknown as AppServices);
    socket.emit('shot:updated', {
      projectId: PROJECT_ID,
      shot: { ...shot, prompt: 'Rain', image_stale: true },
    });
    expect(listOf(queryClient)).toEqual([{ name: 'Cabin', image_stale: true, video_stale: undefined }]);
    expect(staleShotCount({ queryClient }, PROJECT_ID, 'image')).toBe(1);
    stop();
  });
});

describe('shot events during the first fetch of the list', () => {
  /** The project's shot list being fetched: the test answers it, with the snapshot the server took. */
  function fetching(queryClient: QueryClient) {
    let answer: (shots: Shot[]) => void = () => {};
    const done = queryClient.fetchQuery({
      queryKey: queryKeys.shots(PROJECT_ID),
      queryFn: () =>
        new Promise<{ shots: Shot[]; total: number; limit: number; offset: number }>((resolve) => {
          answer = (shots) => resolve({ shots, total: shots.length, limit: 2000, offset: 0 });
        }),
    });
    return { answer: (shots: Shot[]) => answer(shots), done };
  }
  /** A fresh cache with live sync started on a socket the test emits on. */
  function syncing() {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const stop = startLiveSync({ client: { socket }, queryClient } as unknown as AppServices);
    return { socket, queryClient, stop };
  }
  const names = (queryClient: QueryClient) =>
    queryClient.getQueryData(queryKeys.shots(PROJECT_ID))?.shots.map((shot) => shot.name);

  it('keeps a shot created while the list was on its way, though the snapshot predates it', async () => {
    const { socket, queryClient, stop } = syncing();
    const first = makeShot({ id: id(1), name: 'Shot 1' });
    const second = makeShot({ id: id(2), name: 'Shot 2' });
    const list = fetching(queryClient);
    socket.emit('shot:created', { projectId: PROJECT_ID, shot: second });
    list.answer([first]);
    await list.done;
    expect(names(queryClient)).toEqual(['Shot 1', 'Shot 2']);
    stop();
  });

  it('plays changes and deletions that came meanwhile onto the fetched list, in order, once', async () => {
    const { socket, queryClient, stop } = syncing();
    const pier = makeShot({ id: id(1), name: 'Pier' });
    const cabin = makeShot({ id: id(2), name: 'Cabin' });
    const list = fetching(queryClient);
    socket.emit('shot:updated', { projectId: PROJECT_ID, shot: { ...pier, name: 'Pier at night' } });
    socket.emit('shot:updated', { projectId: PROJECT_ID, shot: { ...pier, name: 'Pier at dawn' } });
    socket.emit('shot:deleted', { projectId: PROJECT_ID, shotId: cabin.id });
    list.answer([pier, cabin]);
    await list.done;
    expect(names(queryClient)).toEqual(['Pier at dawn']);
    // Played once: a later fetch brings the server's list as it is.
    await queryClient.fetchQuery({
      queryKey: queryKeys.shots(PROJECT_ID),
      queryFn: async () => ({ shots: [pier, cabin], total: 2, limit: 2000, offset: 0 }),
    });
    expect(names(queryClient)).toEqual(['Pier', 'Cabin']);
    stop();
  });
});
