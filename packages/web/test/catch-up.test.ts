import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catchUpAfterJoin } from '../src/app/catch-up.js';
import { queryKeys } from '../src/app/queries.js';
import { createStore } from '../src/state/store.js';
import { PROJECT_ID } from './shots-fixtures.js';

const OTHER_PROJECT = '00000000-0000-4000-8000-0000000000ff';

/** A cache with the project's shots, script and cuts, another project's shots, and the project list. */
function cache(): { queryClient: QueryClient; fetched: string[] } {
  const queryClient = new QueryClient();
  const fetched: string[] = [];
  // Plain keys: the test's stand-in data is not the typed replies the app's keys carry.
  const keys: readonly (readonly unknown[])[] = [
    queryKeys.shots(PROJECT_ID),
    queryKeys.script(PROJECT_ID),
    queryKeys.cuts(PROJECT_ID),
    queryKeys.shots(OTHER_PROJECT),
    queryKeys.projects,
  ].map((key) => [...key]);
  for (const key of keys) {
    queryClient.setQueryData(key, { at: 'before' });
    // Mounted, as a page's query is: invalidating it fetches again.
    new QueryObserver(queryClient, {
      queryKey: key,
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async () => {
        fetched.push(JSON.stringify(key));
        return { at: 'after' };
      },
    }).subscribe(() => {});
  }
  return { queryClient, fetched };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('catching up after a project room is joined', () => {
  it("asks again for this project's data fetched before the join, and nothing else", async () => {
    const { queryClient, fetched } = cache();
    catchUpAfterJoin(queryClient, createStore('saved'), PROJECT_ID, Date.now() + 1);
    await settle();
    expect(fetched.sort()).toEqual(
      [queryKeys.cuts(PROJECT_ID), queryKeys.script(PROJECT_ID), queryKeys.shots(PROJECT_ID)]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
    expect(queryClient.getQueryData(queryKeys.shots(PROJECT_ID))).toEqual({ at: 'after' });
    expect(queryClient.getQueryData(queryKeys.shots(OTHER_PROJECT))).toEqual({ at: 'before' });
  });

  it('leaves data fetched after the join alone: it already heard everything', async () => {
    const { queryClient, fetched } = cache();
    catchUpAfterJoin(queryClient, createStore('saved'), PROJECT_ID, Date.now() - 60_000);
    await settle();
    expect(fetched).toEqual([]);
  });

  it('waits for edits still being saved, so the older server values never cover them', async () => {
    const { queryClient, fetched } = cache();
    const saveState = createStore<string>('dirty');
    catchUpAfterJoin(queryClient, saveState, PROJECT_ID, Date.now() + 1);
    await settle();
    expect(fetched).toEqual([]);
    saveState.set('saving');
    await settle();
    expect(fetched).toEqual([]);
    saveState.set('saved');
    await settle();
    expect(fetched).toHaveLength(3);
    // Once: later saves ask for nothing more.
    saveState.set('dirty');
    saveState.set('saved');
    await settle();
    expect(fetched).toHaveLength(3);
  });

  it('asks for nothing once cancelled (the page left the project first)', async () => {
    const { queryClient, fetched } = cache();
    const saveState = createStore<string>('offline');
    const cancel = catchUpAfterJoin(queryClient, saveState, PROJECT_ID, Date.now() + 1);
    cancel();
    saveState.set('saved');
    await settle();
    expect(fetched).toEqual([]);
  });
});
