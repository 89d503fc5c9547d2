import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { OwnedEntity } from '../database/record-entity.js';

@Entity('projects')
export class ProjectEntity extends OwnedEntity {
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId: string | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  thumbnail: string | null;

  @Column({ name: 'audio_url', type: 'text', nullable: true })
  audioUrl: string | null;

  @Column({ name: 'audio_s3_key', type: 'text', nullable: true })
  audioS3Key: string | null;

  /** The ProjectSettings of the contract: scenes, shotOrder, audioUrl. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: Record<string, unknown>;

  /** Shown on the public repository page (/repository/{id}). */
  @Column({ name: 'repository_published', type: 'boolean', default: false })
  repositoryPublished: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
