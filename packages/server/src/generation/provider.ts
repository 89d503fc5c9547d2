import { ReelbenchError } from '@reelbench/sdk/contract';
import { notAvailable } from '../common/domain-error.js';
import type { ConfigProblem } from '../config/config-error.js';
import {
  DEFAULT_PROVIDER,
  GENERATION_OPERATIONS as OPERATION_NAMES,
  operationVariable,
  type ProviderSelection,
} from '../config/generation.env.js';
import { GENERATION_MESSAGES } from './generation.errors.js';
import type {
  AssetImageSubject,
  CanvasOptions,
  ClipRequest,
  EnhanceOptions,
  GridOptions,
  ImageAssessment,
  MatteOptions,
  RenderedClip,
  RenderedImage,
  ShotImageRequest,
} from './generation.types.js';
import type { SpeechGenerator } from './speech.js';

/** Shot image generation: one storyboard frame per shot. */
export interface ImageGenerator {
  renderShot(request: ShotImageRequest): Promise<RenderedImage>;
}

export interface AssetImageOptions {
  /** Fires when the job is cancelled; a remote provider then cancels its own work too. */
  signal?: AbortSignal;
  /** The user's own description of the image, for a remote model; the local renderer ignores it. */
  prompt?: string;
}

/** Asset images: a variant, rotation or view of an asset, by image key. */
export interface AssetImageGenerator {
  renderAssetImage(
    asset: AssetImageSubject,
    key: string,
    options?: AssetImageOptions,
  ): Promise<RenderedImage>;
}

/** Image edit/enhance. */
export interface ImageEnhancer {
  enhance(image: Buffer, options?: EnhanceOptions): Promise<RenderedImage>;
}

/** Background removal: a PNG with alpha. */
export interface BackgroundRemover {
  removeBackground(image: Buffer, options?: MatteOptions): Promise<RenderedImage>;
}

/** Assessment for the quality loop: a 0..10 score with reasons. */
export interface ImageAssessor {
  assess(image: Buffer, minScore?: number): Promise<ImageAssessment>;
}

/** Shot video: a clip from the shot image. */
export interface VideoGenerator {
  renderClip(request: ClipRequest): Promise<RenderedClip>;
}

/** Compositions: single, batch and grid. */
export interface Compositor {
  single(image: Buffer, options?: CanvasOptions): Promise<RenderedImage>;
  batch(images: Buffer[], options?: CanvasOptions): Promise<RenderedImage[]>;
  grid(images: Buffer[], options?: GridOptions): Promise<RenderedImage>;
}

/** Every operation a provider can serve, by the name used in configuration. */
export interface GenerationOperations {
  shotImage: ImageGenerator;
  assetImage: AssetImageGenerator;
  characterRotation: AssetImageGenerator;
  enhance: ImageEnhancer;
  backgroundRemoval: BackgroundRemover;
  assessment: ImageAssessor;
  composition: Compositor;
  video: VideoGenerator;
  /** A dialogue line spoken in a character's voice (the scratch track). */
  speech: SpeechGenerator;
}

export type GenerationOperation = keyof GenerationOperations;

/** Every operation, in the configuration's order (config/generation.env.ts names them for GENERATION_PROVIDER_*). */
export const GENERATION_OPERATIONS = OPERATION_NAMES satisfies readonly GenerationOperation[];

export { DEFAULT_PROVIDER, operationVariable, type ProviderSelection };

export type Provider = Partial<GenerationOperations>;

/** Picks, per operation, the implementation of the provider the configuration names. */
export class ProviderRegistry {
  private readonly providers = new Map<string, Provider>();

  constructor(private readonly selection: ProviderSelection = {}) {}

  /** Adds (or replaces) a provider by name, with the operations it implements. */
  register(name: string, provider: Provider): this {
    this.providers.set(name, provider);
    return this;
  }

  names(): string[] {
    return [...this.providers.keys()].sort();
  }

  /** The provider configured for an operation. */
  providerFor(operation: GenerationOperation): string {
    return this.selection[operation] ?? DEFAULT_PROVIDER;
  }

  /**
   * The implementation for an operation: from the provider a request names, else the configured
   * one. An unknown name is the caller's VALIDATION_ERROR; a known provider without the operation
   * is NOT_AVAILABLE_ERROR.
   */
  get<Op extends GenerationOperation>(operation: Op, requested?: string): GenerationOperations[Op] {
    const name = requested ?? this.providerFor(operation);
    const provider = this.providers.get(name);
    if (!provider) {
      throw new ReelbenchError({
        code: 'VALIDATION_ERROR',
        message: GENERATION_MESSAGES.unknownProvider(name),
      });
    }
    const implementation = provider[operation];
    if (!implementation) throw notAvailable(GENERATION_MESSAGES.providerLacksOperation(name, operation));
    return implementation;
  }

  /** Configuration mistakes to report at start-up: a selected provider that is missing or lacks the operation. */
  problems(): ConfigProblem[] {
    return GENERATION_OPERATIONS.flatMap((operation) => {
      const name = this.providerFor(operation);
      const provider = this.providers.get(name);
      if (!provider)
        return [
          { variable: operationVariable(operation), message: GENERATION_MESSAGES.unknownProvider(name) },
        ];
      if (!provider[operation]) {
        return [
          {
            variable: operationVariable(operation),
            message: GENERATION_MESSAGES.providerLacksOperation(name, operation),
          },
        ];
      }
      return [];
    });
  }
}
