import { Socket as TcpSocket } from 'node:net';
import type { Server, Socket } from 'socket.io';

interface Queued {
  room: string;
  event: string;
  payload: unknown;
}

/**
 * Room broadcasts queued during one turn of the event loop and sent together at the start of the
 * next, each recipient's connection corked so that its frames leave in as few writes as possible.
 *
 * Why: telling a full room is one write system call per socket per event, and on a busy server those
 * calls are most of the work (a write to a local peer runs the receiver's network stack too). When a
 * burst of edits is answered at once (shot:update's grouped writes), each socket would get one write
 * per event. engine.io keeps one write in flight per socket and holds the rest of its packets until
 * that write completes, so the frames go out in two writes per socket whatever the burst: the first
 * event's frame when the first cork is lifted, the rest together when the second is (on the turn
 * after, once engine.io has handed them over).
 *
 * The order of events is kept, per room and across rooms. A socket that is not on the websocket
 * transport (long polling) is sent to as usual.
 */
export class TurnBroadcasts {
  private queued: Queued[] = [];

  constructor(
    private readonly server: () => Server | undefined,
    /** An event that could not be sent (its payload would not encode): the others still go. */
    private readonly onError: (error: unknown, event: string) => void = () => undefined,
  ) {}

  /** Queues `event` for the room; the first queued in a turn schedules the send. */
  emit(room: string, event: string, payload: unknown): void {
    this.queued.push({ room, event, payload });
    if (this.queued.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = this.queued.splice(0);
    const server = this.server();
    if (server === undefined) return;
    // Nothing to put together in a turn with one event: corking would only hold the first sockets'
    // frames until the last.
    if (batch.length === 1) {
      this.send(server, batch[0] as Queued);
      return;
    }
    const streams = new Set<TcpSocket>();
    for (const room of new Set(batch.map((entry) => entry.room))) {
      for (const id of server.sockets.adapter.rooms.get(room) ?? []) {
        const stream = websocketStream(server.sockets.sockets.get(id));
        if (stream !== undefined) streams.add(stream);
      }
    }
    for (const stream of streams) stream.cork();
    for (const queued of batch) this.send(server, queued);
    for (const stream of streams) stream.uncork();
    // engine.io hands the held packets over when the first write completes (in a process.nextTick
    // after this turn): corked again until the next turn, they leave in one write.
    for (const stream of streams) stream.cork();
    setImmediate(() => {
      for (const stream of streams) stream.uncork();
    });
  }

  private send(server: Server, { room, event, payload }: Queued): void {
    try {
      server.to(room).emit(event, payload);
    } catch (error) {
      this.onError(error, event);
    }
  }
}

/**
 * The TCP connection under a socket on the websocket transport (the ws library's socket), or
 * undefined (long polling, a closed socket, or a library version that keeps it elsewhere: then the
 * socket is simply not corked).
 */
export function websocketStream(socket: Socket | undefined): TcpSocket | undefined {
  const transport = socket?.conn.transport as { name?: string; socket?: { _socket?: unknown } } | undefined;
  if (transport?.name !== 'websocket') return undefined;
  const stream = transport.socket?._socket;
  return stream instanceof TcpSocket && !stream.destroyed ? stream : undefined;
}
