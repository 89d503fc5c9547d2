import { Module } from '@nestjs/common';
import { CutsModule } from '../cuts/cut.module.js';
import { FilesModule } from '../files/file.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { AudioController } from './audio.controller.js';
import { AudioGateway } from './audio.gateway.js';
import { AudioService } from './audio.service.js';
import { SoundtracksRepository } from './soundtrack.repository.js';

/** The project's soundtrack: set from an upload-audio file, decoded for its waveform, put under cuts. */
@Module({
  imports: [ProjectsModule, StorageModule, CutsModule, FilesModule],
  controllers: [AudioController],
  providers: [SoundtracksRepository, AudioService, AudioGateway],
  exports: [AudioService, SoundtracksRepository],
})
export class AudioModule {}
