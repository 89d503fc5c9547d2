import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per applied project save: a repeated saveId answers the stored result instead of saving twice. */
@Entity('project_saves')
export class ProjectSaveEntity {
  @PrimaryColumn({ name: 'save_id', type: 'uuid' })
  saveId: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'jsonb' })
  result: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
