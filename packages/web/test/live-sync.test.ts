import type { Project } from '@reelbench/sdk';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { areSettingsLocallyPending, markLocalSettingsEdit, startLiveSync } from '../src/app/live-sync.js';
import { queryKeys } from '../src/app/queries.js';
import type { AppServices } from '../src/app/services.js';
import { makeProject, makeScene, PROJECT_ID } from './shots-fixtures.js';

/** A socket whose events the test emits by hand. */
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
