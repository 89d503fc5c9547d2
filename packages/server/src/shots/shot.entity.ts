import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

@Entity('shots')
@Index('shots_project_position_idx', ['projectId', 'position'])
@Index('shots_style_package_idx', ['projectId', 'stylePackageId'])
export class ShotEntity extends ProjectPartEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'double precision', default: 5 })
  duration: number;

  @Column({ name: 'start_time', type: 'double precision', default: 0 })
  startTime: number;

  @Column({ type: 'text', nullable: true })
  prompt: string | null;

  @Column({ type: 'text', nullable: true })
  action: string | null;

  @Column({ name: 'script_text', type: 'text', nullable: true })
  scriptText: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ name: 'video_url', type: 'text', nullable: true })
  videoUrl: string | null;

  @Column({ name: 's3_image_key', type: 'text', nullable: true })
  s3ImageKey: string | null;

  @Column({ name: 's3_video_key', type: 'text', nullable: true })
  s3VideoKey: string | null;

  @Column({ name: 'style_package_id', type: 'text', nullable: true })
  stylePackageId: string | null;

  @Column({ name: 'composition_settings', type: 'jsonb', nullable: true })
  compositionSettings: Record<string, unknown> | null;

  @Column({ name: 'selected_template', type: 'text', nullable: true })
  selectedTemplate: string | null;

  @Column({ name: 'custom_composition_url', type: 'text', nullable: true })
  customCompositionUrl: string | null;

  /** Asset placements: assetId, position {x, y}, scale, rotation, selectedVariantId, selectedDirection. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  assets: Record<string, unknown>[];

  @Column({ name: 'assessment_notes', type: 'text', nullable: true })
  assessmentNotes: string | null;

  @Column({ name: 'assessed_at', type: 'timestamptz', nullable: true })
  assessedAt: Date | null;

  @Column({ name: 'generation_status', type: 'varchar', length: 20, default: 'pending' })
  generationStatus: string;

  @Column({ name: 'video_generation_status', type: 'varchar', length: 20, default: 'pending' })
  videoGenerationStatus: string;

  @Column({ name: 'sequence_id', type: 'text', nullable: true })
  sequenceId: string | null;

  @Column({ name: 'scene_id', type: 'text', nullable: true })
  sceneId: string | null;

  @Column({ type: 'text', nullable: true })
  framing: string | null;

  @Column({ name: 'camera_move', type: 'text', nullable: true })
  cameraMove: string | null;

  @Column({ name: 'first_pass', type: 'boolean', default: false })
  firstPass: boolean;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @Column({ type: 'integer', default: 0 })
  position: number;

  /** Where a first-pass shot came from in the script (ShotSource); null for hand-made shots. */
  @Column({ type: 'jsonb', nullable: true })
  source: Record<string, unknown> | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
