import { MESSAGES, type ReelbenchError } from '@reelbench/sdk/contract';
import type { z } from 'zod';
import { notFound, validation } from './domain-error.js';

/** A payload with thousands of bad items answers the first few, not a megabyte of details. */
const MAX_DETAILS = 20;

/** Messages the catalogue fixes word for word (SPEC.md §5, §8): never prefixed with a field path. */
const CATALOGUE_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/**
 * VALIDATION_ERROR whose message is the first issue as 'path: message' (e.g. 'name: Too big: …'),
 * or the issue's own message when it is one of the catalogue's.
 */
export function fromZodError(error: z.ZodError): ReelbenchError {
  const details = error.issues.slice(0, MAX_DETAILS).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  const message =
    first === undefined
      ? 'Invalid input'
      : first.path === '' || CATALOGUE_MESSAGES.has(first.message)
        ? first.message
        : `${first.path}: ${first.message}`;
  return validation(message, details);
}

/**
 * Parses a value with a contract schema or throws the VALIDATION_ERROR for it. With `message`, that
 * is the error's message and the issues stay in `details` (e.g. 'Registration failed').
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const error = fromZodError(result.error);
  throw message === undefined ? error : validation(message, error.details);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are checked before any query: a malformed id is an unknown one, '{what} not found'. */
export function parseId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw notFound(what);
  return value.toLowerCase();
}
