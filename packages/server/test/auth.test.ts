import { randomUUID } from 'node:crypto';
import {
  type AuthResponse,
  authResponseSchema,
  type ErrorBody,
  errorBodySchema,
  SERVER_MESSAGES,
  type User,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, newUser, request, waitForEvent } from './support/factories.js';
import { useTestServer } from './support/harness.js';

describe.each(testDatabases())('auth on %s', (database) => {
  const { server } = useTestServer({ database });

  const register = (body: unknown) =>
    api<AuthResponse & ErrorBody>(server, 'POST', '/api/auth/register', { body });
  const login = (body: unknown, headers?: Record<string, string>) =>
    api<AuthResponse & ErrorBody>(server, 'POST', '/api/auth/login', {
      body,
      ...(headers ? { headers } : {}),
    });

  it('registers, then answers {success, token, user} and /me with that user', async () => {
    const response = await register({
      email: 'Ada@Example.com',
      username: 'ada',
      password: 'analytical engine',
    });
    expect(response.status).toBe(201);
    const body = authResponseSchema.parse(response.body);
    expect(body).toMatchObject({ success: true, user: { email: 'Ada@Example.com', username: 'ada' } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await api<{ user: User }>(server, 'GET', '/api/auth/me', { token: body.token ?? '' });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(body.user);
  });

  it('stores only a hash of the password and of the token', async () => {
    const { token, user } = await newUser(server, { password: 'a secret phrase' });
    const [row] = await server.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    const tokens = await server.query<{ token_hash: string }>(
      'SELECT token_hash FROM auth_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]?.token_hash).not.toContain(token);
  });

  it('refuses a second registration of an email in any letter case', async () => {
    const { email } = await newUser(server);
    const response = await register({
      email: email.toUpperCase(),
      username: 'someone_else',
      password: 'long enough',
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body)).toEqual({
      success: false,
      error: 'Registration failed',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      details: [{ path: 'email', message: 'Email is already registered' }],
    });
  });

  it('answers bad registration input with Registration failed and the reason in details', async () => {
    const cases = [
      {},
      { email: 'not-an-email', username: 'bob', password: 'long enough' },
      { email: 'b@example.com', username: 'b', password: 'long enough' },
      { email: 'b@example.com', username: 'bob', password: 'short' },
      { email: 'b@example.com', username: 'bob', password: 'x'.repeat(10_000_000) },
      { email: 42, username: ['bob'], password: null },
    ];
    for (const body of cases) {
      const response = await register(body);
      expect(response.status).toBe(400);
      const error = errorBodySchema.parse(response.body);
      expect(error.error).toBe('Registration failed');
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details?.length).toBeGreaterThan(0);
    }
    const [count] = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'b@example.com'",
    );
    expect(count?.n).toBe(0);
  });

  it('logs in with any letter case of the email and gets a new working token', async () => {
    const { email, password, user } = await newUser(server);
    const response = await login({ email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, user });
    const me = await api(server, 'GET', '/api/auth/me', { token: response.body.token ?? '' });
    expect(me.status).toBe(200);
  });

  it('answers a wrong password exactly like an unknown email: 401 Login failed', async () => {
    const { email } = await newUser(server);
    const wrongPassword = await login({ email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody-here@example.com', password: 'not the password' });
    const expected = { success: false, error: 'Login failed', code: 'AUTH_ERROR', statusCode: 401 };
    expect(wrongPassword).toMatchObject({ status: 401, body: expected });
    expect(unknownEmail).toMatchObject({ status: 401, body: expected });
    expect(Object.keys(wrongPassword.body).sort()).toEqual(Object.keys(unknownEmail.body).sort());
  });

  it('answers login input that is not a login with 400 Login failed', async () => {
    const response = await login({ email: 'a@example.com' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'Login failed', code: 'VALIDATION_ERROR' });
  });

  it('needs a valid bearer token for /me', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of attempts) {
      const response = await api(server, 'GET', '/api/auth/me', { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        success: false,
        error: 'Authentication required',
        code: 'AUTH_ERROR',
        statusCode: 401,
      });
    }
  });

  it('revokes the token on logout; other tokens of the user keep working', async () => {
    const { token, email, password } = await newUser(server);
    const other = await login({ email, password });
    const logout = await api(server, 'POST', '/api/auth/logout', { token });
    expect(logout).toMatchObject({ status: 200, body: { success: true } });
    expect((await api(server, 'GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api(server, 'POST', '/api/auth/logout', { token })).status).toBe(401);
    expect((await api(server, 'GET', '/api/auth/me', { token: other.body.token ?? '' })).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { token, user } = await newUser(server);
    await server.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      user.id,
    ]);
    const response = await api(server, 'GET', '/api/auth/me', { token });
    expect(response).toMatchObject({ status: 401, body: { code: 'AUTH_ERROR' } });
  });

  it('gives a token that lives TOKEN_TTL_DAYS (30 by default)', async () => {
    const { user } = await newUser(server);
    const [row] = await server.query<{ days: number }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM auth_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(Number(row?.days)).toBeCloseTo(30, 2);
  });

  it('limits failed logins per email: the 6th attempt in 15 minutes is 429 with Retry-After', async () => {
    const { email, password } = await newUser(server);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login({ email, password: `wrong ${attempt}` })).status).toBe(401);
    }
    const limited = await login({ email, password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      error: SERVER_MESSAGES.tooManyLoginAttempts,
      code: 'RATE_LIMIT_ERROR',
      statusCode: 429,
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other emails are not affected by this email's failures.
    const other = await newUser(server);
    expect((await login({ email: other.email, password: other.password })).status).toBe(200);
  });

  it('gives an unauthenticated socket AUTH_ERROR on every action', async () => {
    const socket = await connectSocket(server);
    try {
      const answer = await request<ErrorBody>(socket, 'project:getAll', {});
      expect(answer.event).toBe('project:error');
      expect(answer.body).toMatchObject({
        code: 'AUTH_ERROR',
        error: 'Authentication required',
        statusCode: 401,
      });
    } finally {
      socket.close();
    }
  });

  it('authenticates a socket from an Authorization: Bearer header too', async () => {
    const { token } = await newUser(server);
    const socket = await connectSocket(server, undefined, {
      extraHeaders: { authorization: `Bearer ${token}` },
    });
    try {
      expect((await request(socket, 'project:getAll', {})).event).toBe('project:response');
    } finally {
      socket.close();
    }
  });

  it('lets a socket with a bad token connect, but answers its actions with AUTH_ERROR', async () => {
    const socket = await connectSocket(server, 'not-a-real-token');
    try {
      const answer = await request(socket, 'project:create', { name: 'x' });
      expect(answer).toMatchObject({ event: 'project:error', body: { code: 'AUTH_ERROR' } });
    } finally {
      socket.close();
    }
  });

  it('authenticates a socket from the handshake auth.token and disconnects it on logout', async () => {
    const { token } = await newUser(server);
    const socket = await connectSocket(server, token);
    try {
      const answer = await request(socket, 'project:getAll', {});
      expect(answer).toMatchObject({ event: 'project:response', body: { success: true, data: [] } });
      const disconnected = waitForEvent(socket, 'disconnect');
      await api(server, 'POST', '/api/auth/logout', { token });
      await expect(disconnected).resolves.toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });
});

describe.each(testDatabases())('registration limits on %s', (database) => {
  const { server } = useTestServer({ database, env: { REGISTRATIONS_PER_HOUR: '12' } });
  const register = (body: unknown) =>
    api<AuthResponse & ErrorBody>(server, 'POST', '/api/auth/register', { body });
  const fresh = (password: string, name = randomUUID().slice(0, 8)) => ({
    email: `${name}@example.com`,
    username: `user_${name}`,
    password,
  });

  it('refuses a common or guessable password with Registration failed and why, storing nothing', async () => {
    const name = randomUUID().slice(0, 8);
    for (const [password, why] of [
      ['password', 'one of the ten most used passwords'],
      ['12345678', 'one of the ten most used passwords'],
      [' '.repeat(8), 'repeats one character'],
      ['qwertyuiop', 'used passwords'],
      [`${name}${name}`, 'your email address or username'],
    ] as const) {
      const response = await register(fresh(password, name));
      expect(response.status, password).toBe(400);
      const error = errorBodySchema.parse(response.body);
      expect(error).toMatchObject({ error: 'Registration failed', code: 'VALIDATION_ERROR' });
      expect(error.details).toEqual([{ path: 'password', message: expect.stringContaining(why) }]);
      expect(error.details?.[0]?.message).toMatch(/^Too easy to guess: .+\. Use a longer phrase/);
    }
    const [count] = await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE email = $1',
      [`${name}@example.com`],
    );
    expect(count?.n).toBe(0);
  });

  it('answers a taken email after hashing the password, like a new one, and counts both toward the limit', async () => {
    const taken = await newUser(server);
    const again = await register({ ...fresh('a long enough passphrase'), email: taken.email });
    expect(again.status).toBe(400);
    expect(errorBodySchema.parse(again.body).details).toEqual([
      { path: 'email', message: SERVER_MESSAGES.emailTaken },
    ]);
    // The address has used its twelve registrations this hour (this suite's, refused ones included).
    let last = await register(fresh('a long enough passphrase'));
    while (last.status !== 429) last = await register(fresh('a long enough passphrase'));
    expect(errorBodySchema.parse(last.body)).toMatchObject({
      code: 'RATE_LIMIT_ERROR',
      error: SERVER_MESSAGES.tooManyRegistrations,
    });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const [count] = await server.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(count?.n).toBeLessThanOrEqual(12);
  });
});
