import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/asset.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { RepositoryController } from './repository.controller.js';
import { RepositoryGateway } from './repository.gateway.js';
import { RepositoryService } from './repository.service.js';

/** The public repository page (/repository/{id}) and what owners publish on it. */
@Module({
  imports: [ProjectsModule, AssetsModule, StorageModule],
  controllers: [RepositoryController],
  providers: [RepositoryService, RepositoryGateway],
})
export class RepositoryModule {}
