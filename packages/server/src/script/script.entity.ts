import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('scripts')
export class ScriptEntity {
  @PrimaryColumn({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'varchar', length: 20, default: 'text' })
  format: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
