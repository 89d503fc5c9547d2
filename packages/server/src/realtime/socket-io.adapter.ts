import type { INestApplication, WsMessageHandler } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { AbstractWsAdapter } from '@nestjs/websockets';
import { CONNECTION_EVENTS, SOCKET_OPTIONS } from '@reelbench/sdk/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Observable } from 'rxjs';
import { Server } from 'socket.io';
import type { RedisPair } from '../common/redis.js';
import type { ServerRole } from '../config/config.js';
import type { Lifecycle } from '../system/lifecycle.js';
import { actionsSettled } from './in-flight.js';
import type { AppServer, AppSocket } from './socket-types.js';

export const SOCKET_PATH = '/socket.io';
/** The default (config.limits.socketMessageBytes): big enough for an image data URL (setImage) of up to 20 MB. */
export const SOCKET_MAX_BUFFER_BYTES = 20 * 1024 * 1024;
/**
 * Nest adds one 'connection' listener to the namespace and one 'disconnect' listener to each socket
 * per gateway (a gateway per domain): by design, not a leak, so Node's warning at 10 is raised.
 */
const LISTENERS_PER_GATEWAY_LIMIT = 64;

export interface SocketAdapterOptions {
  corsOrigins: string[];
  redis?: RedisPair;
  /** socket.io's maxHttpBufferSize: a bigger message closes the connection (the client reconnects). */
  maxMessageBytes?: number;
  /** ROLE=worker answers no socket: its socket.io server only emits (through Redis) to the API nodes. */
  role?: ServerRole;
  /** Draining: refuse new connections, tell the open ones `server:closing`, answer, then close them. */
  lifecycle?: Lifecycle;
  /** How long in-flight actions may take to answer once draining starts. */
  graceMs?: number;
}

/** The window `server:closing` gives clients to reconnect in, so they spread over the other nodes. */
export const RECONNECT_WINDOW_MS = 1_000;

/**
 * One socket.io server on the HTTP server, for every gateway. Messages go straight to the gateway
 * methods; replies are emitted by the SocketAction wrapper, so nothing is sent from here.
 */
export class SocketIoAdapter extends AbstractWsAdapter {
  private readonly logger = new Logger('Socket');
  private server: AppServer | undefined;
  private closingSockets: Promise<void> | undefined;

  constructor(
    app: INestApplication,
    private readonly options: SocketAdapterOptions,
  ) {
    super(app);
  }

  create(): AppServer {
    this.server ??= this.createServer();
    return this.server;
  }

  bindMessageHandlers(
    socket: AppSocket,
    handlers: WsMessageHandler[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback } of handlers) {
      socket.on(String(message), (...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? args.pop() : undefined;
        const data = args.length > 1 ? args : args[0];
        transform(callback(data, ack)).subscribe({ error: (error: unknown) => this.logger.error(error) });
      });
    }
  }

  override async close(server: AppServer): Promise<void> {
    await (this.closingSockets ?? this.closeSockets(server));
    await server.close();
  }

  /** Says `server:closing`, waits for the actions in flight to answer, then closes the connections. */
  private async closeSockets(server: AppServer): Promise<void> {
    const count = server.sockets.sockets.size;
    if (count === 0) return;
    server.local.emit(CONNECTION_EVENTS.serverClosing, { reconnectInMs: RECONNECT_WINDOW_MS });
    const settled = await actionsSettled(server, this.options.graceMs ?? 10_000);
    this.logger.log(
      `closing ${count} socket(s)${settled ? '' : ' with actions still running after the grace period'}`,
    );
    // The transport closes without a socket.io 'disconnect' packet: every socket.io client (not
    // only the SDK, which heard the hint) then reconnects by itself.
    for (const socket of server.sockets.sockets.values()) socket.conn.close();
  }

  private createServer(): AppServer {
    const { corsOrigins, redis } = this.options;
    const limit = this.options.maxMessageBytes ?? SOCKET_MAX_BUFFER_BYTES;
    const { role = 'all', lifecycle } = this.options;
    const server: AppServer = new Server(this.httpServer, {
      path: SOCKET_PATH,
      // A worker answers no socket; a stopping node takes no new one (the load balancer retries elsewhere).
      allowRequest: (_request, callback) => callback(null, role !== 'worker' && lifecycle?.draining !== true),
      // The hard stop (the connection closes) is twice the limit: up to it a message is read and
      // answered PAYLOAD_TOO_LARGE_ERROR 'Message is too large' by the action wrapper.
      maxHttpBufferSize: 2 * limit,
      pingInterval: SOCKET_OPTIONS.pingIntervalMs,
      ...(corsOrigins.length > 0 ? { cors: { origin: corsOrigins, credentials: true } } : {}),
    });
    if (redis) server.adapter(createAdapter(redis.pub, redis.sub));
    server.sockets.setMaxListeners(LISTENERS_PER_GATEWAY_LIMIT);
    lifecycle?.onDrain(() => {
      this.closingSockets = this.closeSockets(server).catch((error: unknown) => this.logger.error(error));
    });
    server.use((socket, next) => {
      socket.setMaxListeners(LISTENERS_PER_GATEWAY_LIMIT);
      socket.data.messageLimitBytes = limit;
      // engine.io hands over each frame before socket.io decodes and dispatches it (same tick).
      socket.conn.on('packet', (packet: { type: string; data?: unknown }) => {
        if (packet.type !== 'message') return;
        const { data } = packet;
        socket.data.lastMessageBytes =
          typeof data === 'string' ? Buffer.byteLength(data) : Buffer.isBuffer(data) ? data.byteLength : 0;
      });
      next();
    });
    return server;
  }
}
