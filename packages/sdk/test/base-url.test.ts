import { describe, expect, it } from 'vitest';
import { resolveBaseUrl } from '../src/base-url.js';

const page = (port: string) => ({ protocol: 'https:', hostname: 'studio.example.com', port });

describe('resolveBaseUrl', () => {
  it('prefers an explicit baseUrl, without a trailing slash', () => {
    expect(resolveBaseUrl({ baseUrl: 'http://127.0.0.1:4000/', location: page('5173') })).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('uses the same origin with no port in production', () => {
    expect(resolveBaseUrl({ location: page('8443'), production: true })).toBe('https://studio.example.com');
  });

  it("uses the page's port in development, else 3002", () => {
    expect(resolveBaseUrl({ location: page('5173') })).toBe('https://studio.example.com:5173');
    expect(resolveBaseUrl({ location: page('') })).toBe('https://studio.example.com:3002');
  });

  it('throws a clear catalogue error with neither a baseUrl nor a location', () => {
    expect(() => resolveBaseUrl({})).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'baseUrl is required when there is no page location (e.g. in Node)',
      }),
    );
    expect(() => resolveBaseUrl({ baseUrl: '  ' })).toThrowError(/baseUrl is required/);
  });
});
