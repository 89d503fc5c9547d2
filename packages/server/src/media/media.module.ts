import { Global, Module } from '@nestjs/common';
import { MediaService } from './media.service.js';

/** The media toolkit's one service. Global: audio, dialogue and cuts all run ffmpeg. */
@Global()
@Module({
  providers: [MediaService],
  exports: [MediaService],
})
export class MediaModule {}
