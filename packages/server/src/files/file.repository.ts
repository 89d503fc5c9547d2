import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In, type Repository } from 'typeorm';
import { ShotEntity } from '../shots/shot.entity.js';
import { FileEntity } from './file.entity.js';

export type FileValues = Pick<
  FileEntity,
  'ownerId' | 'projectId' | 'key' | 'originalName' | 'mimetype' | 'size' | 'kind'
>;

@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get files(): Repository<FileEntity> {
    return this.db.getRepository(FileEntity);
  }

  insert(values: FileValues): Promise<FileEntity> {
    return this.files.save(this.files.create(values));
  }

  /** The project's files, newest first. */
  listByProject(projectId: string): Promise<FileEntity[]> {
    return this.files.find({ where: { projectId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** Forgets the project's record of an uploaded file (its object is deleted by the caller). */
  async deleteInProject(projectId: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM files WHERE project_id = $1 AND key = $2', [projectId, key]);
  }

  async deleteByKeys(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const result = await this.files.delete({ key: In(keys) });
    return result.affected ?? 0;
  }

  /** The project a shot belongs to, or null for an unknown shot. */
  async shotProjectId(shotId: string): Promise<string | null> {
    const shot = await this.db
      .getRepository(ShotEntity)
      .findOne({ select: { projectId: true }, where: { id: shotId } });
    return shot?.projectId ?? null;
  }
}
