import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { AudioService } from './audio.service.js';

/** The audio domain's socket actions: the project's soundtrack. */
@WebSocketGateway()
export class AudioGateway {
  constructor(private readonly audio: AudioService) {}

  @SocketAction('audio:get')
  get(user: User, { projectId }: ParsedPayload<'audio:get'>) {
    return this.audio.get(user, projectId);
  }

  @SocketAction('audio:set')
  set(user: User, { projectId, ...input }: ParsedPayload<'audio:set'>) {
    return this.audio.set(user, projectId, input);
  }

  @SocketAction('audio:set-offset')
  setOffset(user: User, { projectId, offsetSeconds }: ParsedPayload<'audio:set-offset'>) {
    return this.audio.setOffset(user, projectId, offsetSeconds);
  }

  @SocketAction('audio:remove')
  remove(user: User, { projectId }: ParsedPayload<'audio:remove'>) {
    return this.audio.remove(user, projectId);
  }

  @SocketAction('audio:set-cut')
  setCut(user: User, { projectId, ...input }: ParsedPayload<'audio:set-cut'>) {
    return this.audio.setCut(user, projectId, input);
  }
}
