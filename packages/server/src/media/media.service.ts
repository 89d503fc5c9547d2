import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { configuredFfmpeg, type FfmpegLocation } from './ffmpeg-path.js';
import {
  type FfmpegCapabilities,
  type FfmpegOptions,
  type FfmpegRun,
  ffmpegCapabilities,
  type MediaProbe,
  probeMedia,
  runFfmpeg,
} from './ffmpeg-process.js';
import { type ProcessLauncher, processLauncher } from './process-launcher.js';

/**
 * The ffmpeg-facing part of the media toolkit for the domains that run it (soundtrack, dialogue,
 * rough cut): the configured ffmpeg (FFMPEG_PATH, then PATH, then the installer's binary), running
 * and probing it, and the process launcher every program starts from. The MP4 and H.264 helpers
 * of media/ are plain functions.
 */
@Injectable()
export class MediaService {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** The ffmpeg to run: found once per process, NOT_AVAILABLE_ERROR when there is none. */
  ffmpeg(): FfmpegLocation {
    return configuredFfmpeg(this.config.generation);
  }

  /** The launcher every program starts from, with its bounds (PROCESS_* limits). */
  get launcher(): ProcessLauncher {
    return processLauncher;
  }

  run(args: string[], timeoutMs: number, options?: FfmpegOptions): Promise<FfmpegRun> {
    return runFfmpeg(this.ffmpeg().path, args, timeoutMs, options);
  }

  probe(file: string): Promise<MediaProbe> {
    return probeMedia(this.ffmpeg().path, file);
  }

  capabilities(): Promise<FfmpegCapabilities> {
    return ffmpegCapabilities(this.ffmpeg().path);
  }
}
