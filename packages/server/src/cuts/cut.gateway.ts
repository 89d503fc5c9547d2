import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { CutsService } from './cut.service.js';
import { RoughCutService } from './rough-cut.service.js';

/** The cut domain's socket actions, and the project's EDL views of the same cuts. */
@WebSocketGateway()
export class CutsGateway {
  constructor(
    private readonly cuts: CutsService,
    private readonly roughCuts: RoughCutService,
  ) {}

  @SocketAction('cut:create')
  create(user: User, { projectId, ...input }: ParsedPayload<'cut:create'>) {
    return this.cuts.create(user, projectId, input);
  }

  @SocketAction('cut:list')
  list(user: User, { projectId }: ParsedPayload<'cut:list'>) {
    return this.cuts.list(user, projectId);
  }

  @SocketAction('cut:get')
  get(user: User, { projectId, cutId }: ParsedPayload<'cut:get'>) {
    return this.cuts.get(user, projectId, cutId);
  }

  @SocketAction('cut:rename')
  rename(user: User, { projectId, cutId, name }: ParsedPayload<'cut:rename'>) {
    return this.cuts.rename(user, projectId, cutId, name);
  }

  @SocketAction('cut:delete')
  delete(user: User, { projectId, cutId }: ParsedPayload<'cut:delete'>) {
    return this.cuts.remove(user, projectId, cutId);
  }

  @SocketAction('cut:compare')
  compare(user: User, { projectId, olderId, newerId }: ParsedPayload<'cut:compare'>) {
    return this.cuts.compare(user, projectId, olderId, newerId);
  }

  @SocketAction('cut:export')
  export(user: User, { projectId, cutId, format, options }: ParsedPayload<'cut:export'>) {
    return this.cuts.export(user, projectId, cutId, format, options);
  }

  @SocketAction('cut:import')
  import(user: User, { projectId, cutId, format, text, frameRate, dryRun }: ParsedPayload<'cut:import'>) {
    return this.cuts.import(user, projectId, cutId, format, text, { frameRate, dryRun });
  }

  @SocketAction('cut:restore')
  restore(user: User, { projectId, cutId }: ParsedPayload<'cut:restore'>) {
    return this.cuts.restore(user, projectId, cutId);
  }

  @SocketAction('project:getEDLs')
  getEdls(user: User, { projectId }: ParsedPayload<'project:getEDLs'>) {
    return this.cuts.edlSummaries(user, projectId);
  }

  @SocketAction('project:getEDL')
  getEdl(user: User, { projectId, edlId }: ParsedPayload<'project:getEDL'>) {
    return this.cuts.edl(user, projectId, edlId);
  }

  @SocketAction('cut:render-rough-cut')
  renderRoughCut(user: User, { projectId, cutId, burnIn }: ParsedPayload<'cut:render-rough-cut'>) {
    return this.roughCuts.render(user, projectId, cutId, burnIn === undefined ? {} : { burnIn });
  }

  @SocketAction('cut:get-rough-cut')
  getRoughCut(user: User, { projectId, cutId }: ParsedPayload<'cut:get-rough-cut'>) {
    return this.roughCuts.latest(user, projectId, cutId);
  }
}
