import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { DialogueService } from './dialogue.service.js';

/** The scratch track's socket actions (audio domain): queue it, list, regenerate, replace, time shots. */
@WebSocketGateway()
export class DialogueGateway {
  constructor(private readonly dialogue: DialogueService) {}

  @SocketAction('audio:generate-dialogue')
  generate(user: User, { projectId, ...input }: ParsedPayload<'audio:generate-dialogue'>) {
    return this.dialogue.generate(user, projectId, input);
  }

  @SocketAction('audio:list-lines')
  list(user: User, { projectId }: ParsedPayload<'audio:list-lines'>) {
    return this.dialogue.list(user, projectId);
  }

  @SocketAction('audio:regenerate-line')
  regenerate(user: User, { projectId, lineId, ...input }: ParsedPayload<'audio:regenerate-line'>) {
    return this.dialogue.regenerate(user, projectId, lineId, input);
  }

  @SocketAction('audio:upload-line')
  upload(user: User, { projectId, lineId, key }: ParsedPayload<'audio:upload-line'>) {
    return this.dialogue.uploadTake(user, projectId, lineId, key);
  }

  @SocketAction('audio:time-shots')
  timeShots(user: User, { projectId, ...input }: ParsedPayload<'audio:time-shots'>) {
    return this.dialogue.timeShots(user, projectId, input);
  }
}
