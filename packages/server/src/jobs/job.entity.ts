import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

@Entity('jobs')
export class JobEntity extends ProjectPartEntity {
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** The action that queued it, e.g. 'shot:generate-batch'. */
  @Column({ type: 'varchar', length: 100 })
  type: string;

  /** queued | running | completed | failed | cancelled */
  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status: string;

  @Column({ type: 'double precision', default: 0 })
  progress: number;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The catalogue code of a failure's error (VALIDATION_ERROR for bad input…); null otherwise. */
  @Column({ name: 'error_code', type: 'varchar', length: 40, nullable: true })
  errorCode: string | null;

  /** The checked request the handler works from. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  payload: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  result: unknown;

  @Column({ name: 'shot_ids', type: 'jsonb', nullable: true })
  shotIds: string[] | null;

  /** The pg-boss job currently carrying this one; a delivery of any other is stale and dropped. */
  @Column({ name: 'queue_job_id', type: 'uuid', nullable: true })
  queueJobId: string | null;

  /** How many times a worker has started it (a restart mid-run starts it again). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Refreshed while a worker runs it; a running job with an old heartbeat lost its worker. */
  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
