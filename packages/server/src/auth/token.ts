import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** 32 random bytes, base64url: the bearer token the client keeps. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps instead of the token: its sha256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
