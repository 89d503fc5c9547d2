import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { LegacyEvent, type LegacyPayload, socketActions } from '../realtime/socket-action.decorator.js';
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

  // Each envelope action: (g, this gateway; the signed-in user; the payload the contract parsed) → one service call.
  static {
    socketActions(AssetsGateway, {
      'unified-asset:getByProject': (g, user, { projectId, includeSeries }) =>
        g.assets.getByProject(user, projectId, includeSeries),
      'unified-asset:getById': (g, user, { id }) => g.assets.getById(user, id),
      'unified-asset:getByIdStreamlined': (g, user, { id }) => g.assets.getByIdStreamlined(user, id),
      'unified-asset:getByIds': (g, user, { ids }) => g.assets.getByIds(user, ids),
      'unified-asset:getByProjectAndType': (g, user, { projectId, type }) =>
        g.assets.getByProject(user, projectId, true, type),
      'unified-asset:create': (g, user, input) => g.assets.create(user, input),
      'unified-asset:update': (g, user, { id, updates }) => g.assets.update(user, id, updates),
      'unified-asset:delete': (g, user, { id }) => g.assets.remove(user, id),
      'unified-asset:setImage': (g, user, input) => g.assets.setImage(user, input),
      'unified-asset:deleteImage': (g, user, input) => g.assets.deleteImage(user, input),
      'unified-asset:upgradeToSeries': (g, user, input) => g.seriesLevel.upgradeToSeries(user, input),
      'unified-asset:downgradeFromSeries': (g, user, input) => g.seriesLevel.downgradeFromSeries(user, input),
      'unified-asset:clone': (g, user, input) => g.cloner.clone(user, input),
      'unified-asset:generateImage': (g, user, input) => g.generation.generate(user, input),
    });
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
