import { Module } from '@nestjs/common';
import { SeriesController } from './series.controller.js';
import { SeriesGateway } from './series.gateway.js';
import { SeriesRepository } from './series.repository.js';
import { SeriesService } from './series.service.js';

@Module({
  controllers: [SeriesController],
  providers: [SeriesRepository, SeriesService, SeriesGateway],
  exports: [SeriesRepository],
})
export class SeriesModule {}
