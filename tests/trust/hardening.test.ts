import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Cut,
  type ErrorBody,
  type Job,
  type JobAcceptedReply,
  type ReviewLink,
  type ReviewView,
  type RoughCut,
  SERVER_MESSAGES,
  type Shot,
} from '@reelbench/sdk/contract';
import { type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnInFont } from '../../packages/server/src/cuts/rough-cut.burn-in.js';
import { resolveFfmpeg } from '../../packages/server/src/media/ffmpeg-path.js';
import {
  burnInReference,
  grayFrame,
  nameBandDifference,
} from '../../packages/server/test/support/burn-in-frames.js';
import { requestFrom } from '../../packages/server/test/support/from-address.js';
import { plainPng, uploadPng } from '../../packages/server/test/support/upload-png.js';
import {
  api,
  type ClusterUser,
  createDatabase,
  ensureServerBuilt,
  eventually,
  type Node,
  newProject,
  newUser,
  ROOT,
  rawSocket,
  startNode,
} from '../support/cluster.js';

/**
 * Issue 28, against the built server in processes of its own (PGlite, or a database of their own on
 * DATABASE_URL when it is set): nothing one user does can stall, flood or read past another. Each
 * test failed before its fix. The server's whole output is kept and searched for every token the
 * suite handled at the end.
 */

/** Every bearer and review token the suite saw: none may be in any server's output. */
const TOKENS = new Set<string>();
const NODES: Node[] = [];
const DROPS: (() => Promise<void>)[] = [];

async function start(name: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<Node> {
  const database = process.env.DATABASE_URL ? await createDatabase() : undefined;
  if (database) DROPS.push(database.drop);
  const node = await startNode({
    name,
    nodeArgs,
    env: {
      REELBENCH_DATA_DIR: await mkdtemp(join(tmpdir(), `reelbench-trust-${name}-`)),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
  });
  NODES.push(node);
  return node;
}

async function user(node: Node, password?: string): Promise<ClusterUser> {
  const created = await newUser(node.url, password);
  TOKENS.add(created.token);
  return created;
}

/** Queues the rough cut of a cut with its burn-in, as its owner. */
function renderRoughCut(node: Node, owner: ClusterUser, projectId: string, cutId: string) {
  return api<JobAcceptedReply>(node.url, 'POST', `/api/projects/${projectId}/cuts/${cutId}/rough-cut`, {
    token: owner.token,
    body: { burnIn: true },
  });
}

/** One HTTP request on a connection of its own from a chosen loopback address (127.0.0.x). */
function from(
  address: string,
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: ErrorBody & Record<string, unknown> }> {
  return requestFrom(new URL(path, base).href, address, body, { method }) as Promise<{
    status: number;
    body: ErrorBody & Record<string, unknown>;
  }>;
}

/** One envelope request on a socket (`shot:generate-batch`), answered on `shot:response` or `shot:error`. */
function ask(socket: Socket, event: string, payload: unknown): Promise<{ success: boolean; code?: string }> {
  const requestId = randomUUID();
  const domain = event.split(':')[0];
  return new Promise((resolve) => {
    const answer = (body: { requestId?: string; success: boolean; code?: string }) => {
      if (body.requestId !== requestId) return;
      socket.off(`${domain}:response`, answer);
      socket.off(`${domain}:error`, answer);
      resolve(body);
    };
    socket.on(`${domain}:response`, answer);
    socket.on(`${domain}:error`, answer);
    socket.emit(event, { requestId, payload });
  });
}

/** The server process's descendants running ffmpeg (directly or as the launcher's children). */
function ffmpegDescendants(pid: number): string[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // Gone meanwhile.
    }
  }
  const descends = (child: number): boolean => {
    for (let at = parents.get(child); at !== undefined && at > 1; at = parents.get(at))
      if (at === pid) return true;
    return false;
  };
  return [...commands.entries()]
    .filter(([child, command]) => descends(child) && /ffmpeg/.test(command))
    .map(([, command]) => command);
}

/** The server's own event-loop delay since the previous call (tests/support/loop-lag.preload.mjs). */
async function loopLag(node: Node): Promise<{ maxMs: number; p99Ms: number; count: number }> {
  const before = node.output().length;
  node.child.kill('SIGUSR2');
  let line: string | undefined;
  await eventually(() => {
    line = node
      .output()
      .slice(before)
      .split('\n')
      .find((text) => text.startsWith('{"loopLag"'));
    return line !== undefined;
  }, 'the loop-lag line');
  return (JSON.parse(line ?? '{}') as { loopLag: { maxMs: number; p99Ms: number; count: number } }).loopLag;
}

async function jobOf(node: Node, owner: ClusterUser, jobId: string): Promise<Job | undefined> {
  const jobs = await api<Job[]>(node.url, 'GET', '/api/script/jobs', { token: owner.token });
  return jobs.body.find((job) => job.id === jobId);
}

async function finished(node: Node, owner: ClusterUser, jobId: string, timeoutMs = 120_000): Promise<Job> {
  let job: Job | undefined;
  await eventually(
    async () => {
      job = await jobOf(node, owner, jobId);
      return job !== undefined && ['completed', 'failed', 'cancelled'].includes(job.status);
    },
    `job ${jobId} to end`,
    timeoutMs,
  );
  return job as Job;
}

/** A project whose timeline is these shots (no media: black frames), and a cut of it. */
async function cutOf(
  node: Node,
  owner: ClusterUser,
  shots: { name: string; duration: number; script_text?: string }[],
): Promise<{ projectId: string; cut: Cut }> {
  const project = await newProject(node.url, owner, 'Hardening');
  for (const shot of shots) {
    const created = await api<Shot>(node.url, 'POST', `/api/projects/${project.id}/shots`, {
      token: owner.token,
      body: shot,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const cut = await api<Cut>(node.url, 'POST', `/api/projects/${project.id}/cuts`, {
    token: owner.token,
    body: { name: 'Assembly' },
  });
  expect(cut.status, JSON.stringify(cut.body)).toBe(201);
  return { projectId: project.id, cut: cut.body };
}

describe('issue 28: nothing one user does can stall, flood or read past another', () => {
  let node: Node;
  let owner: ClusterUser;

  beforeAll(async () => {
    ensureServerBuilt();
    node = await start(
      'hardening',
      { LOG_LEVEL: 'verbose', JOB_CONCURRENCY: '1', PROCESS_KILL_GRACE_MS: '1000' },
      ['--import', pathToFileURL(join(ROOT, 'tests/support/loop-lag.preload.mjs')).href],
    );
    owner = await user(node);
  });

  afterAll(async () => {
    await Promise.all(NODES.map((started) => started.stop('SIGKILL')));
    for (const drop of DROPS) await drop();
  });

  it('makes the PDF of six 10,000-character words in under a second, the event loop never blocked 100 ms', async () => {
    const word = 'w'.repeat(10_000);
    const { projectId, cut } = await cutOf(
      node,
      owner,
      Array.from({ length: 6 }, (_, index) => ({
        name: `Shot ${index + 1}`,
        duration: 2,
        script_text: word,
      })),
    );
    const pdf = (layout: string) =>
      fetch(`${node.url}/api/projects/${projectId}/cuts/${cut.id}/export/pdf?layout=${layout}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
    // Once to start the server's worker threads, then measured.
    expect((await pdf('pages')).status).toBe(200);
    await loopLag(node);
    for (const layout of ['pages', 'contact', 'pages', 'contact']) {
      const started = performance.now();
      const answer = await pdf(layout);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(elapsed, `${layout} took ${Math.round(elapsed)} ms`).toBeLessThan(1_000);
      // Meanwhile the server answers everyone else.
      expect((await api(node.url, 'GET', '/api/health')).status).toBe(200);
    }
    const lag = await loopLag(node);
    expect(lag.count).toBeGreaterThan(0);
    expect(lag.maxMs, JSON.stringify(lag)).toBeLessThan(100);
    // The server reports its own measure too.
    const ready = await api<{ eventLoop?: { maxMs: number } }>(node.url, 'GET', '/api/health/ready');
    expect(ready.body.eventLoop?.maxMs).toEqual(expect.any(Number));
  });

  it("renders a burn-in rough cut of a shot named with %{…}, ', \\, : and ; that shows the name as it is", async () => {
    const name = "It's %{pts} %{eif:n:d} \\ back: slash; done";
    const { projectId, cut } = await cutOf(node, owner, [{ name, duration: 1 }]);
    const queued = await renderRoughCut(node, owner, projectId, cut.id);
    expect(queued.status).toBe(201);
    const job = await finished(node, owner, queued.body.job.id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed' });
    const rough = await api<RoughCut>(
      node.url,
      'GET',
      `/api/projects/${projectId}/rough-cut?cutId=${cut.id}`,
      {
        token: owner.token,
      },
    );
    expect(rough.body.burnIn).toBe('drawn');
    const directory = await mkdtemp(join(tmpdir(), 'reelbench-trust-burn-in-'));
    const file = join(directory, 'rough-cut.mp4');
    await writeFile(file, Buffer.from(await (await fetch(new URL(rough.body.url, node.url))).arrayBuffer()));
    try {
      const ffmpeg = resolveFfmpeg({
        ffmpegPath: process.env.FFMPEG_PATH,
        searchPath: process.env.PATH,
      }).path;
      const font = burnInFont() ?? '';
      const size = { width: rough.body.width, height: rough.body.height };
      const frame = await grayFrame(ffmpeg, file, size, 12);
      const literal = nameBandDifference(frame, await burnInReference(ffmpeg, font, name, size));
      expect(literal.ink).toBeGreaterThan(300);
      expect(literal.disagreeing).toBeLessThan(literal.ink * 0.05);
      // What expansion of %{pts} and %{eif:n:d} would have drawn is told apart by the same check.
      const expanded = nameBandDifference(
        frame,
        await burnInReference(ffmpeg, font, "It's 0.500000 12 \\ back: slash; done", size),
      );
      expect(expanded.disagreeing).toBeGreaterThan(literal.disagreeing * 4 + 40);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('a cancelled render leaves no ffmpeg within 5 s, and its worker slot is free at once', async () => {
    const { projectId, cut } = await cutOf(node, owner, [{ name: 'An hour of night', duration: 3_600 }]);
    const queued = await renderRoughCut(node, owner, projectId, cut.id);
    await eventually(() => ffmpegDescendants(node.child.pid ?? 0).length > 0, 'ffmpeg to start', 60_000);
    const cancelled = await api<Job>(node.url, 'DELETE', `/api/script/jobs/${queued.body.job.id}`, {
      token: owner.token,
    });
    expect(cancelled.body.status).toBe('cancelled');
    await eventually(() => ffmpegDescendants(node.child.pid ?? 0).length === 0, 'no ffmpeg left', 5_000);
    // JOB_CONCURRENCY is 1: the next render runs at once and completes.
    const small = await cutOf(node, owner, [{ name: 'Short', duration: 1 }]);
    const next = await api<JobAcceptedReply>(
      node.url,
      'POST',
      `/api/projects/${small.projectId}/cuts/${small.cut.id}/rough-cut`,
      { token: owner.token, body: {} },
    );
    expect((await finished(node, owner, next.body.job.id, 60_000)).status).toBe('completed');
    expect((await jobOf(node, owner, queued.body.job.id))?.status).toBe('cancelled');
  });

  it('60 concurrent wrong logins get at most 5 password checks, and the right one in the burst is refused', async () => {
    const victim = await user(node, 'a very private passphrase');
    const guesses = Array.from({ length: 60 }, (_, index) =>
      from('127.0.0.7', node.url, 'POST', '/api/auth/login', {
        email: victim.email,
        password: `guess ${index}`,
      }),
    );
    // Sent once the burst is in (its first answer is out), while its checks still run.
    const right = Promise.race(guesses).then(() =>
      from('127.0.0.7', node.url, 'POST', '/api/auth/login', {
        email: victim.email,
        password: victim.password,
      }),
    );
    const answers = await Promise.all(guesses);
    const checked = answers.filter((answer) => answer.status === 401);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(60 - checked.length);
    expect(answers.find((answer) => answer.status === 429)?.body.error).toBe(
      SERVER_MESSAGES.tooManyLoginAttempts,
    );
    expect((await right).status).toBe(429);
    // The owner, from another address, still gets in.
    const home = await from('127.0.0.8', node.url, 'POST', '/api/auth/login', {
      email: victim.email,
      password: victim.password,
    });
    expect(home.status).toBe(200);
    TOKENS.add(String(home.body.token));
  });

  it('throttles a burst of 300 comments from one address to REVIEW_COMMENTS_PER_MINUTE', async () => {
    const project = await newProject(node.url, owner, 'Comment flood');
    const link = await api<ReviewLink>(node.url, 'POST', `/api/projects/${project.id}/review-links`, {
      token: owner.token,
    });
    TOKENS.add(link.body.token);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        from('127.0.0.9', node.url, 'POST', `/api/review/${link.body.token}/comments`, {
          authorName: 'Flood',
          body: `comment ${index}`,
          timeMs: index,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(new Set(refused.map((answer) => `${answer.status} ${answer.body.error}`))).toEqual(
      new Set([`429 ${SERVER_MESSAGES.tooManyReviewComments}`]),
    );
    // Another reviewer, elsewhere, still comments.
    const other = await from('127.0.0.10', node.url, 'POST', `/api/review/${link.body.token}/comments`, {
      authorName: 'Jury',
      body: 'Lovely',
      timeMs: 0,
    });
    expect(other.status).toBe(201);
  });

  it("answers a revoked link's media 404", async () => {
    const project = await newProject(node.url, owner, 'Revoked media');
    const { body: uploaded } = await uploadPng(node.url, owner.token, project.id, await plainPng());
    await api(node.url, 'POST', `/api/projects/${project.id}/shots`, {
      token: owner.token,
      body: { name: 'Framed', s3_image_key: uploaded.key },
    });
    const link = await api<ReviewLink>(node.url, 'POST', `/api/projects/${project.id}/review-links`, {
      token: owner.token,
    });
    TOKENS.add(link.body.token);
    const view = await api<ReviewView>(node.url, 'GET', `/api/review/${link.body.token}`);
    const url = new URL(view.body.shots[0]?.image_url ?? '', node.url);
    expect((await fetch(url)).status).toBe(200);
    await api(node.url, 'DELETE', `/api/review-links/${link.body.token}`, { token: owner.token });
    const after = await fetch(url);
    expect([403, 404]).toContain(after.status);
  });

  it('answers a taken email like a new one, in about the same time', async () => {
    const taken = await user(node);
    const register = async (email: string) => {
      const started = performance.now();
      const answer = await api<{ token?: string }>(node.url, 'POST', '/api/auth/register', {
        body: {
          email,
          username: `timing_${Math.random().toString(36).slice(2, 8)}`,
          password: 'timing is everything here',
        },
      });
      if (answer.body.token) TOKENS.add(answer.body.token);
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      fresh.push(await register(`timing-${Math.random().toString(36).slice(2)}@example.com`));
      existing.push(await register(taken.email));
    }
    // Both hash the password before looking at the email: a taken one is not answered early.
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.5);
  });

  it('lets at most GENERATIONS_PER_MINUTE of 160 concurrent batch requests through', async () => {
    const sender = await user(node);
    const project = await newProject(node.url, sender, 'Batch burst');
    const sockets = await Promise.all(Array.from({ length: 8 }, () => rawSocket(node.url, sender.token)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 160 }, (_, index) =>
          ask(sockets[index % sockets.length] as Socket, 'shot:generate-batch', {
            projectId: project.id,
            staleOnly: true,
          }),
        ),
      );
      const passed = answers.filter((answer) => answer.success);
      expect(passed.length).toBeLessThanOrEqual(120);
      expect(passed.length).toBeGreaterThan(0);
      for (const answer of answers.filter((a) => !a.success))
        expect(answer).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('holds the 2,000-comment cap of a project under a burst from many reviewers', async () => {
    const open = await start('comment-cap', { REVIEW_COMMENTS_PER_MINUTE: '100000', LOG_LEVEL: 'info' });
    const capOwner = await user(open);
    const project = await newProject(open.url, capOwner, 'Full of notes');
    const link = await api<ReviewLink>(open.url, 'POST', `/api/projects/${project.id}/review-links`, {
      token: capOwner.token,
    });
    TOKENS.add(link.body.token);
    const comment = (index: number) =>
      api(open.url, 'POST', `/api/review/${link.body.token}/comments`, {
        body: { authorName: 'Reviewer', body: `note ${index}`, timeMs: index },
      });
    for (let start = 0; start < 1_990; start += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, 1_990 - start) }, (_, index) => comment(start + index)),
      );
    const answers = await Promise.all(Array.from({ length: 300 }, (_, index) => comment(2_000 + index)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const kept = await api<unknown[]>(open.url, 'GET', `/api/projects/${project.id}/review-comments`, {
      token: capOwner.token,
    });
    expect(kept.body).toHaveLength(2_000);
    // 1,990 comments first, through the API (the embedded database has no other door): minutes on a
    // loaded machine.
  }, 300_000);

  it("writes no bearer or review token to any server's output", () => {
    expect(TOKENS.size).toBeGreaterThan(5);
    for (const started of NODES) {
      const output = started.output();
      expect(output.length).toBeGreaterThan(0);
      expect([...TOKENS].filter((token) => output.includes(token))).toEqual([]);
    }
    // The access log did record the review routes, with the token redacted.
    expect(
      node.logs().some((line) => typeof line.url === 'string' && line.url.includes('/api/review/[REDACTED]')),
    ).toBe(true);
  });
});
