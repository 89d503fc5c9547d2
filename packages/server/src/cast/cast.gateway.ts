import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { CastService } from './cast.service.js';

/** The cast from the script over the socket (project:cast, project:create-cast). */
@WebSocketGateway()
export class CastGateway {
  constructor(private readonly cast: CastService) {}

  @SocketAction('project:cast')
  get(user: User, { projectId }: ParsedPayload<'project:cast'>) {
    return this.cast.cast(user, projectId);
  }

  @SocketAction('project:create-cast')
  create(user: User, { projectId, generate, provider }: ParsedPayload<'project:create-cast'>) {
    return this.cast.createCast(user, projectId, { generate, provider });
  }
}
