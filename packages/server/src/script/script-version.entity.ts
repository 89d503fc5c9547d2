import { Column, Entity, Index } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

/**
 * A saved script a first pass ran on (issue 30): its text as it was, who ran the pass (their account
 * as it read then) and when, its page count and whether the pass revised or replaced the shots. A later
 * pass on the same text adds no row; it moves last_pass_at and counts in passes.
 */
@Entity('script_versions')
@Index('script_versions_project_number_key', ['projectId', 'number'], { unique: true })
export class ScriptVersionEntity extends ProjectPartEntity {
  /** 1, 2, 3… per project. */
  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 20 })
  format: string;

  @Column({ name: 'page_count', type: 'integer' })
  pageCount: number;

  /** The FirstPassUpdate of the pass that kept it: 'revise' or 'replace'. */
  @Column({ type: 'varchar', length: 20 })
  mode: string;

  /** Null once the account is deleted; the name and email stay as they were. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ name: 'author_email', type: 'varchar', length: 320 })
  authorEmail: string;

  @Column({ name: 'last_pass_at', type: 'timestamptz' })
  lastPassAt: Date;

  @Column({ type: 'integer', default: 1 })
  passes: number;
}
