import { DEFAULT_DEV_PORT } from './contract/constants.js';
import { ReelbenchError } from './contract/errors.js';

export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

export interface BaseUrlOptions {
  baseUrl?: string;
  location?: PageLocation;
  production?: boolean;
}

/**
 * SPEC.md section 7: same origin; in production no port, otherwise the page's port or 3002 when the
 * page has none. An explicit baseUrl wins, and outside a browser it is the only source.
 */
export function resolveBaseUrl({ baseUrl, location, production = false }: BaseUrlOptions): string {
  if (baseUrl !== undefined && baseUrl.trim() !== '') return baseUrl.trim().replace(/\/+$/, '');
  if (!location) {
    throw new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: 'baseUrl is required when there is no page location (e.g. in Node)',
    });
  }
  const origin = `${location.protocol}//${location.hostname}`;
  if (production) return origin;
  return `${origin}:${location.port || DEFAULT_DEV_PORT}`;
}
