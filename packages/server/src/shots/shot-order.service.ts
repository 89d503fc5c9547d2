import { Injectable } from '@nestjs/common';
import { type Scene, SERVER_EVENTS, type ShotOrderReply, type User } from '@reelbench/sdk/contract';
import { parseId } from '../common/validation.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { ShotsRepository } from './shot.repository.js';
import { checkShotOrder, settingsOf } from './shot-order.js';

/** The timeline order: project settings (shotOrder, scenes) and shots.position, changed together. */
@Injectable()
export class ShotOrderService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shots: ShotsRepository,
    private readonly events: EventsService,
  ) {}

  /** Without scenes, the project's scenes stay as they are. */
  async reorder(user: User, projectId: string, order: string[], scenes?: Scene[]): Promise<ShotOrderReply> {
    const id = parseId(projectId, 'Project');
    const project = await this.shots.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, id);
      checkShotOrder(order, await this.shots.idsOf(manager, locked.id), scenes);
      const settings = { ...settingsOf(locked), shotOrder: order, ...(scenes ? { scenes } : {}) };
      await this.shots.applyOrder(manager, locked.id, order);
      return this.projects.saveSettings(manager, locked, settings);
    });
    const updated = toProject(project);
    this.events.toProjectAndOwner(project, SERVER_EVENTS.projectUpdated, {
      projectId: project.id,
      project: updated,
    });
    const { shotOrder, scenes: savedScenes } = settingsOf(project);
    return { projectId: project.id, shotOrder, scenes: savedScenes };
  }
}
