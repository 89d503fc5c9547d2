import { Column, Entity } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

/** A reviewer's time-coded comment on a project, left through a review link. */
@Entity('review_comments')
export class ReviewCommentEntity extends ProjectPartEntity {
  /** The link it came through; null once that link is gone. */
  @Column({ name: 'link_id', type: 'uuid', nullable: true })
  linkId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 100 })
  authorName: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'time_ms', type: 'integer' })
  timeMs: number;

  @Column({ name: 'shot_id', type: 'uuid', nullable: true })
  shotId: string | null;

  @Column({ name: 'shot_offset_ms', type: 'integer', default: 0 })
  shotOffsetMs: number;
}
