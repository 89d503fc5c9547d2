import { MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';

/** Messages of the media toolkit (SPEC.md leaves them to us); part of MEDIA_MESSAGES too. */
export const MEDIA_MESSAGES = {
  unreadableImage: (what: string) => `${what} is not a readable image`,
  ffmpegMissing: 'ffmpeg is not available: set FFMPEG_PATH or install ffmpeg',
  ffmpegPathInvalid: (path: string) => `FFMPEG_PATH is not an executable file: ${path}`,
  ffmpegNoH264: 'ffmpeg has no H.264 encoder (libx264)',
  videoFailed: 'Video rendering failed',
  videoTimedOut: 'Video rendering timed out',
  unreadableMedia: (path: string) => `${path} is not a readable media file`,
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
      message: MEDIA_MESSAGES.unreadableImage(what),
      context: { reason: error.message },
      cause: error,
    });
  }
  return new ReelbenchError({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed, cause: error });
}
