import type {
  FirstPassResponse,
  Job,
  JobAcceptedReply,
  JobListReply,
  Project,
  Shot,
  UndoRevisionReply,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, request } from './support/factories.js';
import { until, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

const DINER = `INT. DINER - NIGHT

Neon hums over empty booths. MAYA (30s) wipes the counter.

MAYA
Where were you?

LEO
Out. Looking for you.
`;
const LOT = `
EXT. PARKING LOT - CONTINUOUS

Leo's car idles, headlights on the wet asphalt.
`;
const CAR = `
INT. LEO'S CAR - MOMENTS LATER

Maya slides into the passenger seat. Neither speaks.

MAYA
Drive.
`;
const BRIDGE = `
EXT. BRIDGE - NIGHT

The car crosses the river. Rain on the windscreen.
`;
const SCRIPT = `Title: Last Order\n\n${DINER}${LOT}${CAR}`;
/** A line of dialogue reworded, the parking lot gone, a bridge added at the end. */
const REWRITE = `Title: Last Order\n\n${DINER.replace('Out. Looking for you.', 'Out. Looking for you, all night.')}${CAR}${BRIDGE}`;

type PassReply = FirstPassResponse & {
  kept: string[];
  changed: string[];
  added: string[];
  removed: string[];
};

describe.each(testDatabases())('undoing a revise on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  const pass = (socket: Socket, projectId: string, options: object = {}) =>
    ask<PassReply>(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic', ...options });

  async function saveScript(projectId: string, content: string): Promise<void> {
    const saved = await api(server, 'PUT', `/api/script/${projectId}`, {
      token: alice.token,
      body: { content },
    });
    expect(saved.status).toBe(200);
  }

  async function stored(socket: Socket, projectId: string): Promise<Shot[]> {
    return (await ask<{ shots: Shot[] }>(socket, 'shot:getAll', { projectId, limit: 2000 })).shots;
  }

  async function settings(projectId: string): Promise<Project['settings']> {
    return (await api<Project>(server, 'GET', `/api/projects/${projectId}`, { token: alice.token })).body
      .settings;
  }

  it('the dry run lists each change with its text; the undo brings the storyboard back exactly', async () => {
    const project = await newProject(server, alice, { name: 'Last Order' });
    const projectId = project.id;
    await saveScript(projectId, SCRIPT);
    const socket = await connect(alice);
    const first = await pass(socket, projectId);
    expect(first.update).toBe('replace');
    expect(first.shots.every((shot) => typeof shot.id === 'string')).toBe(true);

    // Every shot rendered (the local provider), so a changed one has media to go stale.
    const batch = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', { projectId, all: true });
    const job = await until(
      'the batch',
      async () => {
        const { jobs } = await ask<JobListReply>(socket, 'jobs:list', { projectId });
        const found = jobs.find((candidate) => candidate.id === batch.job.id);
        return found && ['completed', 'failed'].includes(found.status) ? found : undefined;
      },
      120_000,
    );
    expect((job as Job).status).toBe('completed');
    const before = await stored(socket, projectId);
    const settingsBefore = await settings(projectId);
    expect(before.some((shot) => shot.image_stale)).toBe(false);
    const lotShots = first.shots.filter((shot) => shot.sceneNumber === 2).map((shot) => shot.id);
    const lineShot = first.shots.find((shot) => shot.script_text.includes('Looking for you'));

    await saveScript(projectId, REWRITE);
    const dry = await pass(socket, projectId, { dryRun: true });
    expect(dry.revision).toBeUndefined();
    expect(dry.changed).toEqual([lineShot?.id]);
    const changes = dry.changes ?? [];
    expect(changes.filter((change) => change.change === 'changed')).toEqual([
      {
        id: lineShot?.id,
        change: 'changed',
        name: expect.any(String),
        sceneNumber: 1,
        sceneHeading: 'INT. DINER - NIGHT',
        before: lineShot?.script_text,
        after: expect.stringContaining('Out. Looking for you, all night.'),
      },
    ]);
    const added = changes.filter((change) => change.change === 'added');
    expect(added.map((change) => change.id)).toEqual(dry.added);
    expect(added.every((change) => change.sceneNumber === 3 && change.after !== undefined)).toBe(true);
    expect(added.map((change) => change.after).join(' ')).toContain('The car crosses the river.');
    const removed = changes.filter((change) => change.change === 'removed');
    expect(removed.map((change) => change.id).sort()).toEqual([...lotShots].sort());
    for (const change of removed) {
      // The parking lot is gone from the script: its shots belong to no new scene.
      expect(change).toMatchObject({ sceneNumber: null, sceneHeading: 'EXT. PARKING LOT - CONTINUOUS' });
      expect(change.before).toBe(first.shots.find((shot) => shot.id === change.id)?.script_text);
    }
    expect(await stored(socket, projectId)).toEqual(before);

    const revised = await pass(socket, projectId);
    expect(revised.revision).toEqual(expect.any(String));
    expect(revised.changed).toEqual([lineShot?.id]);
    const after = await stored(socket, projectId);
    expect(after.find((shot) => shot.id === lineShot?.id)).toMatchObject({
      image_stale: true,
      stale_reason: 'script changed',
    });

    // Someone else's project: not found; a revision no shot carries: not found.
    const intruder = await connect(bob);
    const undo = {
      projectId,
      revision: revised.revision,
      removed: revised.removed,
      shotOrder: settingsBefore.shotOrder,
      scenes: settingsBefore.scenes,
    };
    expectSocketError(
      await request(intruder, 'script:undoRevision', undo),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectSocketError(
      await request(socket, 'script:undoRevision', { ...undo, revision: crypto.randomUUID(), removed: [] }),
      'NOT_FOUND_ERROR',
      'Revision not found',
    );
    expect(await stored(socket, projectId)).toEqual(after);

    const reply = await ask<UndoRevisionReply>(socket, 'script:undoRevision', undo);
    expect(reply.deleted.sort()).toEqual([...revised.added].sort());
    expect(reply.restored.sort()).toEqual([...revised.removed].sort());
    expect(reply.reverted).toContain(lineShot?.id);
    // Exactly as before: text, media, staleness, sources, order and scenes.
    expect(await stored(socket, projectId)).toEqual(before);
    expect(await settings(projectId)).toEqual(settingsBefore);

    // Taken back once: the revision is gone.
    expectSocketError(
      await request(socket, 'script:undoRevision', { ...undo, removed: [] }),
      'NOT_FOUND_ERROR',
      'Revision not found',
    );
    // The restored shots know their source again: revising again gives the same revision.
    const again = await pass(socket, projectId, { dryRun: true });
    expect([again.kept, again.changed, again.removed]).toEqual([
      revised.kept,
      revised.changed,
      revised.removed,
    ]);
  }, 300_000);
});
