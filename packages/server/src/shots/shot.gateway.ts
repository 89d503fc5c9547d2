import { WebSocketGateway } from '@nestjs/websockets';
import type { ShotAssetPlacement, User } from '@reelbench/sdk/contract';
import { LegacyEvent, type LegacyPayload, socketActions } from '../realtime/socket-action.decorator.js';
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

  // Each envelope action: (g, this gateway; the signed-in user; the payload the contract parsed) → one service call.
  static {
    socketActions(ShotsGateway, {
      'shot:create': (g, user, { projectId, ...shot }) => g.shots.create(user, projectId, shot),
      'shot:update': (g, user, { shotId, updates }) => g.shots.update(user, shotId, updates),
      'shot:delete': (g, user, { shotId }) => g.shots.remove(user, shotId),
      'shot:getOne': (g, user, { shotId }) => g.shots.get(user, shotId),
      'shot:getAll': (g, user, { projectId, ...options }) => g.shots.list(user, projectId, options),
      'shot:add-asset': (g, user, { shotId, placement }) => g.placements.add(user, shotId, placement),
      'shot:update-asset': (g, user, { shotId, assetId, updates }) =>
        g.placements.update(user, shotId, assetId, updates),
      'shot:update-assets': (g, user, { shotId, assets }) => g.placements.replace(user, shotId, assets),
      'shot:remove-asset': (g, user, { shotId, assetId }) => g.placements.remove(user, shotId, assetId),
      'shot:get-assets': (g, user, { shotId }) => g.placements.list(user, shotId),
      'shot:reorder': (g, user, { projectId, order }) => g.order.reorder(user, projectId, order),
      'shot:reorder-with-scenes': (g, user, { projectId, order, scenes }) =>
        g.order.reorder(user, projectId, order, scenes),
      'shot:create-coverage': (g, user, { shotId, framingTypes }) =>
        g.coverage.create(user, shotId, framingTypes),
      'shot:get-coverage': (g, user, { shotId }) => g.coverage.list(user, shotId),
      'shot:get-coverage-counts': (g, user, { projectId }) => g.coverage.counts(user, projectId),
      'shot:update-variant': (g, user, { variantId, updates }) => g.coverage.update(user, variantId, updates),
      'shot:delete-variant': (g, user, { variantId }) => g.coverage.remove(user, variantId),
      'shot:delete-all-variants': (g, user, { shotId }) => g.coverage.removeAll(user, shotId),
      'shot:getTakes': (g, user, { shotId }) => g.takes.list(user, shotId),
      'shot:useTake': (g, user, { shotId, takeId }) => g.takes.use(user, shotId, takeId),
      'shot:restoreRemoved': (g, user, { projectId, shotId }) =>
        g.shots.restoreRemoved(user, projectId, shotId),
      'shot:generate': (g, user, payload) => g.generation.single(user, 'shot:generate', 'image', payload),
      'shot:generate-seedream': (g, user, payload) =>
        g.generation.single(user, 'shot:generate-seedream', 'image', payload),
      'shot:generate-video': (g, user, payload) =>
        g.generation.single(user, 'shot:generate-video', 'video', payload),
      'shot:edit': (g, user, payload) => g.generation.edit(user, payload),
      'shot:generate-with-quality': (g, user, payload) => g.generation.withQuality(user, payload),
      'shot:generate-batch': (g, user, payload) =>
        g.generation.batch(user, 'shot:generate-batch', 'image', payload),
      'shot:generate-video-batch': (g, user, payload) =>
        g.generation.batch(user, 'shot:generate-video-batch', 'video', payload),
      'shot:generate-coverage': (g, user, { shotId, variantIds }) =>
        g.generation.coverageVariants(user, shotId, variantIds),
    });
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
