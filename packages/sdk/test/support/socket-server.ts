import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect } from 'socket.io-client';

export interface TestSocketServer {
  url: string;
  port: number;
  io: Server;
  close(): Promise<void>;
}

/** A real socket.io server on 127.0.0.1 (port 0 = any free port). */
export async function startSocketServer(
  onConnection: (socket: Socket) => void,
  port = 0,
): Promise<TestSocketServer> {
  const http = createServer();
  // Tests fake setTimeout for the SDK's timeouts; an hour-long heartbeat keeps the in-process
  // server from declaring the client dead when fake time jumps ahead.
  const io = new Server(http, { pingInterval: 3_600_000, pingTimeout: 3_600_000 });
  io.on('connection', onConnection);
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const bound = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    io,
    close: async () => {
      http.closeAllConnections();
      await io.close();
    },
  };
}

export interface RequestEnvelopeIn {
  requestId: string;
  payload: unknown;
}

/** Calls `handle` for every `domain:action` envelope the client emits. */
export function onEnvelope(
  socket: Socket,
  handle: (event: string, envelope: RequestEnvelopeIn, reply: (data: unknown) => void) => void,
): void {
  socket.onAny((event: string, envelope: RequestEnvelopeIn) => {
    const domain = event.slice(0, event.indexOf(':'));
    handle(event, envelope, (data) =>
      socket.emit(`${domain}:response`, { requestId: envelope.requestId, success: true, data }),
    );
  });
}

/**
 * The client's own engine timers stay real (useNativeTimers), so a test can fake setTimeout for the
 * SDK's timeouts without freezing socket.io's heartbeat on the client side.
 */
export const ioWithNativeTimers: typeof connect = ((url: string, options: Parameters<typeof connect>[1]) =>
  connect(url, { ...options, useNativeTimers: true })) as typeof connect;
