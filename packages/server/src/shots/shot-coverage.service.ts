import { Injectable } from '@nestjs/common';
import {
  type CoverageCounts,
  type CoverageVariant,
  type CoverageVariantUpdates,
  type DeletedReply,
  FRAMING_TYPES,
  type FramingType,
  TEXT_LIMITS,
  type User,
} from '@reelbench/sdk/contract';
import { FRAMING_LABELS } from '@reelbench/sdk/screenplay';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { ProjectsService } from '../projects/project.service.js';
import { FileUrls } from '../storage/file-urls.js';
import type { ShotEntity } from './shot.entity.js';
import { presentVariants } from './shot.mapper.js';
import { ShotsService } from './shot.service.js';
import type { ShotVariantEntity } from './shot-variant.entity.js';
import { ShotVariantsRepository, type VariantValues } from './shot-variant.repository.js';

/** At most `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** How a prompt names a framing: 'close-up shot', 'two-shot', 'pov shot'. */
function framingPhrase(framing: FramingType): string {
  const label = FRAMING_LABELS[framing].toLowerCase();
  return label.endsWith('shot') ? label : `${label} shot`;
}

/**
 * The shot's prompt at another framing. A first-pass prompt opens with its framing ('wide shot, …'):
 * that part is replaced; any other prompt gets the framing in front.
 */
export function reframePrompt(
  shot: Pick<ShotEntity, 'prompt' | 'framing' | 'description' | 'name'>,
  framing: FramingType,
): string {
  const base = shot.prompt ?? shot.description ?? shot.name;
  const [opening = '', ...rest] = base.split(', ');
  const opensWithFraming =
    shot.framing !== null && rest.length > 0 && /\bshot\b|close-up|two-shot/i.test(opening);
  const body = opensWithFraming ? rest.join(', ') : base;
  return clip(`${framingPhrase(framing)}, ${body}`, TEXT_LIMITS.prompt);
}

/**
 * Oldest first; variants made by one request share a creation time and follow FRAMING_TYPES (wide,
 * medium, close, …).
 */
function inListOrder(variants: ShotVariantEntity[]): ShotVariantEntity[] {
  const rank = (variant: ShotVariantEntity) => FRAMING_TYPES.indexOf(variant.framingType as FramingType);
  return variants.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || rank(a) - rank(b));
}

function variantOf(shot: ShotEntity, framing: FramingType): VariantValues {
  return {
    shotId: shot.id,
    projectId: shot.projectId,
    framingType: framing,
    name: clip(`${shot.name} (${FRAMING_LABELS[framing]})`, TEXT_LIMITS.name),
    description: shot.description,
    prompt: reframePrompt(shot, framing),
  };
}

/** Coverage: variants of a shot that play the same lines at other framings. */
@Injectable()
export class ShotCoverageService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shots: ShotsService,
    private readonly variants: ShotVariantsRepository,
    private readonly urls: FileUrls,
  ) {}

  /** One variant per framing type (each once). */
  async create(user: User, shotId: string, framingTypes: FramingType[]): Promise<CoverageVariant[]> {
    const shot = await this.shots.requireOwned(user, shotId);
    const framings = FRAMING_TYPES.filter((framing) => framingTypes.includes(framing));
    const created = await this.variants.insertMany(framings.map((framing) => variantOf(shot, framing)));
    return presentVariants(inListOrder(created), this.urls);
  }

  async list(user: User, shotId: string): Promise<CoverageVariant[]> {
    const shot = await this.shots.requireOwned(user, shotId);
    return presentVariants(inListOrder(await this.variants.listByShot(shot.id)), this.urls);
  }

  async counts(user: User, projectId: string): Promise<CoverageCounts> {
    const project = await this.projects.requireOwned(user, projectId);
    return this.variants.countsByShot(project.id);
  }

  async update(user: User, variantId: string, updates: CoverageVariantUpdates): Promise<CoverageVariant> {
    const variant = await this.requireVariant(user, variantId);
    const [updated] = await presentVariants([await this.variants.update(variant, updates)], this.urls);
    return updated as CoverageVariant;
  }

  async remove(user: User, variantId: string): Promise<DeletedReply> {
    const variant = await this.requireVariant(user, variantId);
    await this.variants.delete(variant.id);
    return { id: variant.id, deleted: true };
  }

  async removeAll(user: User, shotId: string): Promise<{ shotId: string; deleted: number }> {
    const shot = await this.shots.requireOwned(user, shotId);
    return { shotId: shot.id, deleted: await this.variants.deleteByShot(shot.id) };
  }

  /** The user's variants of one shot, each of `variantIds`, else 'Variant not found'. */
  async requireVariantsOfShot(user: User, shotId: string, variantIds: string[]): Promise<void> {
    const shot = await this.shots.requireOwned(user, shotId);
    const ids = new Set((await this.variants.listByShot(shot.id)).map((variant) => variant.id));
    if (!variantIds.every((id) => ids.has(id))) throw notFound('Variant');
  }

  private async requireVariant(user: User, variantId: string): Promise<ShotVariantEntity> {
    const variant = await this.variants.findOwned(user.id, parseId(variantId, 'Variant'));
    if (variant === null) throw notFound('Variant');
    return variant;
  }
}
