import type { ColourGrade } from '@reelbench/sdk/contract';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A project's own style package; the built-in ones are constants of the contract. */
@Entity('style_packages')
export class StylePackageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
