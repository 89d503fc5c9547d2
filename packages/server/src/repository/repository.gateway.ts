import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { RepositoryService } from './repository.service.js';

/** The owner's publish toggles over the socket. */
@WebSocketGateway()
export class RepositoryGateway {
  constructor(private readonly repository: RepositoryService) {}

  @SocketAction('repository:state')
  state(user: User, { projectId }: ParsedPayload<'repository:state'>) {
    return this.repository.state(user, projectId);
  }

  @SocketAction('repository:publishProject')
  publishProject(user: User, { projectId, published }: ParsedPayload<'repository:publishProject'>) {
    return this.repository.publishProject(user, projectId, published);
  }

  @SocketAction('repository:publishAsset')
  publishAsset(user: User, { assetId, published }: ParsedPayload<'repository:publishAsset'>) {
    return this.repository.publishAsset(user, assetId, published);
  }
}
