import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import type { AppSocket } from '../realtime/socket-types.js';
import { ProjectsService } from './project.service.js';

/** The project domain's socket actions, plus series:getProjects (a list of projects). */
@WebSocketGateway()
export class ProjectsGateway {
  constructor(private readonly projects: ProjectsService) {}

  @SocketAction('project:subscribe')
  @LegacyEvent('project:subscribe')
  subscribe(user: User, { projectId }: ParsedPayload<'project:subscribe'>, socket: AppSocket) {
    return this.projects.subscribe(user, projectId, socket);
  }

  @SocketAction('project:unsubscribe')
  @LegacyEvent('project:unsubscribe')
  unsubscribe(user: User, { projectId }: ParsedPayload<'project:unsubscribe'>, socket: AppSocket) {
    return this.projects.unsubscribe(user, projectId, socket);
  }

  @SocketAction('project:getAll')
  @LegacyEvent('project:getAll')
  getAll(user: User) {
    return this.projects.list(user);
  }

  @SocketAction('project:getOne')
  @LegacyEvent('project:getOne')
  getOne(user: User, { projectId }: ParsedPayload<'project:getOne'>) {
    return this.projects.get(user, projectId);
  }

  @SocketAction('project:create')
  @LegacyEvent('project:create')
  create(user: User, input: ParsedPayload<'project:create'>) {
    return this.projects.create(user, input);
  }

  @SocketAction('project:update')
  @LegacyEvent('project:update')
  update(user: User, { projectId, updates }: ParsedPayload<'project:update'>) {
    return this.projects.update(user, projectId, updates);
  }

  @SocketAction('project:delete')
  @LegacyEvent('project:delete')
  delete(user: User, { projectId }: ParsedPayload<'project:delete'>) {
    return this.projects.remove(user, projectId);
  }

  @SocketAction('project:getBySeries')
  @LegacyEvent('project:getBySeries')
  getBySeries(user: User, { seriesId }: ParsedPayload<'project:getBySeries'>) {
    return this.projects.listBySeries(user, seriesId);
  }

  @SocketAction('series:getProjects')
  @LegacyEvent('series:getProjects')
  getSeriesProjects(user: User, { seriesId }: ParsedPayload<'series:getProjects'>) {
    return this.projects.listBySeries(user, seriesId);
  }
}
