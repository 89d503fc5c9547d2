import http from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TurnBroadcasts, websocketStream } from '../../src/realtime/turn-broadcasts.js';

/** A real socket.io server with three websocket clients and one long-polling client in room 'cut'. */
describe('TurnBroadcasts', () => {
  let httpServer: http.Server;
  let io: Server;
  const clients: ClientSocket[] = [];
  let outsider: ClientSocket;
  const received = new Map<ClientSocket, unknown[]>();

  async function client(transports: string[], room: string | null): Promise<ClientSocket> {
    const { port } = httpServer.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, { transports, upgrade: false, forceNew: true });
    const got: unknown[] = [];
    received.set(socket, got);
    socket.on('frame', (value: unknown) => got.push(value));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    if (room !== null) await new Promise((resolve) => socket.emit('join', room, resolve));
    return socket;
  }

  beforeAll(async () => {
    httpServer = http.createServer();
    io = new Server(httpServer);
    io.on('connection', (socket) => {
      socket.on('join', (room: string, ack: () => void) => {
        socket.join(room);
        ack();
      });
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    for (let i = 0; i < 3; i += 1) clients.push(await client(['websocket'], 'cut'));
    clients.push(await client(['polling'], 'cut'));
    outsider = await client(['websocket'], null);
  });

  /** Puts back the write methods that countWrites wrapped, so no test counts on another's wrappers. */
  const unwrap: (() => void)[] = [];
  afterEach(() => {
    for (const restore of unwrap.splice(0)) restore();
  });

  afterAll(async () => {
    for (const socket of [...clients, outsider]) socket.close();
    io.close();
  });

  /** The server side of each websocket client in the room, with a count of the writes made on it. */
  function countWrites(): { streams: TcpSocket[]; writes: () => number[] } {
    const streams = [...io.sockets.sockets.values()]
      .filter((socket) => socket.rooms.has('cut'))
      .flatMap((socket) => websocketStream(socket) ?? []);
    const counts = streams.map((stream) => {
      const count = { n: 0 };
      const target = stream as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
      for (const method of ['_write', '_writev'] as const) {
        const own = Object.hasOwn(target, method);
        const original = target[method];
        target[method] = (...args: unknown[]) => {
          count.n += 1;
          return original.apply(stream, args);
        };
        unwrap.push(() => {
          if (own) target[method] = original;
          else delete (target as Partial<typeof target>)[method];
        });
      }
      return count;
    });
    return { streams, writes: () => counts.map((count) => count.n) };
  }

  async function allReceived(values: unknown[]): Promise<void> {
    await expect
      .poll(() => clients.map((socket) => received.get(socket)?.length), { timeout: 10_000 })
      .toEqual(clients.map(() => values.length));
    for (const socket of clients) expect(received.get(socket)).toEqual(values);
  }

  function reset(): void {
    for (const list of received.values()) list.length = 0;
  }

  it('sends a burst queued in one turn in two writes per websocket, in order, to the room only', async () => {
    reset();
    const { streams, writes } = countWrites();
    expect(streams).toHaveLength(3);
    const broadcasts = new TurnBroadcasts(() => io);
    for (let i = 0; i < 6; i += 1) broadcasts.emit('cut', 'frame', { seq: i });
    // Nothing leaves in the turn that queued them.
    expect(writes()).toEqual([0, 0, 0]);
    // Queued on the next turn, after the first burst went: they follow it.
    setImmediate(() => {
      for (let i = 6; i < 9; i += 1) broadcasts.emit('cut', 'frame', { seq: i });
    });
    await allReceived(Array.from({ length: 9 }, (_, seq) => ({ seq })));
    for (const count of writes()) expect(count).toBeLessThanOrEqual(4);
    expect(received.get(outsider)).toEqual([]);
    // Every cork was lifted: a plain emit now goes out at once.
    for (const stream of streams) expect(stream.writableCorked).toBe(0);
    reset();
    io.to('cut').emit('frame', 'after');
    await allReceived(['after']);
  });

  it('(the measure) the same burst emitted directly takes one write per event per websocket', async () => {
    reset();
    const { writes } = countWrites();
    for (let i = 0; i < 6; i += 1) io.to('cut').emit('frame', { seq: i });
    await allReceived(Array.from({ length: 6 }, (_, seq) => ({ seq })));
    for (const count of writes()) expect(count).toBeGreaterThanOrEqual(6);
  });

  it('reports an event that will not encode and still sends the rest of the turn', async () => {
    reset();
    const { streams } = countWrites();
    const failed: string[] = [];
    const broadcasts = new TurnBroadcasts(
      () => io,
      (error, event) => failed.push(`${event}: ${(error as Error).name}`),
    );
    broadcasts.emit('cut', 'frame', 'before');
    broadcasts.emit('cut', 'frame', { size: 10n });
    broadcasts.emit('cut', 'frame', 'after');
    await allReceived(['before', 'after']);
    expect(failed).toEqual(['frame: TypeError']);
    await expect.poll(() => streams.map((stream) => stream.writableCorked)).toEqual([0, 0, 0]);
  });

  it('sends a single event in one write, and nothing when the server is gone', async () => {
    reset();
    const { writes } = countWrites();
    new TurnBroadcasts(() => io).emit('cut', 'frame', 'one');
    await allReceived(['one']);
    expect(writes()).toEqual([1, 1, 1]);
    reset();
    new TurnBroadcasts(() => undefined).emit('cut', 'frame', 'lost');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(clients.map((socket) => received.get(socket))).toEqual(clients.map(() => []));
  });
});
