import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { SeriesService } from './series.service.js';

/** The series domain's socket actions; series:getProjects lives with the projects. */
@WebSocketGateway()
export class SeriesGateway {
  constructor(private readonly series: SeriesService) {}

  @SocketAction('series:getAll')
  @LegacyEvent('series:getAll')
  getAll(user: User) {
    return this.series.list(user);
  }

  @SocketAction('series:getOne')
  getOne(user: User, { seriesId }: ParsedPayload<'series:getOne'>) {
    return this.series.get(user, seriesId);
  }

  @SocketAction('series:create')
  @LegacyEvent('series:create')
  create(user: User, input: ParsedPayload<'series:create'>) {
    return this.series.create(user, input);
  }

  @SocketAction('series:update')
  @LegacyEvent('series:update')
  update(user: User, { seriesId, updates }: ParsedPayload<'series:update'>) {
    return this.series.update(user, seriesId, updates);
  }

  @SocketAction('series:delete')
  @LegacyEvent('series:delete')
  delete(user: User, { seriesId }: ParsedPayload<'series:delete'>) {
    return this.series.remove(user, seriesId);
  }
}
