import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/asset.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { FilesController } from './file.controller.js';
import { FilesRepository } from './file.repository.js';
import { FilesService } from './file.service.js';

@Module({
  imports: [ProjectsModule, AssetsModule, StorageModule],
  controllers: [FilesController],
  providers: [FilesRepository, FilesService],
  exports: [FilesService],
})
export class FilesModule {}
