import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { StylesService } from './style.service.js';

/** The style domain over the socket: the built-in packages and the project's own. */
@WebSocketGateway()
export class StylesGateway {
  constructor(private readonly styles: StylesService) {}

  @SocketAction('style:list')
  list(user: User, { projectId }: ParsedPayload<'style:list'>) {
    return this.styles.list(user, projectId);
  }

  @SocketAction('style:get')
  get(user: User, { projectId, styleId }: ParsedPayload<'style:get'>) {
    return this.styles.get(user, projectId, styleId);
  }

  @SocketAction('style:create')
  create(user: User, { projectId, ...input }: ParsedPayload<'style:create'>) {
    return this.styles.create(user, projectId, input);
  }

  @SocketAction('style:update')
  update(user: User, { projectId, styleId, updates }: ParsedPayload<'style:update'>) {
    return this.styles.update(user, projectId, styleId, updates);
  }

  @SocketAction('style:delete')
  remove(user: User, { projectId, styleId }: ParsedPayload<'style:delete'>) {
    return this.styles.remove(user, projectId, styleId);
  }

  @SocketAction('style:duplicate')
  duplicate(user: User, { projectId, styleId, name }: ParsedPayload<'style:duplicate'>) {
    return this.styles.duplicate(user, projectId, styleId, name);
  }
}
