import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/asset.module.js';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ScriptModule } from '../script/script.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { AudioModule } from './audio.module.js';
import { DialogueController } from './dialogue.controller.js';
import { DialogueGateway } from './dialogue.gateway.js';
import { DialogueService } from './dialogue.service.js';

/** The scratch track (issue 31): spoken dialogue lines, their clips, and shots timed to them. */
@Module({
  imports: [ProjectsModule, StorageModule, JobsModule, ShotsModule, ScriptModule, AssetsModule, AudioModule],
  controllers: [DialogueController],
  providers: [DialogueService, DialogueGateway],
  exports: [DialogueService],
})
export class DialogueModule {}
