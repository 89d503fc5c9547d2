import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SocketClient } from '@reelbench/sdk';
import { type JobAcceptedReply, MESSAGES, SERVER_MESSAGES, type Shot } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plainPng, uploadPng } from '../../packages/server/test/support/upload-png.js';
import {
  api,
  type ClusterUser,
  ensureServerBuilt,
  type Node,
  newProject,
  newUser,
  ROOT,
  sdkSocket,
  startNode,
} from '../support/cluster.js';

/** Planted in the environment and in requests; none may ever appear in the process's output. */
const PLANTED = {
  signingSecret: 'planted-signing-secret-0123456789abcdef',
  replicateToken: 'r8_plantedReplicateToken0123456789',
  openAiKey: 'sk-plantedOpenAiKey0123456789abcdef',
  password: 'planted password 9f8e7d',
};

interface JobEnd {
  status: string;
  error?: string;
  code?: string;
}

function failureOf(event: { status: string; error: string; code?: string | undefined }): JobEnd {
  return { status: event.status, error: event.error, ...(event.code ? { code: event.code } : {}) };
}

function jobEnd(socket: SocketClient, jobId: string): Promise<JobEnd> {
  return new Promise((resolve) => {
    socket.on('job:complete', (event) => event.jobId === jobId && resolve({ status: event.status }));
    socket.on('job:error', (event) => event.jobId === jobId && resolve(failureOf(event)));
  });
}

function uploadImage(node: Node, user: ClusterUser, projectId: string) {
  return plainPng().then((png) => uploadPng(node.url, user.token, projectId, png));
}

/**
 * One server process on PGlite (runs everywhere, no services needed) whose generation provider
 * hangs and whose storage fills up; its whole output is searched for the secrets planted in it.
 */
describe('a provider that hangs, a full storage, and secrets kept out of the logs', () => {
  let dataDir: string;
  let provider: http.Server;
  const hung: http.IncomingMessage[] = [];
  let node: Node;
  let alice: ClusterUser;
  let socket: SocketClient;
  const fullFlag = () => join(dataDir, 'storage-is-full');

  beforeAll(async () => {
    ensureServerBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'reelbench-trust-faults-'));
    // Accepts every request and never answers.
    provider = http.createServer((request) => hung.push(request));
    await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    node = await startNode({
      name: 'trust',
      nodeArgs: ['--import', pathToFileURL(join(ROOT, 'tests/support/storage-full.preload.mjs')).href],
      env: {
        REELBENCH_DATA_DIR: dataDir,
        LOG_LEVEL: 'verbose',
        SIGNING_SECRET: PLANTED.signingSecret,
        JOB_CONCURRENCY: '1',
        GENERATION_PROVIDER_SHOT_IMAGE: 'replicate',
        REPLICATE_API_TOKEN: PLANTED.replicateToken,
        REPLICATE_BASE_URL: providerUrl,
        REPLICATE_TIMEOUT_MS: '1500',
        // The same silent provider, behind a provider timeout longer than the job's own time limit.
        OPENAI_IMAGE_API_KEY: PLANTED.openAiKey,
        OPENAI_IMAGE_BASE_URL: providerUrl,
        OPENAI_IMAGE_TIMEOUT_MS: '600000',
        JOB_TIMEOUT_MS: '6000',
        STORAGE_FULL_DIR: join(dataDir, 'files'),
        STORAGE_FULL_FLAG: join(dataDir, 'storage-is-full'),
      },
    });
    alice = await newUser(node.url, PLANTED.password);
    socket = await sdkSocket(node.url, alice.token);
  });

  afterAll(async () => {
    socket?.disconnect();
    await node?.stop('SIGKILL');
    for (const request of hung) request.socket.destroy();
    await new Promise<void>((done) => (provider ? provider.close(() => done()) : done()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('fails the job of a provider that never answers with its timeout, and the worker lives on', async () => {
    const project = await newProject(node.url, alice);
    await socket.request('project', 'subscribe', { projectId: project.id });
    const shot = (await socket.request('shot', 'create', {
      projectId: project.id,
      description: 'A lighthouse in a storm',
    })) as Shot;
    const accepted = (await socket.request('shot', 'generate-batch', {
      projectId: project.id,
      shotIds: [shot.id],
    })) as JobAcceptedReply;
    const end = await jobEnd(socket, accepted.job.id);
    expect(hung.length).toBeGreaterThan(0);
    // The job keeps its error class: the provider's catalogue message, not a bare 'Job failed'.
    expect(end).toMatchObject({
      status: 'failed',
      error: MESSAGES.imageGenerationFailed,
      code: 'SERVER_ERROR',
    });
    expect(
      node
        .logs()
        .some((line) => line.jobId === accepted.job.id && line.level === 'warn' && /failed/.test(line.msg)),
    ).toBe(true);

    // The one job slot is free again: an asset image (the local provider) renders.
    const asset = (await socket.request('unified-asset', 'create', {
      projectId: project.id,
      type: 'location',
      name: 'Harbour',
    })) as { id: string };
    const generated = await socket.request('unified-asset', 'generateImage', {
      projectId: project.id,
      assetId: asset.id,
    });
    expect(generated).toMatchObject({ jobId: expect.any(String) });
    expect((await api(node.url, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it("stops a job that runs past JOB_TIMEOUT_MS with 'Job failed', and its slot is free again", async () => {
    const project = await newProject(node.url, alice);
    await socket.request('project', 'subscribe', { projectId: project.id });
    const failures: JobEnd[] = [];
    socket.on('job:error', (event) => {
      if (event.projectId === project.id && event.type === 'unified-asset:generateImage')
        failures.push(failureOf(event));
    });
    const asset = (await socket.request('unified-asset', 'create', {
      projectId: project.id,
      type: 'location',
      name: 'Lighthouse',
    })) as { id: string };
    const before = hung.length;
    // OpenAI never answers and its own timeout is ten minutes away: the job's time limit ends it.
    await expect(
      socket.request('unified-asset', 'generateImage', {
        projectId: project.id,
        assetId: asset.id,
        provider: 'openai',
      }),
    ).rejects.toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.jobFailed });
    expect(hung.length).toBeGreaterThan(before);
    // The reply and the room's job:error travel apart (through Redis when it is configured): the event
    // may land a moment after the reply.
    await vi.waitFor(() => expect(failures.length).toBeGreaterThan(0), { timeout: 5_000 });
    expect(failures).toEqual([{ status: 'failed', error: MESSAGES.jobFailed, code: 'SERVER_ERROR' }]);
    expect(
      node
        .logs()
        .some(
          (line) =>
            line.level === 'warn' && typeof line.jobId === 'string' && /longest a job may run/.test(line.msg),
        ),
    ).toBe(true);

    // JOB_CONCURRENCY is 1 and the provider still has not answered: the next job runs all the same.
    const generated = await socket.request('unified-asset', 'generateImage', {
      projectId: project.id,
      assetId: asset.id,
    });
    expect(generated).toMatchObject({ jobId: expect.any(String), imageKey: 'default-wide' });
  });

  it('answers a clear error when storage is full, and leaves no half-written file behind', async () => {
    const project = await newProject(node.url, alice);
    const before = await uploadImage(node, alice, project.id);
    expect(before.status).toBe(201);
    // Signed URLs in the log must lose their signature.
    expect((await fetch(`${node.url}${String(before.body.url)}`)).status).toBe(200);

    await writeFile(fullFlag(), '');
    try {
      const full = await uploadImage(node, alice, project.id);
      expect(full).toEqual({
        status: 507,
        body: { success: false, code: 'SERVER_ERROR', error: SERVER_MESSAGES.storageFull, statusCode: 507 },
      });
      const list = await api<{ files: { key: string }[] } | { key: string }[]>(
        node.url,
        'GET',
        `/api/files/list/${project.id}`,
        { token: alice.token },
      );
      const keys = JSON.stringify(list.body);
      expect(keys).toContain(String(before.body.key));
      // No temp file left in the storage's scratch folder.
      const temp = join(dataDir, 'files', '.tmp');
      expect(existsSync(temp) ? await readdir(temp) : []).toEqual([]);
    } finally {
      await rm(fullFlag(), { force: true });
    }
    expect((await uploadImage(node, alice, project.id)).status).toBe(201);
    expect(node.logs().some((line) => line.level === 'error' && /storage is full/.test(line.msg))).toBe(true);
  });

  it('never writes a planted secret, token, password or signature to its logs', async () => {
    // A wrong password and a garbage token, as an attacker would send them.
    await api(node.url, 'POST', '/api/auth/login', {
      body: { email: alice.email, password: `${PLANTED.password}!` },
    });
    await api(node.url, 'GET', '/api/projects', { token: `${alice.token}x` });
    const output = node.output();
    expect(output.length).toBeGreaterThan(0);
    const lines = node.logs();
    // Every line is JSON with the fields the docs promise; requests carry their id.
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines)
      expect(line).toMatchObject({
        time: expect.any(String),
        level: expect.any(String),
        msg: expect.any(String),
      });
    expect(lines.some((line) => line.context === 'Http' && typeof line.requestId === 'string')).toBe(true);
    expect(lines.some((line) => line.context === 'Jobs' && typeof line.jobId === 'string')).toBe(true);
    const signed = lines.find((line) => typeof line.url === 'string' && line.url.includes('sig='));
    expect(signed?.url).toMatch(/sig=\[REDACTED\]/);
    for (const secret of [
      PLANTED.signingSecret,
      PLANTED.replicateToken,
      PLANTED.openAiKey,
      PLANTED.password,
      alice.token,
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});
