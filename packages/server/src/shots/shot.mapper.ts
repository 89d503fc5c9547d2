import {
  type CoverageVariant,
  effectiveGenerationStatus,
  type FramingType,
  type GenerationStatus,
  SHOT_STALE_REASONS,
  type Shot,
  type ShotAssetPlacement,
  type ShotFields,
  type ShotSource,
} from '@reelbench/sdk/contract';
import type { FileUrls } from '../storage/file-urls.js';
import { projectIdOfKey } from '../storage/storage-key.js';
import type { ShotEntity } from './shot.entity.js';
import type { ShotVariantEntity } from './shot-variant.entity.js';

/** The entity property each contract field is stored in. */
const PROPERTY_OF = {
  name: 'name',
  description: 'description',
  duration: 'duration',
  start_time: 'startTime',
  prompt: 'prompt',
  action: 'action',
  script_text: 'scriptText',
  image_url: 'imageUrl',
  video_url: 'videoUrl',
  s3_image_key: 's3ImageKey',
  s3_video_key: 's3VideoKey',
  style_package_id: 'stylePackageId',
  composition_settings: 'compositionSettings',
  selected_template: 'selectedTemplate',
  customCompositionUrl: 'customCompositionUrl',
  assets: 'assets',
  assessment_notes: 'assessmentNotes',
  assessed_at: 'assessedAt',
  generation_status: 'generationStatus',
  video_generation_status: 'videoGenerationStatus',
  sequence_id: 'sequenceId',
  framing: 'framing',
  camera_move: 'cameraMove',
  scene_id: 'sceneId',
} as const satisfies { [F in keyof ShotFields]-?: keyof ShotEntity };

/** The shot fields that name a storage object: a client may only name its own project's. */
export const SHOT_KEY_FIELDS = ['s3_image_key', 's3_video_key'] as const;

/** The shot fields where a client may inline an image (data:image/…), held to the pixel limit. */
export const SHOT_IMAGE_URL_FIELDS = ['image_url', 'customCompositionUrl'] as const;

/** The entity properties a client may write (a save overwrites exactly these). */
export const SHOT_FIELD_PROPERTIES: readonly (keyof ShotEntity)[] = Object.values(PROPERTY_OF);

export type ShotValues = Partial<Omit<ShotEntity, 'createdAt' | 'updatedAt'>>;

/** Contract fields (all or some) → entity values; only the fields present are set. */
export function shotValues(fields: Partial<ShotFields>): ShotValues {
  const values: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(PROPERTY_OF)) {
    const value = fields[field as keyof ShotFields];
    if (value === undefined) continue;
    values[property] = field === 'assessed_at' && typeof value === 'string' ? new Date(value) : value;
  }
  return values as ShotValues;
}

/**
 * What a revise records as the fingerprint of the media of a shot whose script text changed: never a
 * real fingerprint, so the image and video read stale until a render records the inputs again.
 */
export const SCRIPT_CHANGED_INPUTS = SHOT_STALE_REASONS.scriptChanged;

/** Why the shot's media are stale, when a revise said so and they still are. */
function staleReason(entity: ShotEntity, stale: { image: boolean; video: boolean }): string | null {
  const metadata = entity.metadata ?? {};
  const byScript =
    (stale.image && metadata.imageInputs === SCRIPT_CHANGED_INPUTS) ||
    (stale.video && metadata.videoInputs === SCRIPT_CHANGED_INPUTS);
  return byScript ? SHOT_STALE_REASONS.scriptChanged : null;
}

/** A shot as the server sends it: the staleness flags are always set. */
export type PresentedShot = Shot & { image_stale: boolean; video_stale: boolean };

/**
 * The one mapping of a stored shot to the contract's. SPEC.md section 4: a shot with an image (or
 * video) url counts as completed, whatever was stored. `stale` comes from `outdated()` (shot-inputs.ts);
 * ShotsService.present/presentAll add it and the freshly signed media URLs: use those for any answer.
 */
export function toShot(entity: ShotEntity, stale: { image: boolean; video: boolean }): PresentedShot {
  return {
    id: entity.id,
    projectId: entity.projectId,
    name: entity.name,
    description: entity.description,
    duration: entity.duration,
    start_time: entity.startTime,
    prompt: entity.prompt,
    action: entity.action,
    script_text: entity.scriptText,
    image_url: entity.imageUrl,
    video_url: entity.videoUrl,
    s3_image_key: entity.s3ImageKey,
    s3_video_key: entity.s3VideoKey,
    style_package_id: entity.stylePackageId,
    composition_settings: entity.compositionSettings,
    selected_template: entity.selectedTemplate,
    customCompositionUrl: entity.customCompositionUrl,
    // Written only through the contract's placement schema.
    assets: entity.assets as ShotAssetPlacement[],
    assessment_notes: entity.assessmentNotes,
    assessed_at: entity.assessedAt?.toISOString() ?? null,
    generation_status: effectiveGenerationStatus(
      entity.generationStatus as GenerationStatus,
      entity.imageUrl,
    ),
    video_generation_status: effectiveGenerationStatus(
      entity.videoGenerationStatus as GenerationStatus,
      entity.videoUrl,
    ),
    sequence_id: entity.sequenceId,
    framing: entity.framing as FramingType | null,
    camera_move: entity.cameraMove,
    scene_id: entity.sceneId,
    image_stale: stale.image,
    video_stale: stale.video,
    stale_reason: staleReason(entity, stale),
    source: (entity.source as ShotSource | null) ?? null,
    generation_error: failureReason(entity, 'image'),
    video_generation_error: failureReason(entity, 'video'),
  };
}

/** Why the last render of the kind failed (metadata.<kind>Error), while the status it presents says failed. */
function failureReason(entity: ShotEntity, kind: 'image' | 'video'): string | null {
  const status = effectiveGenerationStatus(
    (kind === 'image' ? entity.generationStatus : entity.videoGenerationStatus) as GenerationStatus,
    kind === 'image' ? entity.imageUrl : entity.videoUrl,
  );
  const reason = entity.metadata?.[`${kind}Error`];
  return status === 'failed' && typeof reason === 'string' ? reason : null;
}

/** A shot just written from contract fields without media of its own (a first pass): nothing to sign, nothing stale. */
export function toNewShot(
  id: string,
  projectId: string,
  fields: ShotFields,
  source: ShotSource | null = null,
): PresentedShot {
  return { id, projectId, ...fields, image_stale: false, video_stale: false, stale_reason: null, source };
}

export function toCoverageVariant(entity: ShotVariantEntity): CoverageVariant {
  return {
    id: entity.id,
    shotId: entity.shotId,
    framingType: entity.framingType as FramingType,
    name: entity.name,
    description: entity.description,
    prompt: entity.prompt,
    image_url: entity.imageUrl,
    s3_image_key: entity.s3ImageKey,
    video_url: entity.videoUrl,
    generation_status: effectiveGenerationStatus(
      entity.generationStatus as GenerationStatus,
      entity.imageUrl ?? entity.videoUrl,
    ),
    createdAt: entity.createdAt.toISOString(),
  };
}

/**
 * Variants as answered: the image URL signed now from the stored key (one of the project's), so it
 * never expires in a client's hands; a variant from before keys were kept answers its stored URL.
 */
export function presentVariants(
  entities: readonly ShotVariantEntity[],
  urls: FileUrls,
): Promise<CoverageVariant[]> {
  return Promise.all(
    entities.map(async (entity) => {
      const variant = toCoverageVariant(entity);
      const key = entity.s3ImageKey;
      if (key === null || projectIdOfKey(key) !== entity.projectId) return variant;
      return { ...variant, image_url: await urls.displayUrl(key) };
    }),
  );
}
