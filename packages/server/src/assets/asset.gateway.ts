import { WebSocketGateway } from '@nestjs/websockets';
import type { SocketActionName, User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { AssetsService } from './asset.service.js';

type Payload<A extends SocketActionName<'unified-asset'>> = ParsedPayload<'unified-asset', A>;

/** The unified-asset domain's socket actions. */
@WebSocketGateway()
export class AssetsGateway {
  constructor(private readonly assets: AssetsService) {}

  @SocketAction('unified-asset', 'getByProject')
  getByProject(user: User, { projectId, includeSeries }: Payload<'getByProject'>) {
    return this.assets.getByProject(user, projectId, includeSeries);
  }

  @SocketAction('unified-asset', 'getById')
  getById(user: User, { id }: Payload<'getById'>) {
    return this.assets.getById(user, id);
  }

  @SocketAction('unified-asset', 'getByIdStreamlined')
  getByIdStreamlined(user: User, { id }: Payload<'getByIdStreamlined'>) {
    return this.assets.getByIdStreamlined(user, id);
  }

  @SocketAction('unified-asset', 'getByIds')
  getByIds(user: User, { ids }: Payload<'getByIds'>) {
    return this.assets.getByIds(user, ids);
  }

  @SocketAction('unified-asset', 'getByProjectAndType')
  getByProjectAndType(user: User, { projectId, type }: Payload<'getByProjectAndType'>) {
    return this.assets.getByProject(user, projectId, true, type);
  }

  @SocketAction('unified-asset', 'create')
  create(user: User, input: Payload<'create'>) {
    return this.assets.create(user, input);
  }

  @SocketAction('unified-asset', 'update')
  update(user: User, { id, updates }: Payload<'update'>) {
    return this.assets.update(user, id, updates);
  }

  @SocketAction('unified-asset', 'delete')
  delete(user: User, { id }: Payload<'delete'>) {
    return this.assets.remove(user, id);
  }

  @SocketAction('unified-asset', 'setImage')
  setImage(user: User, input: Payload<'setImage'>) {
    return this.assets.setImage(user, input);
  }

  @SocketAction('unified-asset', 'deleteImage')
  deleteImage(user: User, input: Payload<'deleteImage'>) {
    return this.assets.deleteImage(user, input);
  }

  @SocketAction('unified-asset', 'upgradeToSeries')
  upgradeToSeries(user: User, input: Payload<'upgradeToSeries'>) {
    return this.assets.upgradeToSeries(user, input);
  }

  @SocketAction('unified-asset', 'downgradeFromSeries')
  downgradeFromSeries(user: User, input: Payload<'downgradeFromSeries'>) {
    return this.assets.downgradeFromSeries(user, input);
  }

  @SocketAction('unified-asset', 'clone')
  clone(user: User, input: Payload<'clone'>) {
    return this.assets.clone(user, input);
  }

  @SocketAction('unified-asset', 'generateImage')
  generateImage(user: User, { assetId }: Payload<'generateImage'>) {
    return this.assets.generateImage(user, assetId);
  }

  // The older named generation events: same checks, answered on their own reply and error events.
  @LegacyEvent('asset:generate-image')
  legacyGenerateImage(user: User, { assetId }: { assetId: string }) {
    return this.assets.generateImage(user, assetId);
  }

  @LegacyEvent('asset:enhance-image')
  legacyEnhanceImage(user: User, { assetId }: { assetId: string }) {
    return this.assets.generateImage(user, assetId);
  }

  @LegacyEvent('asset:assess')
  legacyAssess(user: User, { assetId }: { assetId: string }) {
    return this.assets.generateImage(user, assetId);
  }

  @LegacyEvent('asset:define')
  legacyDefine(user: User, { projectId }: { projectId: string }) {
    return this.assets.defineUnavailable(user, projectId);
  }

  @LegacyEvent('character:generate-rotation')
  legacyGenerateRotation(user: User, { assetId }: { assetId: string }) {
    return this.assets.generateImage(user, assetId);
  }
}
