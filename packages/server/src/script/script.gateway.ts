import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { FirstPassService } from './first-pass.service.js';
import { ScriptService } from './script.service.js';
import { ScriptVersionsService } from './script-version.service.js';

/** The script domain's socket actions, plus the older script:analyze/convert/generate-shots events. */
@WebSocketGateway()
export class ScriptGateway {
  constructor(
    private readonly scripts: ScriptService,
    private readonly firstPass: FirstPassService,
    private readonly versions: ScriptVersionsService,
  ) {}

  @SocketAction('script:save')
  save(user: User, { projectId, ...script }: ParsedPayload<'script:save'>) {
    return this.scripts.save(user, projectId, script);
  }

  @SocketAction('script:get')
  get(user: User, { projectId }: ParsedPayload<'script:get'>) {
    return this.scripts.get(user, projectId);
  }

  @SocketAction('script:listVersions')
  listVersions(user: User, { projectId, limit }: ParsedPayload<'script:listVersions'>) {
    return this.versions.list(user, projectId, limit);
  }

  @SocketAction('script:getVersion')
  getVersion(user: User, { projectId, versionId }: ParsedPayload<'script:getVersion'>) {
    return this.versions.get(user, projectId, versionId);
  }

  @SocketAction('script:analyze')
  @LegacyEvent('script:analyze')
  async analyze(_user: User, input: ParsedPayload<'script:analyze'>) {
    return this.scripts.analyze(input);
  }

  @SocketAction('script:analyzeProject')
  analyzeProject(user: User, { projectId }: ParsedPayload<'script:analyzeProject'>) {
    return this.scripts.analyzeProject(user, projectId);
  }

  @SocketAction('script:convert')
  @LegacyEvent('script:convert')
  async convert(_user: User, input: ParsedPayload<'script:convert'>) {
    return this.scripts.convert(input);
  }

  @SocketAction('script:directedBreakdown')
  directedBreakdown(user: User, { projectId, styleGuide }: ParsedPayload<'script:directedBreakdown'>) {
    return this.firstPass.breakdown(user, projectId, styleGuide);
  }

  @SocketAction('script:generateShotsFromScript')
  generateShotsFromScript(
    user: User,
    { projectId, styleGuide, update, dryRun }: ParsedPayload<'script:generateShotsFromScript'>,
  ) {
    return this.firstPass.generate(user, projectId, styleGuide, { update, dryRun });
  }

  @SocketAction('script:undoRevision')
  undoRevision(user: User, input: ParsedPayload<'script:undoRevision'>) {
    return this.firstPass.undoRevision(user, input);
  }

  @SocketAction('script:generateCinematicShots')
  generateCinematicShots(
    user: User,
    { projectId, styleGuide, sceneNumbers }: ParsedPayload<'script:generateCinematicShots'>,
  ) {
    return this.firstPass.generate(user, projectId, styleGuide, { sceneNumbers });
  }

  @SocketAction('script:generate-shots')
  @LegacyEvent('script:generate-shots')
  generateShots(user: User, { projectId, styleGuide, content }: ParsedPayload<'script:generate-shots'>) {
    return this.firstPass.generate(user, projectId, styleGuide, { content });
  }
}
