import { SOCKET_DEFAULT_TIMEOUT_MS } from './constants.js';

/**
 * Socket event names and each action's timing, without the action table's schemas: what a client
 * needs to send a request and wait for it, so a bundle that sends requests does not carry every
 * payload and reply schema (SOCKET_ACTIONS in socket.ts holds those; a test keeps the two equal).
 */
export const actionEvent = <D extends string, A extends string>(domain: D, action: A) =>
  `${domain}:${action}` as const;
export const responseEvent = <D extends string>(domain: D) => `${domain}:response` as const;
export const errorEvent = <D extends string>(domain: D) => `${domain}:error` as const;

/** How long a request may wait for its answer, and whether identical requests in flight share one. */
export interface ActionTiming {
  timeoutMs: number;
  dedupe?: boolean;
}

/** The actions whose timing differs from the default (SOCKET_DEFAULT_TIMEOUT_MS, no dedupe). */
export const ACTION_TIMING: Readonly<Record<string, ActionTiming>> = {
  'unified-asset:generateImage': { timeoutMs: 300_000 },
  'shot:create': { timeoutMs: 120_000 },
  'shot:update': { timeoutMs: 120_000 },
  'shot:delete': { timeoutMs: 30_000 },
  'shot:getOne': { timeoutMs: 30_000 },
  'shot:getAll': { timeoutMs: 30_000 },
  'shot:generate': { timeoutMs: 60_000 },
  'shot:generate-seedream': { timeoutMs: 90_000 },
  'shot:generate-batch': { timeoutMs: 300_000 },
  'shot:generate-video': { timeoutMs: 120_000, dedupe: true },
  'script:analyzeProject': { timeoutMs: 120_000 },
  'script:directedBreakdown': { timeoutMs: 60_000 },
};

/** The timing of `domain:action`: its own, or the default for any other action. */
export function actionTiming(domain: string, action: string): ActionTiming {
  const event = `${domain}:${action}`;
  return Object.hasOwn(ACTION_TIMING, event)
    ? (ACTION_TIMING[event] as ActionTiming)
    : { timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS };
}
