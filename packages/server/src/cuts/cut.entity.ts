import type { CutEvent, CutSoundtrack } from '@reelbench/sdk/contract';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A saved version of a project's timeline (docs/editorial.md); times are frames at frameRate. */
@Entity('cuts')
@Index('cuts_project_version_key', ['projectId', 'version'], { unique: true })
export class CutEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'integer' })
  version: number;

  @Column({ name: 'frame_rate', type: 'double precision' })
  frameRate: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  events: CutEvent[];

  @Column({ type: 'jsonb', nullable: true })
  soundtrack: CutSoundtrack | null;

  /** When the cut was last exported (a file or a hand-off package); not an edit, so not updated_at. */
  @Column({ name: 'exported_at', type: 'timestamptz', nullable: true })
  exportedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
