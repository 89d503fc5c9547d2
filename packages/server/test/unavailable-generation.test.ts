import {
  type Asset,
  errorEnvelopeSchema,
  legacyErrorPayloadSchema,
  type Project,
  type Shot,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_GENERATION_NOT_AVAILABLE } from '../src/assets/asset.service.js';
import { JOBS_NOT_AVAILABLE } from '../src/jobs/job.service.js';
import { SHOT_GENERATION_NOT_AVAILABLE } from '../src/shots/shot-generation.service.js';
import { testDatabases } from './support/databases.js';
import {
  api,
  connectSocket,
  legacyRequest,
  newProject,
  newUser,
  socketRequest,
  type TestUser,
} from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Jobs and the older asset generation events answer at once — validation and ownership first, then
 * a clear NOT_AVAILABLE_ERROR — until the generation pipeline lands, instead of leaving the client
 * to wait out its timeout.
 */
describe.each(testDatabases())('jobs and older generation events before the pipeline on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let project: Project;
  let asset: Asset;
  let shot: Shot;
  let aliceSocket: Socket;
  let bobSocket: Socket;

  beforeAll(async () => {
    server = await startTestServer({ database });
    alice = await newUser(server);
    bob = await newUser(server);
    project = await newProject(server, alice, { name: 'Night Shift' });
    const created = await api<Asset>(server, 'POST', '/api/asset', {
      token: alice.token,
      body: { projectId: project.id, type: 'character', name: 'Mara' },
    });
    expect(created.status).toBe(201);
    asset = created.body;
    const shotCreated = await api<Shot>(server, 'POST', `/api/projects/${project.id}/shots`, {
      token: alice.token,
      body: { name: 'Mara at the window' },
    });
    expect(shotCreated.status).toBe(201);
    shot = shotCreated.body;
    aliceSocket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
  });

  afterAll(async () => {
    aliceSocket?.disconnect();
    bobSocket?.disconnect();
    await server?.close();
  });

  it('answers jobs:list and jobs:cancel with NOT_AVAILABLE_ERROR for the owner', async () => {
    for (const [action, payload] of [
      ['list', { projectId: project.id }],
      ['list', {}],
      ['cancel', { jobId: UNKNOWN_ID }],
    ] as const) {
      const answer = await socketRequest(aliceSocket, 'jobs', action, payload);
      expect(answer.event).toBe('jobs:error');
      const envelope = errorEnvelopeSchema.parse(answer.body);
      expect(envelope).toMatchObject({
        code: 'NOT_AVAILABLE_ERROR',
        statusCode: 501,
        error: JOBS_NOT_AVAILABLE,
      });
    }
  });

  it('checks ownership and payloads before saying jobs are not available', async () => {
    const foreign = errorEnvelopeSchema.parse(
      (await socketRequest(bobSocket, 'jobs', 'list', { projectId: project.id })).body,
    );
    expect(foreign).toMatchObject({ code: 'NOT_FOUND_ERROR', error: 'Project not found' });
    const malformed = errorEnvelopeSchema.parse(
      (await socketRequest(aliceSocket, 'jobs', 'cancel', { jobId: 42 })).body,
    );
    expect(malformed.code).toBe('VALIDATION_ERROR');
  });

  it('answers the older jobs:list and job:cancel on their error event', async () => {
    const list = await legacyRequest(aliceSocket, 'jobs:list', { projectId: project.id });
    expect(list.event).toBe('jobs:error');
    expect(legacyErrorPayloadSchema.parse(list.body)).toMatchObject({ code: 'NOT_AVAILABLE_ERROR' });
    const cancel = await legacyRequest(aliceSocket, 'job:cancel', { jobId: 'not-a-uuid' });
    expect(legacyErrorPayloadSchema.parse(cancel.body).code).toBe('VALIDATION_ERROR');
  });

  it('answers the older asset and character events: not available to the owner, not found to others', async () => {
    const events: [string, Record<string, unknown>][] = [
      ['asset:generate-image', { assetId: asset.id }],
      ['asset:enhance-image', { assetId: asset.id, imageKey: 'default-front' }],
      ['asset:assess', { assetId: asset.id }],
      ['asset:define', { projectId: project.id, type: 'character', name: 'Mara' }],
      ['character:generate-rotation', { assetId: asset.id, rotation: 'left' }],
    ];
    for (const [event, payload] of events) {
      const owner = await legacyRequest(aliceSocket, event, payload);
      expect(owner.event, event).toMatch(/:error$/);
      expect(legacyErrorPayloadSchema.parse(owner.body), event).toMatchObject({
        code: 'NOT_AVAILABLE_ERROR',
        error: IMAGE_GENERATION_NOT_AVAILABLE,
      });
      const other = legacyErrorPayloadSchema.parse((await legacyRequest(bobSocket, event, payload)).body);
      expect(other.code, event).toBe('NOT_FOUND_ERROR');
      expect(JSON.stringify(other), event).not.toContain('Mara');
    }
  });

  it('answers the older video and composition events: not available to the owner, not found to others', async () => {
    const events: [string, Record<string, unknown>][] = [
      ['video:generate', { projectId: project.id, shotId: shot.id }],
      ['video:generate-batch', { projectId: project.id, shotIds: [shot.id] }],
      ['composition:create', { projectId: project.id, shotId: shot.id }],
      ['composition:create-batch', { projectId: project.id, shotIds: [shot.id] }],
      ['composition:create-grid', { projectId: project.id, shotIds: [shot.id] }],
    ];
    for (const [event, payload] of events) {
      const owner = legacyErrorPayloadSchema.parse((await legacyRequest(aliceSocket, event, payload)).body);
      expect(owner, event).toMatchObject({
        code: 'NOT_AVAILABLE_ERROR',
        error: SHOT_GENERATION_NOT_AVAILABLE,
      });
      const other = legacyErrorPayloadSchema.parse((await legacyRequest(bobSocket, event, payload)).body);
      expect(other.code, event).toBe('NOT_FOUND_ERROR');
      expect(JSON.stringify(other), event).not.toContain('Mara');
    }
  });
});
