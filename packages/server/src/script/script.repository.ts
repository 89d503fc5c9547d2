import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ScriptEntity } from './script.entity.js';

@Injectable()
export class ScriptsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(projectId: string): Promise<ScriptEntity | null> {
    return this.db.getRepository(ScriptEntity).findOneBy({ projectId });
  }

  /** Inserts or replaces the project's script; inside a transaction pass its manager. */
  async upsert(
    values: Pick<ScriptEntity, 'projectId' | 'content' | 'format'>,
    manager: EntityManager = this.db.manager,
  ): Promise<ScriptEntity> {
    const [row]: { updated_at: Date }[] = await manager.query(
      `INSERT INTO scripts (project_id, content, format, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (project_id) DO UPDATE SET content = EXCLUDED.content, format = EXCLUDED.format, updated_at = now()
       RETURNING updated_at`,
      [values.projectId, values.content, values.format],
    );
    return Object.assign(new ScriptEntity(), values, { updatedAt: row?.updated_at ?? new Date() });
  }
}
