import { randomUUID } from 'node:crypto';
import {
  errorEvent,
  legacyEventFor,
  type Project,
  type ProjectCreateInput,
  responseEvent,
  type SocketActionEvent,
  splitActionEvent,
  type User,
} from '@reelbench/sdk/contract';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { api } from './http-body.js';
import type { TestServer } from './test-server.js';

/**
 * How long a test waits for an answer or an event. Job-running actions (generation) answer when
 * their job ends; on a CI machine running every suite at once, one such answer once took over 10 s
 * (a job that takes milliseconds alone), so the wait leaves room for that without hiding a hang.
 */
const WAIT_MS = 30_000;

export { type ApiOptions, type ApiResponse, api } from './http-body.js';

export interface TestUser {
  token: string;
  user: User;
  email: string;
  password: string;
}

export async function newUser(
  server: Pick<TestServer, 'url'>,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const email = overrides.email ?? `user-${suffix}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const response = await api<{ token: string; user: User }>(server, 'POST', '/api/auth/register', {
    body: { email, username: `user_${suffix}`, password },
  });
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { token: response.body.token, user: response.body.user, email, password };
}

export async function newProject(
  server: Pick<TestServer, 'url'>,
  owner: Pick<TestUser, 'token'>,
  overrides: ProjectCreateInput = {},
): Promise<Project> {
  const response = await api<Project>(server, 'POST', '/api/projects', {
    token: owner.token,
    body: overrides,
  });
  if (response.status !== 201) throw new Error(`create project failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Saves the project's script as `owner` (PUT /api/script/:projectId) and expects 200. */
export async function saveScript(
  server: Pick<TestServer, 'url'>,
  owner: Pick<TestUser, 'token'>,
  projectId: string,
  content: string,
): Promise<void> {
  const saved = await api(server, 'PUT', `/api/script/${projectId}`, {
    token: owner.token,
    body: { content },
  });
  if (saved.status !== 200)
    throw new Error(`save script failed: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** A plain socket.io client, as SPEC.md section 7 describes the wire; resolves once connected. */
export function connectSocket(
  server: Pick<TestServer, 'url'>,
  token?: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<Socket> {
  const socket = io(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    ...options,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

interface AwaitedEvent<T> {
  event: string;
  matches?: (payload: T) => boolean;
}

export interface SocketAnswer<T = unknown> {
  /** The event that came, e.g. 'project:response' or 'project:error'. */
  event: string;
  body: T;
  /** The request event this answers, e.g. 'project:getOne' (envelope requests only). */
  request?: SocketActionEvent;
}

/** The first of these events (whose payload matches) to arrive; every listener is removed after. */
export function firstEvent<T = unknown>(
  socket: Socket,
  awaited: AwaitedEvent<T>[],
): Promise<SocketAnswer<T>> {
  return new Promise((resolve, reject) => {
    const listeners = awaited.map(({ event, matches }) => {
      const listener = (body: T) => {
        if (matches && !matches(body)) return;
        done();
        resolve({ event, body });
      };
      socket.on(event, listener);
      return () => socket.off(event, listener);
    });
    const timer = setTimeout(() => {
      done();
      reject(new Error(`none of ${awaited.map((a) => a.event).join(', ')} within ${WAIT_MS} ms`));
    }, WAIT_MS);
    function done() {
      clearTimeout(timer);
      for (const off of listeners) off();
    }
  });
}

export async function waitForEvent<T = unknown>(
  socket: Socket,
  event: string,
  matches?: (payload: T) => boolean,
): Promise<T> {
  return (await firstEvent<T>(socket, [{ event, ...(matches ? { matches } : {}) }])).body;
}

/**
 * emit('shot:update', {requestId, payload}) and wait for the answer with that requestId on
 * 'shot:response' or 'shot:error'; the answer remembers the request event it answers.
 */
export async function request<T = unknown>(
  socket: Socket,
  event: SocketActionEvent,
  payload: unknown,
): Promise<SocketAnswer<T>> {
  const { domain } = splitActionEvent(event);
  const requestId = randomUUID();
  const matches = (body: T) => (body as { requestId?: unknown })?.requestId === requestId;
  const answer = firstEvent<T>(socket, [
    { event: responseEvent(domain), matches },
    { event: errorEvent(domain), matches },
  ]);
  socket.emit(event, { requestId, payload });
  return { ...(await answer), request: event };
}

/**
 * emit(event, payload) in the older form and wait for its reply or its group's error event.
 * `isReply` tells the reply apart where a server event has the same name (e.g. 'project:created').
 */
export function legacyRequest<T = unknown>(
  socket: Socket,
  event: string,
  payload?: unknown,
  isReply?: (body: T) => boolean,
): Promise<SocketAnswer<T>> {
  const spec = legacyEventFor(event);
  if (spec === undefined) throw new Error(`no legacy event ${event}`);
  const answer = firstEvent<T>(socket, [
    { event: spec.reply, ...(isReply ? { matches: isReply } : {}) },
    { event: spec.error },
  ]);
  if (payload === undefined) socket.emit(event);
  else socket.emit(event, payload);
  return answer;
}
