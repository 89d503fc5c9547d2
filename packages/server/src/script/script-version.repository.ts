import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ScriptVersionEntity } from './script-version.entity.js';

/** Every column but the text: what a list shows. */
const SUMMARY_COLUMNS = [
  'id',
  'projectId',
  'number',
  'format',
  'pageCount',
  'mode',
  'authorId',
  'authorName',
  'authorEmail',
  'lastPassAt',
  'passes',
  'createdAt',
] as const satisfies readonly (keyof ScriptVersionEntity)[];

/** A version without its text, and how many lines the text has. */
export type ScriptVersionRow = Pick<ScriptVersionEntity, (typeof SUMMARY_COLUMNS)[number]> & {
  lines: number;
};

export type NewScriptVersion = Pick<
  ScriptVersionEntity,
  'projectId' | 'content' | 'format' | 'pageCount' | 'mode' | 'authorId' | 'authorName' | 'authorEmail'
>;

@Injectable()
export class ScriptVersionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The project's versions, newest first, without their text. */
  async list(projectId: string, limit: number): Promise<ScriptVersionRow[]> {
    const rows = await this.db
      .getRepository(ScriptVersionEntity)
      .createQueryBuilder('v')
      .select(SUMMARY_COLUMNS.map((column) => `v.${column}`))
      .addSelect("array_length(string_to_array(v.content, E'\\n'), 1)", 'lines')
      .where('v.project_id = :projectId', { projectId })
      .orderBy('v.number', 'DESC')
      .limit(limit)
      .getRawAndEntities();
    return rows.entities.map((entity, i) => ({
      ...entity,
      lines: Number(rows.raw[i]?.lines ?? 0) || 0,
    }));
  }

  findIn(projectId: string, id: string): Promise<ScriptVersionEntity | null> {
    return this.db.getRepository(ScriptVersionEntity).findOneBy({ id, projectId });
  }

  /** The project's newest version, text included, read inside the caller's transaction. */
  latest(manager: EntityManager, projectId: string): Promise<ScriptVersionEntity | null> {
    return manager
      .getRepository(ScriptVersionEntity)
      .findOne({ where: { projectId }, order: { number: 'DESC' } });
  }

  /** A new version numbered after `previous` (the caller holds the project's row lock). */
  async insert(
    manager: EntityManager,
    values: NewScriptVersion,
    previous: ScriptVersionEntity | null,
  ): Promise<ScriptVersionEntity> {
    const number = (previous?.number ?? 0) + 1;
    const [row]: { id: string; created_at: Date; last_pass_at: Date }[] = await manager.query(
      `INSERT INTO script_versions
         (project_id, number, content, format, page_count, mode, author_id, author_name, author_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, created_at, last_pass_at`,
      [
        values.projectId,
        number,
        values.content,
        values.format,
        values.pageCount,
        values.mode,
        values.authorId,
        values.authorName,
        values.authorEmail,
      ],
    );
    if (row === undefined) throw new Error('script_versions insert returned no row');
    return Object.assign(new ScriptVersionEntity(), values, {
      id: row.id,
      number,
      passes: 1,
      createdAt: new Date(row.created_at),
      lastPassAt: new Date(row.last_pass_at),
    });
  }

  /** Another pass ran on this version's text. */
  async passedAgain(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      'UPDATE script_versions SET last_pass_at = now(), passes = passes + 1 WHERE id = $1',
      [id],
    );
  }
}
