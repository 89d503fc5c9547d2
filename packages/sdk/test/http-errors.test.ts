import { describe, expect, it } from 'vitest';
import { ReelbenchError } from '../src/contract/errors.js';
import { networkError, timeoutError, toHttpError, toReelbenchError } from '../src/http-errors.js';

describe('toHttpError', () => {
  it.each([
    [401, 'Unauthorized', 'AUTH_ERROR', 'Authentication required'],
    [403, 'Forbidden', 'AUTHORIZATION_ERROR', 'Insufficient permissions'],
    [500, 'Internal Server Error', 'SERVER_ERROR', 'Server error. Please try again later.'],
    [502, 'Bad Gateway', 'SERVER_ERROR', 'Server error. Please try again later.'],
    [503, 'Service Unavailable', 'SERVER_ERROR', 'Server error. Please try again later.'],
    [504, 'Gateway Timeout', 'SERVER_ERROR', 'Server error. Please try again later.'],
    [418, "I'm a Teapot", 'API_ERROR', "API Error 418: I'm a Teapot"],
    [501, 'Not Implemented', 'API_ERROR', 'API Error 501: Not Implemented'],
  ])('maps %i to %s with the catalogue message', (status, statusText, code, message) => {
    const error = toHttpError(status, statusText, '<html>proxy page</html>');
    expect(error).toBeInstanceOf(ReelbenchError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.statusCode).toBe(status);
    expect(error.context).toEqual({ status, statusText, body: '<html>proxy page</html>' });
  });

  it("uses the server's error text for a 400, else the API error text", () => {
    const withText = toHttpError(400, 'Bad Request', { error: 'name must not be empty' });
    expect(withText.code).toBe('VALIDATION_ERROR');
    expect(withText.message).toBe('name must not be empty');
    const bare = toHttpError(400, 'Bad Request', undefined);
    expect(bare.code).toBe('VALIDATION_ERROR');
    expect(bare.message).toBe('API Error 400: Bad Request');
  });

  it("uses the server's not-found message for a 404, else 'Resource not found'", () => {
    expect(toHttpError(404, 'Not Found', { error: 'Project not found' }).message).toBe('Project not found');
    const bare = toHttpError(404, 'Not Found', 'Cannot GET /x');
    expect(bare.code).toBe('NOT_FOUND_ERROR');
    expect(bare.message).toBe('Resource not found');
  });

  it("keeps the server's code, details and correlation id from an error body", () => {
    const error = toHttpError(400, 'Bad Request', {
      success: false,
      error: 'Invalid shot',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      details: [{ path: 'duration', message: 'must be positive' }],
    });
    expect(error.details).toEqual([{ path: 'duration', message: 'must be positive' }]);
    const server = toHttpError(500, 'Internal Server Error', {
      success: false,
      error: 'Server error. Please try again later.',
      code: 'SERVER_ERROR',
      statusCode: 500,
      correlationId: 'c0ffee',
    });
    expect(server.correlationId).toBe('c0ffee');
    const conflict = toHttpError(409, 'Conflict', {
      success: false,
      error: 'Name taken',
      code: 'CONFLICT_ERROR',
      statusCode: 409,
    });
    expect(conflict.code).toBe('CONFLICT_ERROR');
    expect(conflict.message).toBe('API Error 409: Conflict');
  });
});

describe('client-side failures', () => {
  it('network, timeout and unknown failures get their catalogue messages', () => {
    expect(networkError(new TypeError('fetch failed'))).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Please check your internet connection',
    });
    expect(timeoutError()).toMatchObject({
      code: 'TIMEOUT_ERROR',
      message: 'Request timed out. Please try again.',
    });
    const unknown = toReelbenchError(new RangeError('boom'));
    expect(unknown).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'An unexpected error occurred' });
    expect(unknown.cause).toBeInstanceOf(RangeError);
    const known = toHttpError(401, 'Unauthorized', undefined);
    expect(toReelbenchError(known)).toBe(known);
  });
});
