import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../src/auth/password.js';
import { hashToken, newToken } from '../../src/auth/token.js';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse ', stored)).toBe(false);
    expect(await verifyPassword('Correct horse', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const stored = await hashPassword('pw-1234567');
    const [, , r, p, salt, hash] = stored.split('$');
    expect(await verifyPassword('pw-1234567', ['scrypt', 16384, r, p, salt, hash].join('$'))).toBe(false);
    expect(await verifyPassword('pw-1234567', stored)).toBe(true);
  });

  it('refuses malformed stored hashes', async () => {
    for (const stored of [
      '',
      'bcrypt$x',
      'scrypt$32768$8$1$salt',
      'plain',
      'scrypt$abc$8$1$c2FsdA$aGFzaA',
      'scrypt$3$8$1$c2FsdA$aGFzaA',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their sha256 hex', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
