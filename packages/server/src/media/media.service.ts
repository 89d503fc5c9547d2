import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { configuredFfmpeg, type FfmpegLocation } from './ffmpeg-path.js';

/**
 * The media toolkit's service for the domains that run ffmpeg (soundtrack, dialogue, rough cut): the
 * configured ffmpeg (FFMPEG_PATH, then PATH, then the installer's binary). Running and probing it, the
 * process launcher, and the MP4 and H.264 helpers of media/ are plain functions taking that location.
 */
@Injectable()
export class MediaService {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** The ffmpeg to run: found once per process, NOT_AVAILABLE_ERROR when there is none. */
  ffmpeg(): FfmpegLocation {
    return configuredFfmpeg(this.config.generation);
  }
}
