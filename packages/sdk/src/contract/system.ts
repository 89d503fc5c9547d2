import { z } from 'zod';
import type { HttpRouteSpec } from './primitives.js';

/** The server process itself: health, liveness and readiness, and the OpenAPI document. */

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;

/** What a server process does (docs/deploy.md). */
export const serverRoleSchema = z.enum(['all', 'api', 'worker']);

export type ServerRole = z.infer<typeof serverRoleSchema>;

/** Liveness: the process answers (restart it when this fails). */
export const livenessSchema = z.object({ status: z.literal('ok') });

export type Liveness = z.infer<typeof livenessSchema>;

/**
 * Readiness: the process takes work (send it traffic). A stopping process, or one that cannot reach
 * its database, answers 503 SERVER_ERROR instead.
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  role: serverRoleSchema,
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /**
   * How late the process's event loop ran over the last 10 to 20 s, in milliseconds (a request waits
   * at least this long before its turn): percentiles and the longest stall.
   */
  eventLoop: z
    .object({ p50Ms: z.number().min(0), p99Ms: z.number().min(0), maxMs: z.number().min(0) })
    .optional(),
});

export type Readiness = z.infer<typeof readinessSchema>;

// ---------------------------------------------------------------- HTTP routes

/** The system HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const SYSTEM_ROUTES = /* @__PURE__ */ (() =>
  ({
    system: {
      health: { method: 'GET', path: '/api/health', response: healthSchema, auth: false },
      /** 200 while the process runs; for a process supervisor's liveness probe. */
      live: { method: 'GET', path: '/api/health/live', response: livenessSchema, auth: false },
      /** 200 while the process takes work, 503 SERVER_ERROR while it stops or its database is down. */
      ready: { method: 'GET', path: '/api/health/ready', response: readinessSchema, auth: false },
      /** The OpenAPI 3.1 document of these routes. */
      openapi: { method: 'GET', path: '/api/docs', response: z.record(z.string(), z.unknown()), auth: false },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
