import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProjectSaveResult } from '@reelbench/sdk/contract';
import type { DataSource, EntityManager } from 'typeorm';
import { ProjectSaveEntity } from './project-save.entity.js';

/** The project_saves ledger: one row per saveId, holding the result the save answered. */
@Injectable()
export class ProjectSavesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the saveId for this transaction. False when a save with that id already committed (a
   * concurrent one with the same id waits here until it commits or rolls back).
   */
  async claim(manager: EntityManager, saveId: string, projectId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO project_saves (save_id, project_id, result) VALUES ($1, $2, '{}')
       ON CONFLICT (save_id) DO NOTHING RETURNING save_id`,
      [saveId, projectId],
    );
    return rows.length > 0;
  }

  async record(manager: EntityManager, result: ProjectSaveResult): Promise<void> {
    await manager.query('UPDATE project_saves SET result = $2 WHERE save_id = $1', [result.saveId, result]);
  }

  find(saveId: string): Promise<ProjectSaveEntity | null> {
    return this.db.getRepository(ProjectSaveEntity).findOneBy({ saveId });
  }
}
