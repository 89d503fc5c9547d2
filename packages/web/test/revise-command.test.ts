import type { FirstPassResponse, Project, Scene } from '@reelbench/sdk';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyRevise, type ReviseDeps, reviseCommand } from '../src/dialogs/revise-command.js';
import { UndoStack } from '../src/shots/undo.js';
import { id, makeScene, makeShot, PROJECT_ID } from './shots-fixtures.js';

const [a, b, c] = [id(), id(), id()];
const scenes: Scene[] = [makeScene(1, 'Diner', [a, b]), makeScene(2, 'Lot', [c])];

/** A client whose project lists a, b, c (c first in the stored order, b not listed: it goes last). */
function fakeClient(replies: Partial<FirstPassResponse>[]) {
  const firstPass = vi.fn(async () => ({ shots: [], ...replies.shift() }) as FirstPassResponse);
  const undoRevision = vi.fn(async (input: { projectId: string; revision: string }) => ({
    projectId: input.projectId,
    reverted: [],
    deleted: [],
    restored: [],
  }));
  return {
    firstPass,
    undoRevision,
    client: {
      projects: {
        get: async () => ({ id: PROJECT_ID, settings: { shotOrder: [c, a], scenes } }) as unknown as Project,
      },
      shots: {
        list: async () => ({
          shots: [a, b, c].map((shotId) => makeShot({ id: shotId })),
          total: 3,
          limit: 2000,
          offset: 0,
        }),
      },
      script: { firstPass, undoRevision },
    } as unknown as ReviseDeps['client'],
  };
}

function depsOf(client: ReviseDeps['client']): ReviseDeps {
  return {
    client,
    queryClient: new QueryClient(),
    toasts: { show: vi.fn() },
    projectId: PROJECT_ID,
    guide: { style: 'documentary', aspect: '16:9' },
  };
}

describe('the Revise shots undo step', () => {
  it('revises with the first pass style, and undo sends the revision, its removed shots and the order from before', async () => {
    const fake = fakeClient([{ revision: id(), removed: [c], changed: [a] }]);
    const deps = depsOf(fake.client);
    const { reply, applied } = await applyRevise(deps);
    expect(fake.firstPass).toHaveBeenCalledWith(PROJECT_ID, deps.guide, { update: 'revise' });
    expect(applied).toEqual({
      revision: reply.revision,
      removed: [c],
      before: { shotOrder: [c, a, b], scenes },
    });

    const history = new UndoStack();
    history.push(reviseCommand(deps, applied as NonNullable<typeof applied>));
    expect(history.state.get().undo).toBe('Revise shots');
    history.undo();
    await vi.waitFor(() => expect(fake.undoRevision).toHaveBeenCalledTimes(1));
    expect(fake.undoRevision).toHaveBeenCalledWith({
      projectId: PROJECT_ID,
      revision: reply.revision,
      removed: [c],
      shotOrder: [c, a, b],
      scenes,
    });
  });

  it('redo revises again, and the next undo takes back that new revision', async () => {
    const first = id();
    const second = id();
    const fake = fakeClient([
      { revision: first, removed: [] },
      { revision: second, removed: [b] },
    ]);
    const deps = depsOf(fake.client);
    const { applied } = await applyRevise(deps);
    const history = new UndoStack();
    history.push(reviseCommand(deps, applied as NonNullable<typeof applied>));
    history.undo();
    await vi.waitFor(() => expect(fake.undoRevision).toHaveBeenCalledTimes(1));
    history.redo();
    await vi.waitFor(() => expect(fake.firstPass).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    history.undo();
    await vi.waitFor(() => expect(fake.undoRevision).toHaveBeenCalledTimes(2));
    expect(fake.undoRevision.mock.calls.map(([input]) => input.revision)).toEqual([first, second]);
  });

  it('a revise that wrote nothing leaves nothing to undo', async () => {
    const fake = fakeClient([{ kept: [a, b, c] }]);
    const { applied } = await applyRevise(depsOf(fake.client));
    expect(applied).toBeNull();
  });

  it('a failed undo says why', async () => {
    const fake = fakeClient([{ revision: id(), removed: [] }]);
    fake.undoRevision.mockRejectedValueOnce(new Error('Revision not found'));
    const deps = depsOf(fake.client);
    const { applied } = await applyRevise(deps);
    reviseCommand(deps, applied as NonNullable<typeof applied>).revert();
    await vi.waitFor(() =>
      expect(deps.toasts.show).toHaveBeenCalledWith({
        type: 'error',
        title: 'Operation Failed',
        message: 'Revision not found',
      }),
    );
  });
});
