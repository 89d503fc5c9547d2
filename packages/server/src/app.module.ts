import { type DynamicModule, Module } from '@nestjs/common';
import { AssetsModule } from './assets/asset.module.js';
import { AudioModule } from './audio/audio.module.js';
import { DialogueModule } from './audio/dialogue.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CastModule } from './cast/cast.module.js';
import { Throttles } from './common/throttles.js';
import { AppConfig } from './config/config.js';
import { CutsModule } from './cuts/cut.module.js';
import type { DatabaseTarget } from './database/data-source.js';
import { databaseModule } from './database/database.module.js';
import { ENTITIES } from './entities.js';
import { FilesModule } from './files/file.module.js';
import { GenerationModule } from './generation/generation.module.js';
import { JobsModule } from './jobs/job.module.js';
import { MediaModule } from './media/media.module.js';
import { ProjectSaveModule } from './project-save/project-save.module.js';
import { ProjectsModule } from './projects/project.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RepositoryModule } from './repository/repository.module.js';
import { ReviewModule } from './review/review.module.js';
import { ScriptModule } from './script/script.module.js';
import { SeriesModule } from './series/series.module.js';
import { ShotsModule } from './shots/shot.module.js';
import { StylesModule } from './styles/style.module.js';
import { Lifecycle } from './system/lifecycle.js';
import { SystemModule } from './system/system.module.js';

@Module({})
class ConfigModule {}

@Module({})
export class AppModule {}

/** The whole server for one config and database; the config is injectable everywhere as AppConfig. */
export function appModule(config: AppConfig, database: DatabaseTarget): DynamicModule {
  return {
    module: AppModule,
    imports: [
      {
        module: ConfigModule,
        global: true,
        providers: [{ provide: AppConfig, useValue: config }, Lifecycle, Throttles],
        exports: [AppConfig, Lifecycle, Throttles],
      },
      databaseModule(database, ENTITIES),
      RealtimeModule,
      MediaModule,
      GenerationModule,
      AuthModule,
      SeriesModule,
      ProjectsModule,
      ShotsModule,
      ScriptModule,
      ProjectSaveModule,
      AssetsModule,
      FilesModule,
      ReviewModule,
      StylesModule,
      CastModule,
      RepositoryModule,
      JobsModule,
      CutsModule,
      AudioModule,
      DialogueModule,
      SystemModule,
    ],
  };
}
