import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A project's soundtrack (at most one): the uploaded audio file, its decoded duration, its waveform
 * peaks and its offset against the picture. SoundtracksRepository reads and writes it in SQL.
 */
@Entity('soundtracks')
export class SoundtrackEntity {
  @PrimaryColumn({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  mimetype: string;

  @Column({ type: 'bigint' })
  size: string;

  @Column({ name: 'duration_seconds', type: 'double precision' })
  durationSeconds: number;

  @Column({ name: 'offset_seconds', type: 'double precision', default: 0 })
  offsetSeconds: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  peaks: number[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
