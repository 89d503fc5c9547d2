import type { INestApplication, WsMessageHandler } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { AbstractWsAdapter } from '@nestjs/websockets';
import { SOCKET_OPTIONS } from '@reelbench/sdk/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Observable } from 'rxjs';
import { Server } from 'socket.io';
import type { RedisPair } from './redis.js';
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
}

/**
 * One socket.io server on the HTTP server, for every gateway. Messages go straight to the gateway
 * methods; replies are emitted by the SocketAction wrapper, so nothing is sent from here.
 */
export class SocketIoAdapter extends AbstractWsAdapter {
  private readonly logger = new Logger('Socket');
  private server: AppServer | undefined;

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
    await server.close();
  }

  private createServer(): AppServer {
    const { corsOrigins, redis } = this.options;
    const limit = this.options.maxMessageBytes ?? SOCKET_MAX_BUFFER_BYTES;
    const server: AppServer = new Server(this.httpServer, {
      path: SOCKET_PATH,
      // The hard stop (the connection closes) is twice the limit: up to it a message is read and
      // answered PAYLOAD_TOO_LARGE_ERROR 'Message is too large' by the action wrapper.
      maxHttpBufferSize: 2 * limit,
      pingInterval: SOCKET_OPTIONS.pingIntervalMs,
      ...(corsOrigins.length > 0 ? { cors: { origin: corsOrigins, credentials: true } } : {}),
    });
    if (redis) server.adapter(createAdapter(redis.pub, redis.sub));
    server.sockets.setMaxListeners(LISTENERS_PER_GATEWAY_LIMIT);
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
