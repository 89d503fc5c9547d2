import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ReviewController } from './review.controller.js';
import { ReviewGateway } from './review.gateway.js';
import { ReviewRepository } from './review.repository.js';
import { ReviewService } from './review.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule, StorageModule],
  controllers: [ReviewController],
  providers: [ReviewRepository, ReviewService, ReviewGateway],
})
export class ReviewModule {}
