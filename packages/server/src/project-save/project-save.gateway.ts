import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { ProjectSaveService } from './project-save.service.js';

/** project:save, the socket fallback of POST /api/projects/:id/save. */
@WebSocketGateway()
export class ProjectSaveGateway {
  constructor(private readonly saves: ProjectSaveService) {}

  @SocketAction('project:save')
  save(user: User, { projectId, ...save }: ParsedPayload<'project:save'>) {
    return this.saves.save(user, projectId, save);
  }
}
