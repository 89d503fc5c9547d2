import { z } from 'zod';
import { ME_TIMEOUT_MS } from './constants.js';
import { MESSAGES } from './errors.js';
import { type HttpRouteSpec, idSchema, okSchema, timestampSchema } from './primitives.js';

/** Accounts: users, registration and login. */

export const usernameSchema = z
  .string()
  .min(3)
  .max(40)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Usernames use letters, digits, _ . and -');

export const emailSchema = z.email().max(254);

export const userSchema = z.object({
  id: idSchema,
  email: emailSchema,
  username: usernameSchema,
  createdAt: timestampSchema,
});

export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  user: userSchema.optional(),
  error: z.string().optional(),
});

export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---------------------------------------------------------------- inputs

export const registerSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: z.string().min(8).max(200),
});

export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  /** No length rules here: a login must not reveal the password policy. */
  password: z.string().min(1).max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------- HTTP routes

/** The auth HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const AUTH_ROUTES = /* @__PURE__ */ (() =>
  ({
    auth: {
      register: {
        method: 'POST',
        path: '/api/auth/register',
        body: registerSchema,
        response: authResponseSchema,
        auth: false,
        failureMessage: MESSAGES.registrationFailed,
      },
      login: {
        method: 'POST',
        path: '/api/auth/login',
        body: loginSchema,
        response: authResponseSchema,
        auth: false,
        failureMessage: MESSAGES.loginFailed,
      },
      me: {
        method: 'GET',
        path: '/api/auth/me',
        response: z.object({ user: userSchema }),
        auth: true,
        timeoutMs: ME_TIMEOUT_MS,
        retries: 0,
      },
      logout: { method: 'POST', path: '/api/auth/logout', response: okSchema, auth: true },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
