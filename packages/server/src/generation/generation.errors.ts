import { MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';

/** Messages of the generation layer (SPEC.md leaves them to us). */
export const GENERATION_MESSAGES = {
  unreadableImage: (what: string) => `${what} is not a readable image`,
  unsupportedImageKey: (key: string, type: string) => `Image key '${key}' is not supported by this ${type}`,
  unknownProvider: (name: string) => `Unknown generation provider '${name}'`,
  providerLacksOperation: (name: string, operation: string) =>
    `Generation provider '${name}' does not support ${operation}`,
  ffmpegMissing: 'ffmpeg is not available: set FFMPEG_PATH or install ffmpeg',
  ffmpegPathInvalid: (path: string) => `FFMPEG_PATH is not an executable file: ${path}`,
  ffmpegNoH264: 'ffmpeg has no H.264 encoder (libx264)',
  videoFailed: 'Video rendering failed',
  videoTimedOut: 'Video rendering timed out',
  unreadableMedia: (path: string) => `${path} is not a readable media file`,
  speechFailed: 'Speech generation failed',
  speechEmpty: 'There is nothing to say: the line has no words',
  speechTooLong: (max: number) => `A line to speak is at most ${max} characters`,
} as const;

export function invalidInput(message: string): ReelbenchError {
  return new ReelbenchError({ code: 'VALIDATION_ERROR', message });
}

/** libvips rejects bytes it cannot decode with messages like these; anything else is our fault. */
const DECODE_FAILURE =
  /input buffer|input file|unsupported image format|corrupt|premature end|read error|load_buffer|pixel limit|bad seek|truncated|treated as error due to failOn/i;

/**
 * Maps a failure while reading `what` to a catalogue error: undecodable bytes are the caller's
 * VALIDATION_ERROR, anything else is 'Image generation failed'.
 */
export function imageFailure(error: unknown, what: string): ReelbenchError {
  if (error instanceof ReelbenchError) return error;
  if (error instanceof Error && DECODE_FAILURE.test(error.message)) {
    return new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: GENERATION_MESSAGES.unreadableImage(what),
      context: { reason: error.message },
      cause: error,
    });
  }
  return new ReelbenchError({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed, cause: error });
}

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
