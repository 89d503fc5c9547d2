import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { OwnedEntity } from '../database/record-entity.js';

@Entity('assets')
export class AssetEntity extends OwnedEntity {
  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  projectId: string | null;

  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId: string | null;

  /** character | location | prop | custom (checked by the database too). */
  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Image key → image entry (url, optimizedUrl, thumbnailUrl, mediumUrl, s3Key, …). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  images: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  config: Record<string, unknown> | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @Column({ name: 'visual_identifier', type: 'text', nullable: true })
  visualIdentifier: string | null;

  @Column({ name: 'is_series_level', type: 'boolean', default: false })
  isSeriesLevel: boolean;

  /** Shown on the public repository page (/repository/{id}). */
  @Column({ name: 'repository_published', type: 'boolean', default: false })
  repositoryPublished: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
