import { WebSocketGateway } from '@nestjs/websockets';
import type { BatchTarget, SocketActionName, User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';
import { ShotGenerationService } from './shot-generation.service.js';
import { ShotOrderService } from './shot-order.service.js';
import { ShotPlacementsService } from './shot-placement.service.js';

type Payload<A extends SocketActionName<'shot'>> = ParsedPayload<'shot', A>;

/** The shot domain's socket actions. */
@WebSocketGateway()
export class ShotsGateway {
  constructor(
    private readonly shots: ShotsService,
    private readonly placements: ShotPlacementsService,
    private readonly order: ShotOrderService,
    private readonly coverage: ShotCoverageService,
    private readonly generation: ShotGenerationService,
  ) {}

  @SocketAction('shot', 'create')
  create(user: User, { projectId, ...shot }: Payload<'create'>) {
    return this.shots.create(user, projectId, shot);
  }

  @SocketAction('shot', 'update')
  update(user: User, { shotId, updates }: Payload<'update'>) {
    return this.shots.update(user, shotId, updates);
  }

  @SocketAction('shot', 'delete')
  delete(user: User, { shotId }: Payload<'delete'>) {
    return this.shots.remove(user, shotId);
  }

  @SocketAction('shot', 'getOne')
  getOne(user: User, { shotId }: Payload<'getOne'>) {
    return this.shots.get(user, shotId);
  }

  @SocketAction('shot', 'getAll')
  getAll(user: User, { projectId, ...options }: Payload<'getAll'>) {
    return this.shots.list(user, projectId, options);
  }

  @SocketAction('shot', 'add-asset')
  addAsset(user: User, { shotId, placement }: Payload<'add-asset'>) {
    return this.placements.add(user, shotId, placement);
  }

  @SocketAction('shot', 'update-asset')
  updateAsset(user: User, { shotId, assetId, updates }: Payload<'update-asset'>) {
    return this.placements.update(user, shotId, assetId, updates);
  }

  @SocketAction('shot', 'update-assets')
  updateAssets(user: User, { shotId, assets }: Payload<'update-assets'>) {
    return this.placements.replace(user, shotId, assets);
  }

  @SocketAction('shot', 'remove-asset')
  removeAsset(user: User, { shotId, assetId }: Payload<'remove-asset'>) {
    return this.placements.remove(user, shotId, assetId);
  }

  @SocketAction('shot', 'get-assets')
  getAssets(user: User, { shotId }: Payload<'get-assets'>) {
    return this.placements.list(user, shotId);
  }

  @SocketAction('shot', 'reorder')
  reorder(user: User, { projectId, order }: Payload<'reorder'>) {
    return this.order.reorder(user, projectId, order);
  }

  @SocketAction('shot', 'reorder-with-scenes')
  reorderWithScenes(user: User, { projectId, order, scenes }: Payload<'reorder-with-scenes'>) {
    return this.order.reorder(user, projectId, order, scenes);
  }

  @SocketAction('shot', 'create-coverage')
  createCoverage(user: User, { shotId, framingTypes }: Payload<'create-coverage'>) {
    return this.coverage.create(user, shotId, framingTypes);
  }

  @SocketAction('shot', 'get-coverage')
  getCoverage(user: User, { shotId }: Payload<'get-coverage'>) {
    return this.coverage.list(user, shotId);
  }

  @SocketAction('shot', 'get-coverage-counts')
  getCoverageCounts(user: User, { projectId }: Payload<'get-coverage-counts'>) {
    return this.coverage.counts(user, projectId);
  }

  @SocketAction('shot', 'update-variant')
  updateVariant(user: User, { variantId, updates }: Payload<'update-variant'>) {
    return this.coverage.update(user, variantId, updates);
  }

  @SocketAction('shot', 'delete-variant')
  deleteVariant(user: User, { variantId }: Payload<'delete-variant'>) {
    return this.coverage.remove(user, variantId);
  }

  @SocketAction('shot', 'delete-all-variants')
  deleteAllVariants(user: User, { shotId }: Payload<'delete-all-variants'>) {
    return this.coverage.removeAll(user, shotId);
  }

  @SocketAction('shot', 'generate')
  generate(user: User, { projectId, shotId }: Payload<'generate'>) {
    return this.generation.single(user, projectId, shotId);
  }

  @SocketAction('shot', 'generate-seedream')
  generateSeedream(user: User, { projectId, shotId }: Payload<'generate-seedream'>) {
    return this.generation.single(user, projectId, shotId);
  }

  @SocketAction('shot', 'generate-video')
  generateVideo(user: User, { projectId, shotId }: Payload<'generate-video'>) {
    return this.generation.single(user, projectId, shotId);
  }

  @SocketAction('shot', 'edit')
  edit(user: User, { projectId, shotId }: Payload<'edit'>) {
    return this.generation.single(user, projectId, shotId);
  }

  @SocketAction('shot', 'generate-with-quality')
  generateWithQuality(user: User, { projectId, shotId }: Payload<'generate-with-quality'>) {
    return this.generation.single(user, projectId, shotId);
  }

  @SocketAction('shot', 'generate-batch')
  generateBatch(user: User, { projectId, ...target }: Payload<'generate-batch'>) {
    return this.generation.batch(user, projectId, target);
  }

  @SocketAction('shot', 'generate-video-batch')
  generateVideoBatch(user: User, { projectId, ...target }: Payload<'generate-video-batch'>) {
    return this.generation.batch(user, projectId, target);
  }

  @SocketAction('shot', 'generate-coverage')
  generateCoverage(user: User, { shotId, variantIds }: Payload<'generate-coverage'>) {
    return this.generation.coverageVariants(user, shotId, variantIds);
  }

  // The older named video and composition events: the same checks as the shot actions.
  @LegacyEvent('video:generate')
  legacyVideo(user: User, { projectId, shotId }: { projectId: string; shotId: string }) {
    return this.generation.single(user, projectId, shotId);
  }

  @LegacyEvent('video:generate-batch')
  legacyVideoBatch(user: User, { projectId, ...target }: { projectId: string } & BatchTarget) {
    return this.generation.batch(user, projectId, target);
  }

  @LegacyEvent('composition:create')
  legacyComposition(user: User, { projectId, shotId }: { projectId: string; shotId: string }) {
    return this.generation.single(user, projectId, shotId);
  }

  @LegacyEvent('composition:create-batch')
  legacyCompositionBatch(user: User, { projectId, ...target }: { projectId: string } & BatchTarget) {
    return this.generation.batch(user, projectId, target);
  }

  @LegacyEvent('composition:create-grid')
  legacyCompositionGrid(user: User, { projectId, shotIds }: { projectId: string; shotIds: string[] }) {
    return this.generation.batch(user, projectId, { shotIds });
  }
}
