import { Column, Entity } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

/**
 * A shot a script revision removed, kept for a week with its media and coverage (the whole row as it
 * was, and its coverage variants' rows), so it can be restored; expired rows are cleared by the next
 * revision of the project.
 */
@Entity('shot_trash')
export class ShotTrashEntity extends ProjectPartEntity {
  @Column({ name: 'shot_id', type: 'uuid' })
  shotId: string;

  @Column({ type: 'jsonb' })
  shot: Record<string, unknown>;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  variants: Record<string, unknown>[];

  @Column({ type: 'varchar', length: 40 })
  reason: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
