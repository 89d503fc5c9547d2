import { WebSocketGateway } from '@nestjs/websockets';
import type { ShotAssetPlacement, User } from '@reelbench/sdk/contract';
import {
  LegacyEvent,
  type LegacyPayload,
  type ParsedPayload,
  SocketAction,
} from '../realtime/socket-action.decorator.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';
import { ShotGenerationService } from './shot-generation.service.js';
import { ShotOrderService } from './shot-order.service.js';
import { ShotPlacementsService } from './shot-placement.service.js';
import { ShotTakesService } from './shot-takes.service.js';

/** The shot domain's socket actions. */
@WebSocketGateway()
export class ShotsGateway {
  constructor(
    private readonly shots: ShotsService,
    private readonly placements: ShotPlacementsService,
    private readonly order: ShotOrderService,
    private readonly coverage: ShotCoverageService,
    private readonly generation: ShotGenerationService,
    private readonly takes: ShotTakesService,
  ) {}

  @SocketAction('shot:create')
  create(user: User, { projectId, ...shot }: ParsedPayload<'shot:create'>) {
    return this.shots.create(user, projectId, shot);
  }

  @SocketAction('shot:update')
  update(user: User, { shotId, updates }: ParsedPayload<'shot:update'>) {
    return this.shots.update(user, shotId, updates);
  }

  @SocketAction('shot:delete')
  remove(user: User, { shotId }: ParsedPayload<'shot:delete'>) {
    return this.shots.remove(user, shotId);
  }

  @SocketAction('shot:getOne')
  getOne(user: User, { shotId }: ParsedPayload<'shot:getOne'>) {
    return this.shots.get(user, shotId);
  }

  @SocketAction('shot:getAll')
  getAll(user: User, { projectId, ...options }: ParsedPayload<'shot:getAll'>) {
    return this.shots.list(user, projectId, options);
  }

  @SocketAction('shot:add-asset')
  addAsset(user: User, { shotId, placement }: ParsedPayload<'shot:add-asset'>) {
    return this.placements.add(user, shotId, placement);
  }

  @SocketAction('shot:update-asset')
  updateAsset(user: User, { shotId, assetId, updates }: ParsedPayload<'shot:update-asset'>) {
    return this.placements.update(user, shotId, assetId, updates);
  }

  @SocketAction('shot:update-assets')
  updateAssets(user: User, { shotId, assets }: ParsedPayload<'shot:update-assets'>) {
    return this.placements.replace(user, shotId, assets);
  }

  @SocketAction('shot:remove-asset')
  removeAsset(user: User, { shotId, assetId }: ParsedPayload<'shot:remove-asset'>) {
    return this.placements.remove(user, shotId, assetId);
  }

  @SocketAction('shot:get-assets')
  getAssets(user: User, { shotId }: ParsedPayload<'shot:get-assets'>) {
    return this.placements.list(user, shotId);
  }

  @SocketAction('shot:reorder')
  reorder(user: User, { projectId, order }: ParsedPayload<'shot:reorder'>) {
    return this.order.reorder(user, projectId, order);
  }

  @SocketAction('shot:reorder-with-scenes')
  reorderWithScenes(user: User, { projectId, order, scenes }: ParsedPayload<'shot:reorder-with-scenes'>) {
    return this.order.reorder(user, projectId, order, scenes);
  }

  @SocketAction('shot:create-coverage')
  createCoverage(user: User, { shotId, framingTypes }: ParsedPayload<'shot:create-coverage'>) {
    return this.coverage.create(user, shotId, framingTypes);
  }

  @SocketAction('shot:get-coverage')
  getCoverage(user: User, { shotId }: ParsedPayload<'shot:get-coverage'>) {
    return this.coverage.list(user, shotId);
  }

  @SocketAction('shot:get-coverage-counts')
  getCoverageCounts(user: User, { projectId }: ParsedPayload<'shot:get-coverage-counts'>) {
    return this.coverage.counts(user, projectId);
  }

  @SocketAction('shot:update-variant')
  updateVariant(user: User, { variantId, updates }: ParsedPayload<'shot:update-variant'>) {
    return this.coverage.update(user, variantId, updates);
  }

  @SocketAction('shot:delete-variant')
  deleteVariant(user: User, { variantId }: ParsedPayload<'shot:delete-variant'>) {
    return this.coverage.remove(user, variantId);
  }

  @SocketAction('shot:delete-all-variants')
  deleteAllVariants(user: User, { shotId }: ParsedPayload<'shot:delete-all-variants'>) {
    return this.coverage.removeAll(user, shotId);
  }

  @SocketAction('shot:getTakes')
  getTakes(user: User, { shotId }: ParsedPayload<'shot:getTakes'>) {
    return this.takes.list(user, shotId);
  }

  @SocketAction('shot:useTake')
  useTake(user: User, { shotId, takeId }: ParsedPayload<'shot:useTake'>) {
    return this.takes.use(user, shotId, takeId);
  }

  @SocketAction('shot:restoreRemoved')
  restoreRemoved(user: User, { projectId, shotId }: ParsedPayload<'shot:restoreRemoved'>) {
    return this.shots.restoreRemoved(user, projectId, shotId);
  }

  @SocketAction('shot:generate')
  generate(user: User, payload: ParsedPayload<'shot:generate'>) {
    return this.generation.single(user, 'shot:generate', 'image', payload);
  }

  @SocketAction('shot:generate-seedream')
  generateSeedream(user: User, payload: ParsedPayload<'shot:generate-seedream'>) {
    return this.generation.single(user, 'shot:generate-seedream', 'image', payload);
  }

  @SocketAction('shot:generate-video')
  generateVideo(user: User, payload: ParsedPayload<'shot:generate-video'>) {
    return this.generation.single(user, 'shot:generate-video', 'video', payload);
  }

  @SocketAction('shot:edit')
  edit(user: User, payload: ParsedPayload<'shot:edit'>) {
    return this.generation.edit(user, payload);
  }

  @SocketAction('shot:generate-with-quality')
  generateWithQuality(user: User, payload: ParsedPayload<'shot:generate-with-quality'>) {
    return this.generation.withQuality(user, payload);
  }

  @SocketAction('shot:generate-batch')
  generateBatch(user: User, payload: ParsedPayload<'shot:generate-batch'>) {
    return this.generation.batch(user, 'shot:generate-batch', 'image', payload);
  }

  @SocketAction('shot:generate-video-batch')
  generateVideoBatch(user: User, payload: ParsedPayload<'shot:generate-video-batch'>) {
    return this.generation.batch(user, 'shot:generate-video-batch', 'video', payload);
  }

  @SocketAction('shot:generate-coverage')
  generateCoverage(user: User, { shotId, variantIds }: ParsedPayload<'shot:generate-coverage'>) {
    return this.generation.coverageVariants(user, shotId, variantIds);
  }

  // The older named video and composition events call the same services.
  @LegacyEvent('video:generate')
  legacyVideo(user: User, payload: LegacyPayload<'video:generate'>) {
    return this.generation.single(user, 'video:generate', 'video', payload);
  }

  @LegacyEvent('video:generate-batch')
  legacyVideoBatch(user: User, payload: LegacyPayload<'video:generate-batch'>) {
    return this.generation.batch(user, 'video:generate-batch', 'video', payload);
  }

  @LegacyEvent('composition:create')
  legacyComposition(user: User, payload: LegacyPayload<'composition:create'>) {
    return this.generation.single(user, 'composition:create', 'image', stripPlacements(payload));
  }

  @LegacyEvent('composition:create-batch')
  legacyCompositionBatch(user: User, payload: LegacyPayload<'composition:create-batch'>) {
    return this.generation.batch(user, 'composition:create-batch', 'image', payload);
  }

  @LegacyEvent('composition:create-grid')
  legacyCompositionGrid(user: User, payload: LegacyPayload<'composition:create-grid'>) {
    return this.generation.grid(user, payload);
  }
}

function stripPlacements(payload: {
  projectId: string;
  shotId: string;
  placements?: ShotAssetPlacement[] | undefined;
}): { projectId: string; shotId: string; placements?: ShotAssetPlacement[] } {
  const { placements, ...rest } = payload;
  return placements === undefined ? rest : { ...rest, placements };
}
