import { Injectable, Logger } from '@nestjs/common';
import {
  projectRoom,
  type ServerEventName,
  type ServerEventPayload,
  userRoom,
} from '@reelbench/sdk/contract';
import type { AppServer, AppSocket } from './socket-types.js';
import { TurnBroadcasts } from './turn-broadcasts.js';

/**
 * Server → client events, by room: `project:<id>` holds the owner's sockets that subscribed to the
 * project (progress and timeline events go there), `user:<id>` every socket of the user (project
 * lists hear about created/updated/deleted projects). With REDIS_URL set, rooms span every node.
 */
@Injectable()
export class EventsService {
  private server: AppServer | undefined;
  private readonly logger = new Logger('Events');
  private readonly nextTurn = new TurnBroadcasts(
    () => this.server,
    (error, event) => this.logger.error(`${event} could not be sent`, error as Error),
  );

  /** Called once the socket server exists; before that (and without sockets) events go nowhere. */
  attach(server: AppServer): void {
    this.server = server;
  }

  /** To the sockets subscribed to the project. */
  toProject<E extends ServerEventName>(projectId: string, event: E, payload: ServerEventPayload<E>): void {
    this.server?.to(projectRoom(projectId)).emit(event, payload);
  }

  /**
   * To the sockets subscribed to the project, on the next turn of the event loop: after the answer of
   * the action that caused it, and together with the other events queued in this turn (one write per
   * socket for a burst; realtime/turn-broadcasts.ts).
   */
  toProjectNextTurn<E extends ServerEventName>(
    projectId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    this.nextTurn.emit(projectRoom(projectId), event, payload);
  }

  /** To the project's subscribers and every socket of its owner; a socket in both rooms gets it once. */
  toProjectAndOwner<E extends ServerEventName>(
    project: { id: string; ownerId: string },
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    this.server?.to([projectRoom(project.id), userRoom(project.ownerId)]).emit(event, payload);
  }

  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void {
    this.server?.to(userRoom(userId)).emit(event, payload);
  }

  async joinProject(socket: AppSocket, projectId: string): Promise<void> {
    await socket.join(projectRoom(projectId));
  }

  async leaveProject(socket: AppSocket, projectId: string): Promise<void> {
    await socket.leave(projectRoom(projectId));
  }

  /** After a delete: nobody stays subscribed to a project that is gone. */
  closeProjectRoom(projectId: string): void {
    const room = projectRoom(projectId);
    this.server?.in(room).socketsLeave(room);
  }

  /** Disconnects the user's sockets that signed in with this token (on every node). */
  async disconnectSessions(userId: string, tokenHash: string): Promise<void> {
    if (this.server === undefined) return;
    const sockets = await this.server.in(userRoom(userId)).fetchSockets();
    for (const socket of sockets) {
      if (socket.data.tokenHash === tokenHash) socket.disconnect(true);
    }
  }
}
