import {
  type ErrorBody,
  errorBodySchema,
  type Series,
  type seriesCreateSchema,
} from '@reelbench/sdk/contract';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import type { DatabaseKind } from '../../src/database/data-source.js';
import { type ApiResponse, api, connectSocket, newUser, type TestUser } from './factories.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface TestHarness {
  /** Filled in by beforeAll; safe to pass around before that (it is the same object). */
  server: TestServer;
  /** A socket for the user (or a signed-out one), closed after each test. */
  connect(user?: TestUser, options?: Partial<ManagerOptions & SocketOptions>): Promise<Socket>;
  /** One HTTP call as the user (or signed out), with a JSON body when given. */
  call<T = unknown>(
    user: TestUser | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiResponse<T>>;
}

/**
 * One test server for the describe block: started before its tests with a user per name (each
 * filled in place, so `const { alice } = useTestServer(…)` works), every socket closed after each
 * test, the server closed after all.
 */
export function useTestServer<const U extends string = never>(options: {
  database: DatabaseKind;
  users?: readonly U[];
  env?: Record<string, string>;
}): TestHarness & Record<U, TestUser> {
  const server = {} as TestServer;
  const users = Object.fromEntries((options.users ?? []).map((name) => [name, {} as TestUser])) as Record<
    U,
    TestUser
  >;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    Object.assign(
      server,
      await startTestServer({ database: options.database, ...(options.env ? { env: options.env } : {}) }),
    );
    for (const name of options.users ?? []) Object.assign(users[name], await newUser(server));
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await server.close?.();
  });

  return {
    ...users,
    server,
    connect: async (user, socketOptions = {}) => {
      const socket = await connectSocket(server, user?.token, socketOptions);
      sockets.push(socket);
      return socket;
    },
    call: (user, method, path, body) =>
      api(server, method, path, {
        ...(user ? { token: user.token } : {}),
        ...(body === undefined ? {} : { body }),
      }),
  };
}

/** An HTTP error answer with this status and error body (and, when given, this code and message). */
export function expectHttpError(
  response: { status: number; body: unknown },
  status: number,
  expected: { code?: string; error?: string } = {},
): ErrorBody {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = errorBodySchema.parse(response.body);
  if (expected.code !== undefined) expect(body.code).toBe(expected.code);
  if (expected.error !== undefined) expect(body.error).toBe(expected.error);
  return body;
}

/** A row in shots, written as given (image keys, positions…), outside the shot order. */
export async function newShot(
  server: Pick<TestServer, 'query'>,
  projectId: string,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const values = { project_id: projectId, ...columns };
  const names = Object.keys(values);
  const [row] = await server.query<{ id: string }>(
    `INSERT INTO shots (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  );
  if (row === undefined) throw new Error('no shot inserted');
  return row.id;
}

/** An asset row of the owner in a project, or at series level when only seriesId is given. */
export async function newAsset(
  server: Pick<TestServer, 'query'>,
  owner: Pick<TestUser, 'user'>,
  where: { projectId?: string; seriesId?: string },
  type = 'character',
  name = 'Mara',
): Promise<string> {
  const [row] = await server.query<{ id: string }>(
    `INSERT INTO assets (owner_id, project_id, series_id, type, name, is_series_level)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      owner.user.id,
      where.projectId ?? null,
      where.seriesId ?? null,
      type,
      name,
      where.seriesId !== undefined,
    ],
  );
  if (row === undefined) throw new Error('no asset inserted');
  return row.id;
}

/** A series of the owner, through the API. */
export async function newSeries(
  server: Pick<TestServer, 'url'>,
  owner: Pick<TestUser, 'token'>,
  input: z.input<typeof seriesCreateSchema> = { name: 'Series' },
): Promise<Series> {
  const response = await api<Series>(server, 'POST', '/api/series', { token: owner.token, body: input });
  if (response.status !== 201) throw new Error(`create series failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The bytes behind a URL the server handed out (absolute, or a path on the server); expects a 200. */
export async function download(server: Pick<TestServer, 'url'>, url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, server.url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Asks `probe` every 50 ms until it gives a value, and fails naming `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A restart: starts a server, runs `before` on it, stops it keeping its data, starts a new server on
 * that data and runs `after` there with what `before` returned. Every server started is closed.
 */
export async function acrossRestart<S>(
  database: DatabaseKind,
  before: (first: TestServer) => Promise<S>,
  after: (second: TestServer, state: S) => Promise<void>,
): Promise<void> {
  const first = await startTestServer({ database });
  let reused = false;
  try {
    const state = await before(first);
    await first.close({ keepData: true });
    reused = true;

    const second = await startTestServer({ database, reuse: first });
    try {
      await after(second, state);
    } finally {
      await second.close();
    }
  } finally {
    if (!reused) await first.close();
  }
}
