import { MESSAGES, ReelbenchError } from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import { errorBody, errorReason } from '../src/state/errors.js';

describe('errorBody: the server message and its reasons', () => {
  it('adds the reasons the server gave to its catalogue message', () => {
    const refused = new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.registrationFailed,
      details: [{ path: 'username', message: 'Usernames use letters, digits, _ . and -' }],
    });
    expect(errorBody(refused)).toBe('Registration failed — Usernames use letters, digits, _ . and -');
    expect(errorReason(refused)).toEqual({
      message: 'Registration failed',
      details: ['Usernames use letters, digits, _ . and -'],
    });
  });

  it("prefers the body's error field, lists each reason once and leaves out one the message repeats", () => {
    const error = new ReelbenchError({
      code: 'PAYLOAD_TOO_LARGE_ERROR',
      message: 'API Error 413: Payload Too Large',
      context: { body: { error: 'Image upload failed' } },
      details: [
        { path: 'image', message: 'The file is larger than 25 MB' },
        { path: 'image', message: 'The file is larger than 25 MB' },
        { path: 'image', message: 'Image upload failed' },
      ],
    });
    expect(errorBody(error)).toBe('Image upload failed — The file is larger than 25 MB');
  });

  it('falls back to the message, then to the catalogue', () => {
    expect(errorBody(new Error('Modify failed'))).toBe('Modify failed');
    expect(errorBody('Network error')).toBe('Network error');
    expect(errorBody(undefined)).toBe('An error occurred');
  });
});
