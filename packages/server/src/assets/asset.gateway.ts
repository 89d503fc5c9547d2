import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import {
  LegacyEvent,
  type LegacyPayload,
  type ParsedPayload,
  SocketAction,
} from '../realtime/socket-action.decorator.js';
import { AssetsService } from './asset.service.js';
import { AssetCloneService } from './asset-clone.service.js';
import { AssetGenerationService } from './asset-generation.service.js';
import { AssetImageEditsService } from './asset-image-edits.service.js';
import { AssetSeriesService } from './asset-series.service.js';

/** The unified-asset domain's socket actions. */
@WebSocketGateway()
export class AssetsGateway {
  constructor(
    private readonly assets: AssetsService,
    private readonly seriesLevel: AssetSeriesService,
    private readonly cloner: AssetCloneService,
    private readonly generation: AssetGenerationService,
    private readonly edits: AssetImageEditsService,
  ) {}

  @SocketAction('unified-asset:getByProject')
  getByProject(user: User, { projectId, includeSeries }: ParsedPayload<'unified-asset:getByProject'>) {
    return this.assets.getByProject(user, projectId, includeSeries);
  }

  @SocketAction('unified-asset:getById')
  getById(user: User, { id }: ParsedPayload<'unified-asset:getById'>) {
    return this.assets.getById(user, id);
  }

  @SocketAction('unified-asset:getByIdStreamlined')
  getByIdStreamlined(user: User, { id }: ParsedPayload<'unified-asset:getByIdStreamlined'>) {
    return this.assets.getByIdStreamlined(user, id);
  }

  @SocketAction('unified-asset:getByIds')
  getByIds(user: User, { ids }: ParsedPayload<'unified-asset:getByIds'>) {
    return this.assets.getByIds(user, ids);
  }

  @SocketAction('unified-asset:getByProjectAndType')
  getByProjectAndType(user: User, { projectId, type }: ParsedPayload<'unified-asset:getByProjectAndType'>) {
    return this.assets.getByProject(user, projectId, true, type);
  }

  @SocketAction('unified-asset:create')
  create(user: User, input: ParsedPayload<'unified-asset:create'>) {
    return this.assets.create(user, input);
  }

  @SocketAction('unified-asset:update')
  update(user: User, { id, updates }: ParsedPayload<'unified-asset:update'>) {
    return this.assets.update(user, id, updates);
  }

  @SocketAction('unified-asset:delete')
  remove(user: User, { id }: ParsedPayload<'unified-asset:delete'>) {
    return this.assets.remove(user, id);
  }

  @SocketAction('unified-asset:setImage')
  setImage(user: User, input: ParsedPayload<'unified-asset:setImage'>) {
    return this.assets.setImage(user, input);
  }

  @SocketAction('unified-asset:deleteImage')
  deleteImage(user: User, input: ParsedPayload<'unified-asset:deleteImage'>) {
    return this.assets.deleteImage(user, input);
  }

  @SocketAction('unified-asset:upgradeToSeries')
  upgradeToSeries(user: User, input: ParsedPayload<'unified-asset:upgradeToSeries'>) {
    return this.seriesLevel.upgradeToSeries(user, input);
  }

  @SocketAction('unified-asset:downgradeFromSeries')
  downgradeFromSeries(user: User, input: ParsedPayload<'unified-asset:downgradeFromSeries'>) {
    return this.seriesLevel.downgradeFromSeries(user, input);
  }

  @SocketAction('unified-asset:clone')
  clone(user: User, input: ParsedPayload<'unified-asset:clone'>) {
    return this.cloner.clone(user, input);
  }

  @SocketAction('unified-asset:generateImage')
  generateImage(user: User, input: ParsedPayload<'unified-asset:generateImage'>) {
    return this.generation.generate(user, input);
  }

  // The older named generation events: the same services, answered on their own reply and error events.
  @LegacyEvent('asset:generate-image')
  legacyGenerateImage(user: User, input: LegacyPayload<'asset:generate-image'>) {
    return this.generation.generate(user, input);
  }

  @LegacyEvent('asset:enhance-image')
  legacyEnhanceImage(user: User, input: LegacyPayload<'asset:enhance-image'>) {
    return this.edits.enhance(user, input);
  }

  @LegacyEvent('asset:assess')
  legacyAssess(user: User, input: LegacyPayload<'asset:assess'>) {
    return this.edits.assess(user, input);
  }

  @LegacyEvent('asset:define')
  legacyDefine(user: User, input: LegacyPayload<'asset:define'>) {
    return this.generation.define(user, input);
  }

  @LegacyEvent('character:generate-rotation')
  legacyGenerateRotation(user: User, input: LegacyPayload<'character:generate-rotation'>) {
    return this.generation.generateRotation(user, input);
  }
}
