import { randomUUID } from 'node:crypto';
import {
  type ErrorEnvelope,
  errorEnvelopeSchema,
  type FirstPassResponse,
  firstPassResponseSchema,
  firstPassShotDuration,
  MESSAGES,
  type Project,
  responseEnvelopeSchema,
  SCENE_COLORS,
  SERVER_EVENT_SCHEMAS,
  type Shot,
  type ShotPage,
} from '@reelbench/sdk/contract';
import { convertScript } from '@reelbench/sdk/screenplay';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, legacyRequest, newProject, newUser, request, type SocketAnswer } from './support/factories.js';
import { newAsset, useTestServer } from './support/harness.js';

const SCRIPT = `Title: The Ledger
Author: Reelbench Tests

INT. LIGHTHOUSE - NIGHT

Mara climbs the spiral stairs, a brass key in her fist. The lamp turns above her.

MARA
Who moved the ledger? It was on this desk when the storm started.

ELI
(quietly)
Nobody. It was never here, and you know that better than me.

MARA
Then where were you when the light went out?

EXT. HARBOR MARKET - DAY

Eli runs through the stalls. Mara follows, shoving past a fishmonger.

MARA
Stop!

INT. DINER - CONTINUOUS

The two sit across a booth. Rain streaks the windows.

ELI
You should go home.

MARA
Not without the ledger.

CUT TO:
`;

type FirstPassShotWithId = FirstPassResponse['shots'][number] & { id: string };
type FirstPassWithIds = Omit<FirstPassResponse, 'shots' | 'scenes'> & {
  shots: FirstPassShotWithId[];
  scenes: (NonNullable<FirstPassResponse['scenes']>[number] & { id: string })[];
};

function expectData<T>(answer: SocketAnswer): T {
  expect(answer.event, JSON.stringify(answer.body).slice(0, 500)).toBe('script:response');
  return responseEnvelopeSchema.parse(answer.body).data as T;
}

function expectError(answer: SocketAnswer): ErrorEnvelope {
  expect(answer.event, JSON.stringify(answer.body)).toBe('script:error');
  return errorEnvelopeSchema.parse(answer.body);
}

describe.each(testDatabases())('the first pass on %s', (database) => {
  const { server, alice, connect } = useTestServer({ database, users: ['alice'] });

  async function projectWithScript(content = SCRIPT): Promise<Project> {
    const project = await newProject(server, alice);
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content },
    });
    expect(saved.status).toBe(200);
    return project;
  }

  async function firstPass(
    socket: Socket,
    projectId: string,
    styleGuide: object = {},
    options: { update?: 'revise' | 'replace'; dryRun?: boolean } = {},
  ): Promise<FirstPassWithIds> {
    const data = expectData<FirstPassWithIds>(
      await request(socket, 'script:generateShotsFromScript', {
        projectId,
        mode: 'cinematic',
        styleGuide,
        ...options,
      }),
    );
    firstPassResponseSchema.parse(data);
    return data;
  }

  async function storedShots(projectId: string): Promise<Shot[]> {
    const page = await api<ShotPage>(server, 'GET', `/api/projects/${projectId}/shots`, {
      token: alice.token,
    });
    return page.body.shots;
  }

  async function settingsOf(projectId: string): Promise<Project['settings']> {
    return (await api<Project>(server, 'GET', `/api/projects/${projectId}`, { token: alice.token })).body
      .settings;
  }

  it('turns the saved script into ordered, timed shots covering every scene, written in one go', async () => {
    const project = await projectWithScript();
    const socket = await connect(alice);
    const listener = await connect(alice);
    await request(listener, 'project:subscribe', { projectId: project.id });
    const added: unknown[] = [];
    listener.on('timeline:shot-added', (payload) => added.push(payload));

    const pass = await firstPass(socket, project.id, { style: 'documentary', pacing: 'fast' });
    expect(pass.shots.length).toBeGreaterThanOrEqual(6);
    expect(new Set(pass.shots.map((shot) => shot.sceneNumber))).toEqual(new Set([1, 2, 3]));
    expect(pass.scenes.map((scene) => scene.heading)).toEqual([
      'INT. LIGHTHOUSE - NIGHT',
      'EXT. HARBOR MARKET - DAY',
      'INT. DINER - CONTINUOUS',
    ]);
    pass.shots.forEach((shot, i) => {
      const previous = pass.shots[i - 1];
      if (previous) {
        expect(shot.sceneNumber).toBeGreaterThanOrEqual(previous.sceneNumber);
        expect(shot.startTime).toBeCloseTo(previous.endTime ?? 0, 6);
      }
    });
    expect(pass.missingAssets).toEqual(
      expect.arrayContaining([
        { type: 'character', name: 'MARA' },
        { type: 'character', name: 'ELI' },
      ]),
    );

    const stored = await storedShots(project.id);
    expect(stored.map((shot) => shot.id)).toEqual(pass.shots.map((shot) => shot.id));
    stored.forEach((shot, i) => {
      const made = pass.shots[i] as FirstPassShotWithId;
      expect(shot).toMatchObject({
        name: made.name,
        prompt: made.prompt,
        framing: made.framing,
        camera_move: made.camera_move,
        start_time: made.startTime,
        duration: firstPassShotDuration(made),
      });
      expect(shot.duration).toBeCloseTo((made.endTime ?? 0) - made.startTime, 3);
      expect(shot.prompt).toContain('Documentary, handheld, practical');
    });
    const [row] = await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM shots WHERE project_id = $1 AND first_pass',
      [project.id],
    );
    expect(row?.n).toBe(pass.shots.length);

    const settings = await settingsOf(project.id);
    expect(settings.shotOrder).toEqual(pass.shots.map((shot) => shot.id));
    expect(settings.scenes.map((scene) => scene.id)).toEqual(pass.scenes.map((scene) => scene.id));
    settings.scenes.forEach((scene, s) => {
      const made = pass.scenes[s];
      expect(scene.name).toBe(made?.name);
      expect(SCENE_COLORS).toContain(scene.color);
      expect(scene.shotIds).toEqual(made?.shotIndexes.map((i) => pass.shots[i]?.id));
    });
    expect(settings.scenes[0]?.name).toContain('LIGHTHOUSE');
    const sceneIdOf = new Map(stored.map((shot) => [shot.id, shot.scene_id]));
    for (const made of pass.scenes) {
      expect(made.shotIndexes.map((i) => sceneIdOf.get(pass.shots[i]?.id ?? ''))).toEqual(
        made.shotIndexes.map(() => made.id),
      );
    }

    await request(listener, 'project:getAll', {});
    expect(added).toHaveLength(pass.shots.length);
    added.forEach((payload, i) => {
      expect(SERVER_EVENT_SCHEMAS['timeline:shot-added'].parse(payload)).toMatchObject({
        projectId: project.id,
        index: i,
        shot: { id: pass.shots[i]?.id },
      });
    });
  });

  it('replaces the previous pass on a re-run asked to replace, keeping hand-made shots and the scenes’ ids and colours', async () => {
    const project = await projectWithScript();
    const socket = await connect(alice);
    const first = await firstPass(socket, project.id);
    const handMade = responseEnvelopeSchema.parse(
      (await request(socket, 'shot:create', { projectId: project.id, name: 'Hand-made' })).body,
    ).data as Shot;
    const before = await settingsOf(project.id);

    const second = await firstPass(socket, project.id, { pacing: 'slow' }, { update: 'replace' });
    expect(second).toMatchObject({ update: 'replace', kept: [], changed: [] });
    expect(second.removed).toEqual(first.shots.map((shot) => shot.id));
    const stored = await storedShots(project.id);
    expect(stored.map((shot) => shot.id)).toEqual([...second.shots.map((shot) => shot.id), handMade.id]);
    expect(stored.some((shot) => first.shots.some((old) => old.id === shot.id))).toBe(false);
    const after = await settingsOf(project.id);
    expect(after.scenes.map((scene) => [scene.id, scene.color])).toEqual(
      before.scenes.map((scene) => [scene.id, scene.color]),
    );
    expect(after.shotOrder).toEqual(stored.map((shot) => shot.id));
    expect(second.scenes.map((scene) => scene.id)).toEqual(before.scenes.map((scene) => scene.id));
  });

  it('re-directs only the scenes asked for with generateCinematicShots', async () => {
    const project = await projectWithScript();
    const socket = await connect(alice);
    const first = await firstPass(socket, project.id);
    const partial = expectData<FirstPassWithIds>(
      await request(socket, 'script:generateCinematicShots', {
        projectId: project.id,
        sceneNumbers: [2],
        styleGuide: { pacing: 'slow' },
      }),
    );
    expect(new Set(partial.shots.map((shot) => shot.sceneNumber))).toEqual(new Set([2]));
    expect(partial.scenes.map((scene) => scene.number)).toEqual([2]);
    const kept = first.shots.filter((shot) => shot.sceneNumber !== 2).map((shot) => shot.id);
    const stored = (await storedShots(project.id)).map((shot) => shot.id);
    const firstScene = first.shots.filter((shot) => shot.sceneNumber === 1).map((shot) => shot.id);
    const thirdScene = first.shots.filter((shot) => shot.sceneNumber === 3).map((shot) => shot.id);
    expect(stored).toEqual([...firstScene, ...partial.shots.map((shot) => shot.id), ...thirdScene]);
    expect(stored).toEqual(expect.arrayContaining(kept));
    expect(partial.scenes[0]?.id).toBe(first.scenes[1]?.id);

    const unknown = expectError(
      await request(socket, 'script:generateCinematicShots', {
        projectId: project.id,
        sceneNumbers: [9],
      }),
    );
    expect(unknown).toMatchObject({ code: 'NOT_FOUND_ERROR', error: 'Scene not found' });
  });

  it('places the project’s assets the script names and reports the missing ones', async () => {
    const project = await projectWithScript();
    const mara = await newAsset(server, alice, { projectId: project.id }, 'character', 'Mara');
    const socket = await connect(alice);
    const pass = await firstPass(socket, project.id);
    expect(pass.missingAssets).toContainEqual({ type: 'character', name: 'ELI' });
    expect(pass.missingAssets).not.toContainEqual({ type: 'character', name: 'MARA' });
    const stored = await storedShots(project.id);
    const withMara = stored.filter((shot) => shot.assets.some((placement) => placement.assetId === mara));
    expect(withMara.length).toBeGreaterThan(0);
    const linked = pass.linkedAssets?.find((link) => link.assetId === mara);
    expect(withMara.map((shot) => shot.id)).toEqual(linked?.shotIndexes.map((i) => pass.shots[i]?.id));
  });

  it('reads a saved Final Draft script the same way', async () => {
    const project = await projectWithScript(convertScript(SCRIPT, 'fountain', 'fdx'));
    const socket = await connect(alice);
    const pass = await firstPass(socket, project.id);
    expect(pass.scenes.map((scene) => scene.heading)).toEqual([
      'INT. LIGHTHOUSE - NIGHT',
      'EXT. HARBOR MARKET - DAY',
      'INT. DINER - CONTINUOUS',
    ]);
    expect((await storedShots(project.id)).length).toBe(pass.shots.length);
  });

  it('answers no shots and writes nothing when there is no script', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const handMade = responseEnvelopeSchema.parse(
      (await request(socket, 'shot:create', { projectId: project.id })).body,
    ).data as Shot;
    const before = await settingsOf(project.id);
    const pass = await firstPass(socket, project.id);
    expect(pass.shots).toEqual([]);
    expect((await storedShots(project.id)).map((shot) => shot.id)).toEqual([handMade.id]);
    expect(await settingsOf(project.id)).toEqual(before);
  });

  it('answers a directed breakdown without writing, and requires its projectId', async () => {
    const project = await projectWithScript();
    const socket = await connect(alice);
    const breakdown = expectData<FirstPassResponse>(
      await request(socket, 'script:directedBreakdown', { projectId: project.id }),
    );
    expect(firstPassResponseSchema.parse(breakdown).shots.length).toBeGreaterThan(0);
    expect(breakdown.shots.every((shot) => !('id' in shot))).toBe(true);
    expect(await storedShots(project.id)).toEqual([]);

    const missing = expectError(await request(socket, 'script:directedBreakdown', {}));
    expect(missing.code).toBe('VALIDATION_ERROR');
    expect(missing.error).toBe(MESSAGES.breakdownProjectIdRequired);
  });

  it('also runs as generate-shots (with given text) and the older script:generate-shots event', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const fromText = expectData<FirstPassWithIds>(
      await request(socket, 'script:generate-shots', { projectId: project.id, content: SCRIPT }),
    );
    expect(fromText.shots.length).toBeGreaterThan(0);
    expect((await storedShots(project.id)).map((shot) => shot.id)).toEqual(
      fromText.shots.map((shot) => shot.id),
    );
    const script = await api<{ content: string }>(server, 'GET', `/api/script/${project.id}`, {
      token: alice.token,
    });
    expect(script.body.content).toBe('');

    const legacy = await legacyRequest<FirstPassWithIds>(socket, 'script:generate-shots', {
      projectId: project.id,
      content: SCRIPT,
    });
    expect(legacy.event).toBe('script:shots-generated');
    expect(legacy.body.shots).toHaveLength(fromText.shots.length);
    expect((await storedShots(project.id)).map((shot) => shot.id)).toEqual(
      legacy.body.shots.map((shot) => shot.id),
    );
  });

  it('refuses another user and bad requests without writing', async () => {
    const project = await projectWithScript();
    const bob = await newUser(server);
    const stranger = await connect(bob);
    for (const [action, payload] of [
      ['script:generateShotsFromScript', { projectId: project.id, mode: 'cinematic' }],
      ['script:generateCinematicShots', { projectId: project.id }],
      ['script:generate-shots', { projectId: project.id }],
      ['script:directedBreakdown', { projectId: project.id }],
    ] as const) {
      expect(expectError(await request(stranger, action, payload))).toMatchObject({
        code: 'NOT_FOUND_ERROR',
        error: 'Project not found',
      });
    }
    const socket = await connect(alice);
    for (const payload of [
      { projectId: project.id, mode: 'quick' },
      { projectId: project.id },
      { projectId: project.id, mode: 'cinematic', styleGuide: { style: 'noir' } },
      { projectId: project.id, mode: 'cinematic', styleGuide: { notes: 'n'.repeat(5_001) } },
      { projectId: randomUUID().slice(1), mode: 'cinematic' },
    ]) {
      expect(expectError(await request(socket, 'script:generateShotsFromScript', payload)).code).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect(await storedShots(project.id)).toEqual([]);
  });
});
