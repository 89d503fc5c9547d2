import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One spoken line of the scratch track (issue 31): a dialogue line of the saved script, its speaker,
 * parenthetical, extension and the shot that holds it, with its clip (a generated WAV or a recorded
 * take) and the clip's measured length. `hash` is what a generated clip was spoken from (text, voice
 * and delivery): a new run re-speaks the line only when it changes. DialogueLinesRepository reads it.
 */
@Entity('dialogue_lines')
@Index('dialogue_lines_project_order_idx', ['projectId', 'order'])
export class DialogueLineEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ name: 'scene_number', type: 'integer' })
  sceneNumber: number;

  @Column({ name: 'line_order', type: 'integer' })
  order: number;

  @Column({ type: 'varchar', length: 200 })
  character: string;

  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId: string | null;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  parenthetical: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  extension: string | null;

  @Column({ type: 'varchar', length: 20 })
  delivery: string;

  @Column({ type: 'varchar', length: 20 })
  manner: string;

  @Column({ name: 'shot_id', type: 'uuid', nullable: true })
  shotId: string | null;

  @Column({ name: 'audio_key', type: 'text' })
  audioKey: string;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @Column({ type: 'varchar', length: 64 })
  hash: string;

  @Column({ type: 'varchar', length: 20 })
  source: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  peaks: number[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
