import type { Socket as ServerSocket } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { CircuitBreaker } from '../src/circuit-breaker.js';
import { ReelbenchError } from '../src/contract/errors.js';
import { SocketClient } from '../src/socket-client.js';
import { until } from './support/http-server.js';
import {
  ioWithNativeTimers,
  onEnvelope,
  type RequestEnvelopeIn,
  startSocketServer,
} from './support/socket-server.js';
import { useTestServer } from './support/test-server.js';

const ids = {
  project: '7b0c1d7e-8f7e-4f57-9d43-1f4a0d6f3c11',
  shot: '0f8e3a4c-2b1d-4c5e-8f9a-6b7c8d9e0f1a',
  other: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
};

/** Clients a test made; disconnected after each test. */
const clients: SocketClient[] = [];
const { serve, stop: stopServer } = useTestServer(startSocketServer, () => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** A server that answers every envelope request on `event` with `body` and the request's id. */
function answerEvery(event: string, body: Record<string, unknown>) {
  return serve((socket) =>
    onEnvelope(socket, (_event, envelope) => socket.emit(event, { requestId: envelope.requestId, ...body })),
  );
}

function client(url: string, options: Partial<ConstructorParameters<typeof SocketClient>[0]> = {}) {
  const instance = new SocketClient({ url, io: ioWithNativeTimers, ...options });
  clients.push(instance);
  return instance;
}

function fakeTime() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

describe('SocketClient connection', () => {
  it('sends the token in the handshake, and none when there is no token', async () => {
    const tokens: unknown[] = [];
    const { url } = await serve((socket) => tokens.push(socket.handshake.auth.token));
    await client(url, { getToken: () => 'tok-42' }).connect();
    await client(url).connect();
    expect(tokens).toEqual(['tok-42', undefined]);
  });

  it("rejects 'Socket not connected after connection attempt' when nothing listens", async () => {
    const { url } = await serve(() => {});
    await stopServer();
    const error = await client(url)
      .connect()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReelbenchError);
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Socket not connected after connection attempt',
    });
  });

  it('counts one failed connection attempt once, however many requests were waiting on it', async () => {
    const { url } = await serve(() => {});
    await stopServer();
    const sdk = client(url, { timeouts: { connectMs: 500 } });
    const errors = await Promise.all(
      [1, 2, 3].map(() => sdk.request('project', 'getAll', {}).catch((e: unknown) => e)),
    );
    for (const error of errors)
      expect(error).toMatchObject({
        code: 'NETWORK_ERROR',
        message: 'Socket not connected after connection attempt',
      });
    expect(sdk.breaker.state).toBe('closed');
  });

  it("surfaces the server's catalogue error when the handshake is refused", async () => {
    const { url, io } = await serve(() => {});
    io.use((_socket, next) => {
      const refusal = Object.assign(new Error('unauthorized'), {
        data: { success: false, error: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
      });
      next(refusal);
    });
    await expect(client(url).connect()).rejects.toMatchObject({
      code: 'AUTH_ERROR',
      message: 'Authentication required',
    });
  });

  it('reconnects after the server restarts on the same port, then a request succeeds', async () => {
    const answer = (socket: ServerSocket) =>
      onEnvelope(socket, (_event, envelope, reply) => reply({ echoed: envelope.payload }));
    const first = await serve(answer);
    const sdk = client(first.url);
    await sdk.connect();
    await expect(sdk.request('project', 'getOne', { projectId: ids.project })).resolves.toEqual({
      echoed: { projectId: ids.project },
    });
    await first.close();
    await until(() => !sdk.connected);
    await serve(answer, first.port);
    await vi.waitFor(() => expect(sdk.connected).toBe(true), { timeout: 10_000, interval: 50 });
    await expect(sdk.request('project', 'getOne', { projectId: ids.other })).resolves.toEqual({
      echoed: { projectId: ids.other },
    });
  });

  it('re-sends the current token on reconnect()', async () => {
    const tokens: unknown[] = [];
    const { url } = await serve((socket) => tokens.push(socket.handshake.auth.token));
    let token: string | null = null;
    const sdk = client(url, { getToken: () => token });
    await sdk.connect();
    token = 'after-login';
    await sdk.reconnect();
    expect(tokens).toEqual([undefined, 'after-login']);
  });
});

describe('SocketClient requests', () => {
  it('matches interleaved replies by requestId', async () => {
    const held: Array<{ envelope: RequestEnvelopeIn; reply: (data: unknown) => void }> = [];
    const { url } = await serve((socket) =>
      onEnvelope(socket, (_event, envelope, reply) => {
        held.push({ envelope, reply });
        if (held.length === 2) {
          for (const { envelope: e, reply: r } of [...held].reverse()) r({ for: e.payload });
        }
      }),
    );
    const sdk = client(url);
    const [a, b] = await Promise.all([
      sdk.request('shot', 'getOne', { shotId: ids.shot }),
      sdk.request('shot', 'getOne', { shotId: ids.other }),
    ]);
    expect(a).toEqual({ for: { shotId: ids.shot } });
    expect(b).toEqual({ for: { shotId: ids.other } });
    expect(held[0]?.envelope.requestId).not.toBe(held[1]?.envelope.requestId);
    expect(sdk.socket.listeners('shot:response')).toHaveLength(1);
    expect(sdk.socket.listeners('shot:error')).toHaveLength(1);
  });

  it('emits domain:action with {requestId, payload}', async () => {
    const seen: Array<[string, RequestEnvelopeIn]> = [];
    const { url } = await serve((socket) =>
      onEnvelope(socket, (event, envelope, reply) => {
        seen.push([event, envelope]);
        reply(null);
      }),
    );
    await client(url).request('unified-asset', 'getById', { id: ids.other });
    expect(seen[0]?.[0]).toBe('unified-asset:getById');
    expect(seen[0]?.[1].payload).toEqual({ id: ids.other });
    expect(seen[0]?.[1].requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects on domain:error with a catalogue error, without tripping the breaker', async () => {
    const { url } = await answerEvery('shot:error', {
      success: false,
      error: 'Shot not found',
      code: 'NOT_FOUND_ERROR',
      statusCode: 404,
    });
    const sdk = client(url);
    for (let i = 0; i < 4; i += 1) {
      const error = await sdk.request('shot', 'getOne', { shotId: ids.shot }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReelbenchError);
      expect(error).toMatchObject({ code: 'NOT_FOUND_ERROR', message: 'Shot not found', statusCode: 404 });
    }
    expect(sdk.breaker.state).toBe('closed');
  });

  it('rejects a response that carries an error message', async () => {
    const { url } = await answerEvery('script:response', { success: false, error: 'Modify failed' });
    await expect(client(url).request('script', 'get', { projectId: ids.project })).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'Modify failed',
    });
  });

  it('ignores replies for requests it does not know', async () => {
    const { url } = await serve((socket) =>
      onEnvelope(socket, (_event, _envelope, reply) => {
        socket.emit('project:response', { requestId: 'someone-else', success: true, data: 'wrong' });
        socket.emit('project:error', { message: 'legacy error event without requestId' });
        reply('right');
      }),
    );
    await expect(client(url).request('project', 'getAll', {})).resolves.toBe('right');
  });
});

describe('SocketClient timeouts', () => {
  it.each([
    ['shot', 'generate', 60_000],
    ['shot', 'getOne', 30_000],
    ['unified-asset', 'generateImage', 300_000],
    ['project', 'getAll', 600_000],
  ] as const)(
    "%s:%s times out after its contract timeout (%i ms) with 'Request timeout: {domain}:{action}'",
    async (domain, action, ms) => {
      let received = 0;
      const { url } = await serve((socket) => socket.onAny(() => received++));
      const sdk = client(url);
      await sdk.connect();
      fakeTime();
      const outcome = sdk.request(domain, action, {}).catch((e: unknown) => e);
      await until(() => received === 1);
      await vi.advanceTimersByTimeAsync(ms - 1);
      await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({
        code: 'TIMEOUT_ERROR',
        message: `Request timeout: ${domain}:${action}`,
      });
    },
  );

  it('lets a caller override the timeout', async () => {
    const { url } = await serve(() => {});
    const sdk = client(url);
    await sdk.connect();
    fakeTime();
    const outcome = sdk.request('shot', 'generate', {}, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ message: 'Request timeout: shot:generate' });
  });

  it("acknowledges with emitWithAck, and rejects 'Request timeout: {event}' after 30 s", async () => {
    const { url } = await serve((socket) => {
      socket.on('jobs:list', (_payload: unknown, ack: (reply: unknown) => void) => ack({ jobs: [] }));
      socket.on('job:cancel', () => {});
    });
    const sdk = client(url);
    await expect(sdk.emitWithAck('jobs:list', {})).resolves.toEqual({ jobs: [] });
    fakeTime();
    const outcome = sdk.emitWithAck('job:cancel', { jobId: ids.other }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'TIMEOUT_ERROR', message: 'Request timeout: job:cancel' });
  });
});

describe('SocketClient circuit breaker', () => {
  it('opens after 3 timeouts, blocks without emitting, and shows the toast hook', async () => {
    let received = 0;
    const { url } = await serve((socket) => socket.onAny(() => received++));
    const onOpen = vi.fn();
    const sdk = client(url, { breaker: new CircuitBreaker({ onOpen }) });
    await sdk.connect();
    fakeTime();
    for (let i = 0; i < 3; i += 1) {
      const outcome = sdk.request('shot', 'getOne', { shotId: ids.shot }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await outcome).toMatchObject({ code: 'TIMEOUT_ERROR' });
    }
    expect(onOpen).toHaveBeenCalledTimes(1);
    await until(() => received === 3);
    await expect(sdk.request('shot', 'getOne', { shotId: ids.shot })).rejects.toMatchObject({
      code: 'CIRCUIT_OPEN_ERROR',
      message: 'Circuit breaker is OPEN - request blocked',
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toBe(3);
  });
});

describe('SocketClient generate-video de-duplication', () => {
  it('shares one request among identical calls and serves the result for 2 s after it settles', async () => {
    const calls: RequestEnvelopeIn[] = [];
    const pendingReplies: Array<(data: unknown) => void> = [];
    const { url } = await serve((socket) =>
      onEnvelope(socket, (_event, envelope, reply) => {
        calls.push(envelope);
        pendingReplies.push(reply);
      }),
    );
    const sdk = client(url);
    await sdk.connect();
    fakeTime();
    const payload = { projectId: ids.project, shotId: ids.shot };
    const first = sdk.request('shot', 'generate-video', payload);
    const second = sdk.request('shot', 'generate-video', { ...payload });
    const other = sdk.request('shot', 'generate-video', { projectId: ids.project, shotId: ids.other });
    expect(second).toBe(first);
    await until(() => calls.length === 2);
    for (const reply of pendingReplies) reply({ done: true });
    await expect(first).resolves.toEqual({ done: true });
    await expect(other).resolves.toEqual({ done: true });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sdk.request('shot', 'generate-video', payload)).toBe(first);
    await vi.advanceTimersByTimeAsync(1);
    const fresh = sdk.request('shot', 'generate-video', payload);
    expect(fresh).not.toBe(first);
    await until(() => calls.length === 3);
    pendingReplies[2]?.({ done: 'again' });
    await expect(fresh).resolves.toEqual({ done: 'again' });
  });

  it('does not de-duplicate other actions', async () => {
    let received = 0;
    const { url } = await serve((socket) =>
      onEnvelope(socket, (_event, _envelope, reply) => {
        received++;
        reply('ok');
      }),
    );
    const sdk = client(url);
    const payload = { projectId: ids.project, shotId: ids.shot };
    await Promise.all([sdk.request('shot', 'generate', payload), sdk.request('shot', 'generate', payload)]);
    expect(received).toBe(2);
  });
});

describe('SocketClient events and disconnects', () => {
  it('delivers server events to on() handlers until unsubscribed', async () => {
    const sockets: ServerSocket[] = [];
    const { url } = await serve((socket) => sockets.push(socket));
    const sdk = client(url);
    const seen: unknown[] = [];
    const off = sdk.on('shot:deleted', (payload) => seen.push(payload.shotId));
    await sdk.connect();
    sockets[0]?.emit('shot:deleted', { projectId: ids.project, shotId: ids.shot });
    await until(() => seen.length === 1);
    off();
    sockets[0]?.emit('shot:deleted', { projectId: ids.project, shotId: ids.other });
    sockets[0]?.emit('shot:deleted', { projectId: ids.project, shotId: ids.other });
    const marker = new Promise((resolve) => sdk.socket.once('marker', resolve));
    sockets[0]?.emit('marker');
    await marker;
    expect(seen).toEqual([ids.shot]);
  });

  it("rejects pending requests with 'Network error' on disconnect(), without tripping the breaker", async () => {
    let received = 0;
    const { url } = await serve((socket) => socket.onAny(() => received++));
    const sdk = client(url);
    const outcomes = [1, 2, 3].map(() =>
      sdk.request('project', 'getAll', {}).catch((e: unknown) => e as ReelbenchError),
    );
    await until(() => received === 3);
    sdk.disconnect();
    for (const outcome of outcomes) {
      expect(await outcome).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error' });
    }
    expect(sdk.breaker.state).toBe('closed');
  });

  it('rejects requests left waiting across a dropped connection when disconnect() is called', async () => {
    let received = 0;
    const first = await serve((socket) => socket.onAny(() => received++));
    const sdk = client(first.url);
    const outcome = sdk.request('project', 'getAll', {}).catch((e: unknown) => e);
    await until(() => received === 1);
    await stopServer();
    await until(() => !sdk.connected);
    sdk.disconnect();
    expect(await outcome).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error' });
  });

  it('forgets de-duplicated requests on disconnect(), so the next identical request is sent again', async () => {
    let received = 0;
    const { url } = await serve((socket) => socket.onAny(() => received++));
    const sdk = client(url);
    const payload = { projectId: ids.project, shotId: ids.shot };
    const first = sdk.request('shot', 'generate-video', payload).catch((e: unknown) => e);
    await until(() => received === 1);
    sdk.disconnect();
    expect(await first).toMatchObject({ message: 'Network error' });
    const second = sdk.request('shot', 'generate-video', payload).catch((e: unknown) => e);
    await until(() => received === 2);
    sdk.disconnect();
    expect(await second).toMatchObject({ message: 'Network error' });
  });

  it("rejects pending requests with 'Network error' when the server closes the socket for good", async () => {
    const { url } = await serve((socket) => socket.onAny(() => socket.disconnect(true)));
    const error = await client(url)
      .request('project', 'getAll', {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error' });
  });

  it("rejects pending requests with 'Network error' when the connection drops, then reconnects", async () => {
    let drop = true;
    const { url } = await serve((socket) =>
      onEnvelope(socket, (_event, _envelope, reply) => {
        if (drop) socket.conn.close();
        else reply({ ok: true });
      }),
    );
    const sdk = client(url);
    const error = await sdk.request('project', 'getAll', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error' });
    drop = false;
    await vi.waitFor(() => expect(sdk.connected).toBe(true), { timeout: 10_000, interval: 50 });
    await expect(sdk.request('project', 'getAll', {})).resolves.toEqual({ ok: true });
  });

  it('counts one dropped connection as one failure however many requests it cut', async () => {
    let drops = 0;
    const { url } = await serve((socket) => {
      let waiting = 0;
      onEnvelope(socket, () => {
        waiting += 1;
        // The third request of a burst arrives, then the connection drops under all three.
        if (waiting === 3) {
          drops += 1;
          socket.conn.close();
        }
      });
    });
    const sdk = client(url, { breaker: new CircuitBreaker() });
    await sdk.connect();
    const burst = async () => {
      // socket.io reconnects by itself after each drop.
      await vi.waitFor(() => expect(sdk.connected).toBe(true), { timeout: 10_000, interval: 50 });
      const errors = await Promise.all(
        [1, 2, 3].map(() => sdk.request('project', 'getAll', {}).catch((e: unknown) => e)),
      );
      for (const error of errors) expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    };
    await burst();
    expect(drops).toBe(1);
    expect(sdk.breaker.state).toBe('closed');
    await burst();
    await burst();
    // Three drops are three failures: the breaker opens, as SPEC.md says.
    expect(drops).toBe(3);
    expect(sdk.breaker.state).toBe('open');
  }, 30_000);
});

describe('SocketClient and a stopping server (server:closing)', () => {
  it('holds new requests until it has reconnected, without the usual back-off', async () => {
    const servedBy: string[] = [];
    let generation = 0;
    const connections: ServerSocket[] = [];
    const first = await serve((socket) => {
      const name = `node-${++generation}`;
      connections.push(socket);
      onEnvelope(socket, (_event, _envelope, reply) => {
        servedBy.push(name);
        reply({ node: name });
      });
    });
    const sdk = client(first.url);
    await expect(sdk.request('project', 'getAll', {})).resolves.toEqual({ node: 'node-1' });
    const hinted = new Promise((resolve) => sdk.socket.once('server:closing', resolve));
    connections[0]?.emit('server:closing', { reconnectInMs: 200 });
    await hinted;
    // socket.io's own first reconnect waits 0.5 to 1.5 s; the hint asks for a moment within its window.
    expect(sdk.socket.io.reconnectionDelay()).toBeLessThanOrEqual(200);
    expect(sdk.socket.io.randomizationFactor()).toBe(0);
    // Sent after the hint: it waits for the next connection instead of going to the closing one.
    const later = sdk.request('project', 'getAll', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(servedBy).toEqual(['node-1']);
    connections[0]?.conn.close();
    await expect(later).resolves.toEqual({ node: 'node-2' });
    // The usual policy is back for the next time.
    expect(sdk.socket.io.reconnectionDelay()).toBe(1_000);
    expect(sdk.socket.io.randomizationFactor()).toBe(0.5);
    expect(servedBy).toEqual(['node-1', 'node-2']);
  });
});
