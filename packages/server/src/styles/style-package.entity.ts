import type { ColourGrade } from '@reelbench/sdk/contract';
import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

/** A project's own style package; the built-in ones are constants of the contract. */
@Entity('style_packages')
export class StylePackageEntity extends ProjectPartEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  look: string;

  @Column({ type: 'jsonb' })
  grade: ColourGrade;

  /** Storage keys of the reference images, each under the project's prefix. */
  @Column({ name: 'reference_keys', type: 'jsonb', default: () => "'[]'" })
  referenceKeys: string[];

  @Column({ name: 'based_on', type: 'varchar', length: 100, nullable: true })
  basedOn: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
