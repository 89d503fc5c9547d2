import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../database/record-entity.js';

/** A stored upload. project_id becomes NULL when its project is deleted, so the blob can still be found and removed. */
@Entity('files')
export class FileEntity extends OwnedEntity {
  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  projectId: string | null;

  @Column({ type: 'text' })
  key: string;

  @Column({ name: 'original_name', type: 'text' })
  originalName: string;

  @Column({ type: 'varchar', length: 255 })
  mimetype: string;

  /** bigint: pg returns int8 as a string, so it is converted back to a number here. */
  @Column({
    type: 'bigint',
    transformer: { to: (value: number) => value, from: (value: string | null) => Number(value) },
  })
  size: number;

  /** image | audio | json | video */
  @Column({ type: 'varchar', length: 20 })
  kind: string;
}
