import { MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';
import { MEDIA_MESSAGES } from '../media/media.errors.js';

export { imageFailure, invalidInput } from '../media/media.errors.js';

/** Messages of the generation layer (SPEC.md leaves them to us), the media toolkit's among them. */
export const GENERATION_MESSAGES = {
  ...MEDIA_MESSAGES,
  unsupportedImageKey: (key: string, type: string) => `Image key '${key}' is not supported by this ${type}`,
  unknownProvider: (name: string) => `Unknown generation provider '${name}'`,
  providerLacksOperation: (name: string, operation: string) =>
    `Generation provider '${name}' does not support ${operation}`,
  speechFailed: 'Speech generation failed',
  speechEmpty: 'There is nothing to say: the line has no words',
  speechTooLong: (max: number) => `A line to speak is at most ${max} characters`,
} as const;

/** A failure inside a render whose inputs are already checked: our fault, reported without details. */
export function renderFailure(error: unknown): ReelbenchError {
  if (error instanceof ReelbenchError) return error;
  return new ReelbenchError({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed, cause: error });
}

export const GENERATION_CANCELLED = 'Generation cancelled';

/**
 * A render stopped because its job was cancelled (the AbortSignal fired). Not a failure: the job
 * layer reports the job as cancelled and sends nothing more for it.
 */
export class GenerationCancelledError extends Error {
  constructor() {
    super(GENERATION_CANCELLED);
    this.name = 'GenerationCancelledError';
  }
}

/** Throws GenerationCancelledError when the signal has fired; call between steps of long work. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GenerationCancelledError();
}
