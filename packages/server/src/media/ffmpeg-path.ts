import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { notAvailable } from '../common/domain-error.js';
import { MEDIA_MESSAGES } from './media.errors.js';

export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | '@ffmpeg-installer/ffmpeg';

export interface FfmpegLocation {
  path: string;
  source: FfmpegSource;
}

export interface FfmpegSearch {
  /** FFMPEG_PATH from the configuration: used as given, never second-guessed. */
  ffmpegPath?: string | undefined;
  /** The PATH to look for an `ffmpeg` executable on. */
  searchPath?: string | undefined;
  /** Where the installer package's binary is; the default asks @ffmpeg-installer/ffmpeg. */
  installerPath?: () => string | undefined;
}

const require = createRequire(import.meta.url);
const BINARY = process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onSearchPath(searchPath: string | undefined): string | undefined {
  return (searchPath ?? '')
    .split(path.delimiter)
    .filter((directory) => directory !== '')
    .map((directory) => path.join(directory, BINARY))
    .find(isExecutableFile);
}

/** The binary @ffmpeg-installer/ffmpeg ships for this platform (an old static build: no xfade). */
export function installerFfmpegPath(): string | undefined {
  try {
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * Finds ffmpeg the way DESIGN.md orders it: FFMPEG_PATH, then `ffmpeg` on PATH, then the binary of
 * @ffmpeg-installer/ffmpeg. NOT_AVAILABLE_ERROR when none is usable.
 */
export function resolveFfmpeg(search: FfmpegSearch = {}): FfmpegLocation {
  if (search.ffmpegPath) {
    if (!isExecutableFile(search.ffmpegPath)) {
      throw notAvailable(MEDIA_MESSAGES.ffmpegPathInvalid(search.ffmpegPath));
    }
    return { path: search.ffmpegPath, source: 'FFMPEG_PATH' };
  }
  const fromPath = onSearchPath(search.searchPath);
  if (fromPath) return { path: fromPath, source: 'PATH' };
  const bundled = (search.installerPath ?? installerFfmpegPath)();
  if (bundled && isExecutableFile(bundled)) return { path: bundled, source: '@ffmpeg-installer/ffmpeg' };
  throw notAvailable(MEDIA_MESSAGES.ffmpegMissing);
}

const configured = new Map<string, FfmpegLocation>();

/**
 * resolveFfmpeg for the configured FFMPEG_PATH and PATH, found once per process: a search stats every
 * PATH directory, and the services that run ffmpeg (soundtrack, dialogue, rough cut) ask per job.
 * A failure is not kept, so a binary installed later is found on the next ask.
 */
export function configuredFfmpeg(search: Pick<FfmpegSearch, 'ffmpegPath' | 'searchPath'>): FfmpegLocation {
  const key = `${search.ffmpegPath ?? ''}\n${search.searchPath ?? ''}`;
  let found = configured.get(key);
  if (found === undefined) {
    found = resolveFfmpeg({ ffmpegPath: search.ffmpegPath, searchPath: search.searchPath });
    configured.set(key, found);
  }
  return found;
}
