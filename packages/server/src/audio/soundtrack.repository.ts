import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A project's soundtrack as stored (the `soundtracks` table). */
export interface SoundtrackRow {
  projectId: string;
  key: string;
  name: string;
  mimetype: string;
  size: number;
  durationSeconds: number;
  offsetSeconds: number;
  peaks: number[];
  updatedAt: Date;
}

interface Row {
  project_id: string;
  key: string;
  name: string;
  mimetype: string;
  size: string | number;
  duration_seconds: number;
  offset_seconds: number;
  peaks: number[];
  updated_at: Date | string;
}

const COLUMNS = 'project_id, key, name, mimetype, size, duration_seconds, offset_seconds, peaks, updated_at';

function fromRow(row: Row): SoundtrackRow {
  return {
    projectId: row.project_id,
    key: row.key,
    name: row.name,
    mimetype: row.mimetype,
    size: Number(row.size),
    durationSeconds: Number(row.duration_seconds),
    offsetSeconds: Number(row.offset_seconds),
    peaks: Array.isArray(row.peaks) ? row.peaks : [],
    updatedAt: new Date(row.updated_at),
  };
}

@Injectable()
export class SoundtracksRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(projectId: string): Promise<SoundtrackRow | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM soundtracks WHERE project_id = $1`, [
      projectId,
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /**
   * Sets the project's soundtrack (replacing it); `also` runs in the same transaction (the project's
   * audio columns, through the projects domain). The row as stored.
   */
  async put(
    values: Omit<SoundtrackRow, 'updatedAt'>,
    also: (manager: EntityManager) => Promise<void>,
  ): Promise<SoundtrackRow> {
    return this.db.transaction(async (manager) => {
      const rows: Row[] = await manager.query(
        `INSERT INTO soundtracks (project_id, key, name, mimetype, size, duration_seconds, offset_seconds, peaks)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
         ON CONFLICT (project_id) DO UPDATE SET key = EXCLUDED.key, name = EXCLUDED.name,
           mimetype = EXCLUDED.mimetype, size = EXCLUDED.size, duration_seconds = EXCLUDED.duration_seconds,
           offset_seconds = EXCLUDED.offset_seconds, peaks = EXCLUDED.peaks, updated_at = now()
         RETURNING ${COLUMNS}`,
        [
          values.projectId,
          values.key,
          values.name,
          values.mimetype,
          values.size,
          values.durationSeconds,
          values.offsetSeconds,
          JSON.stringify(values.peaks),
        ],
      );
      await also(manager);
      return fromRow(rows[0] as Row);
    });
  }

  async setOffset(projectId: string, offsetSeconds: number): Promise<SoundtrackRow | null> {
    // UPDATE … RETURNING answers [rows, affected] through TypeORM.
    const [rows] = (await this.db.query(
      `UPDATE soundtracks SET offset_seconds = $2, updated_at = now() WHERE project_id = $1 RETURNING ${COLUMNS}`,
      [projectId, offsetSeconds],
    )) as [Row[], number];
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** Removes the soundtrack, and runs `also` in the same transaction; the removed row, if any. */
  async remove(
    projectId: string,
    also: (manager: EntityManager) => Promise<void>,
  ): Promise<SoundtrackRow | null> {
    return this.db.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `DELETE FROM soundtracks WHERE project_id = $1 RETURNING ${COLUMNS}`,
        [projectId],
      )) as [Row[], number];
      await also(manager);
      return rows[0] ? fromRow(rows[0]) : null;
    });
  }

  /** Other projects' rows never match: the key is the project's own. */
  async fileRecord(
    projectId: string,
    key: string,
  ): Promise<{ originalName: string; mimetype: string; size: number; kind: string } | null> {
    const rows: { original_name: string; mimetype: string; size: string | number; kind: string }[] =
      await this.db.query(
        'SELECT original_name, mimetype, size, kind FROM files WHERE project_id = $1 AND key = $2 LIMIT 1',
        [projectId, key],
      );
    const row = rows[0];
    return row
      ? { originalName: row.original_name, mimetype: row.mimetype, size: Number(row.size), kind: row.kind }
      : null;
  }
}
