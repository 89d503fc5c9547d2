import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuthTokenEntity } from './auth-token.entity.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findUserByEmail(email: string): Promise<UserEntity | null> {
    return this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  findUser(id: string): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).findOneBy({ id });
  }

  insertUser(user: Pick<UserEntity, 'email' | 'username' | 'passwordHash'>): Promise<UserEntity> {
    const users = this.db.getRepository(UserEntity);
    return users.save(users.create(user));
  }

  async insertToken(token: Pick<AuthTokenEntity, 'userId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await this.db.getRepository(AuthTokenEntity).insert(token);
  }

  /** The token row if it is neither revoked nor expired (by the database clock). */
  findActiveToken(tokenHash: string): Promise<AuthTokenEntity | null> {
    return this.db
      .getRepository(AuthTokenEntity)
      .createQueryBuilder('t')
      .where('t.token_hash = :tokenHash', { tokenHash })
      .andWhere('t.revoked_at IS NULL')
      .andWhere('t.expires_at > now()')
      .getOne();
  }

  async touchToken(id: string): Promise<void> {
    await this.db.getRepository(AuthTokenEntity).update({ id }, { lastUsedAt: () => 'now()' });
  }

  async revokeToken(tokenHash: string): Promise<void> {
    await this.db
      .getRepository(AuthTokenEntity)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND revoked_at IS NULL', { tokenHash })
      .execute();
  }
}
