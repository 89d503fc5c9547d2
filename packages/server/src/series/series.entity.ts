import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { OwnedEntity } from '../database/record-entity.js';

@Entity('series')
export class SeriesEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
