import { WebSocketGateway } from '@nestjs/websockets';
import type { LEGACY_EVENTS, SocketActionName, User } from '@reelbench/sdk/contract';
import type { z } from 'zod';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { AssetsService } from './asset.service.js';
import { AssetGenerationService } from './asset-generation.service.js';
import { AssetImageEditsService } from './asset-image-edits.service.js';

type Payload<A extends SocketActionName<'unified-asset'>> = ParsedPayload<'unified-asset', A>;
/** An older event's payload after its contract schema parsed it. */
type LegacyPayload<E extends keyof typeof LEGACY_EVENTS> = z.output<(typeof LEGACY_EVENTS)[E]['payload']>;

/** The unified-asset domain's socket actions. */
@WebSocketGateway()
export class AssetsGateway {
  constructor(
    private readonly assets: AssetsService,
    private readonly generation: AssetGenerationService,
    private readonly edits: AssetImageEditsService,
  ) {}

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
  generateImage(user: User, input: Payload<'generateImage'>) {
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
