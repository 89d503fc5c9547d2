import { Module } from '@nestjs/common';
import { CutsModule } from '../cuts/cut.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ReviewController } from './review.controller.js';
import { ReviewGateway } from './review.gateway.js';
import { ReviewRepository } from './review.repository.js';
import { ReviewService } from './review.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule, StorageModule, CutsModule],
  controllers: [ReviewController],
  providers: [ReviewRepository, ReviewService, ReviewGateway],
})
export class ReviewModule {}
