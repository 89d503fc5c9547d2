import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { userRoom } from '@reelbench/sdk/contract';
import { AuthService } from '../auth/auth.service.js';
import { EventsService } from './events.service.js';
import { socketAuthMiddleware } from './socket-auth.middleware.js';
import type { AppServer, AppSocket } from './socket-types.js';

/** Socket sessions: handshake auth, the user's room, and disconnecting sockets whose token was revoked. */
@WebSocketGateway()
export class ConnectionGateway implements OnGatewayInit<AppServer>, OnGatewayConnection<AppSocket> {
  private readonly logger = new Logger('Socket');

  constructor(
    private readonly auth: AuthService,
    private readonly events: EventsService,
  ) {}

  afterInit(server: AppServer): void {
    server.use(socketAuthMiddleware(this.auth));
    this.events.attach(server);
    this.auth.onRevoked(({ userId, tokenHash }) => {
      this.events.disconnectSessions(userId, tokenHash).catch((error: unknown) => this.logger.warn(error));
    });
  }

  async handleConnection(socket: AppSocket): Promise<void> {
    const user = socket.data.user;
    if (user !== undefined) await socket.join(userRoom(user.id));
  }
}
