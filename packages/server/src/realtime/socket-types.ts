import type { User } from '@reelbench/sdk/contract';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';

/** What the handshake middleware leaves on every socket: the user when the token was valid. */
export interface SocketData {
  user?: User;
  tokenHash?: string;
  /** config.limits.socketMessageBytes: a bigger message is answered PAYLOAD_TOO_LARGE_ERROR. */
  messageLimitBytes?: number;
  /** The size of the last message frame this socket sent (set just before its handler runs). */
  lastMessageBytes?: number;
}

export type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type AppServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
