import { Column, Entity } from 'typeorm';
import { ProjectPartEntity } from '../database/record-entity.js';

@Entity('review_links')
export class ReviewLinkEntity extends ProjectPartEntity {
  /** sha256 hex of the review token; the token itself is shown once, on creation. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** Null: the link works until it is revoked. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** The token's first characters, so the owner can tell links apart; the token itself is not kept. */
  @Column({ name: 'token_hint', type: 'varchar', length: 16, default: '' })
  tokenHint: string;
}
