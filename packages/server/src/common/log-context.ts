import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The correlation ids a log line carries: the HTTP request or socket action it serves, the job it runs. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** The ids of the work being done now (empty outside a request or job). */
export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

/** Runs `fn` with these ids added to every log line it (and what it awaits) writes. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...currentLogContext(), ...context }, fn);
}

/** Runs `fn` with exactly these ids (a job does not carry the id of the request that woke the worker). */
export function withOwnLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...context }, fn);
}

/** An incoming X-Request-Id is kept when it is a short plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(value: unknown): string {
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID();
}
