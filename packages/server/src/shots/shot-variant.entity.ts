import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A coverage variant of a shot: the same moment at another framing. */
@Entity('shot_variants')
export class ShotVariantEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'shot_id', type: 'uuid' })
  shotId: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ name: 'framing_type', type: 'varchar', length: 40 })
  framingType: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  prompt: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  /** The stored image: the URL above is signed from it on every answer (a stored URL expires). */
  @Column({ name: 's3_image_key', type: 'text', nullable: true })
  s3ImageKey: string | null;

  @Column({ name: 'video_url', type: 'text', nullable: true })
  videoUrl: string | null;

  @Column({ name: 'generation_status', type: 'varchar', length: 20, default: 'pending' })
  generationStatus: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
