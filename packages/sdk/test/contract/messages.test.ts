import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_STATUS,
  formatMessage,
  formatToast,
  MESSAGES,
  ReelbenchError,
  TOASTS,
} from '../../src/contract/index.js';

/**
 * Every fixed string of SPEC.md sections 5 and 8, copied here by hand (SPEC.md is not in the repo),
 * so that a changed or lost message fails this test.
 */
const SPEC_MESSAGES = [
  'Authentication required',
  'Insufficient permissions',
  'Server error. Please try again later.',
  'Please check your internet connection',
  'Request timed out. Please try again.',
  'An unexpected error occurred',
  'Registration failed',
  'Login failed',
  'Job failed',
  'Failed to cancel job',
  'Socket not connected after connection attempt',
  'Circuit breaker is OPEN - request blocked',
  'Unknown error',
  'Network error',
  'Project not found',
  'Image generation failed',
  'Modify failed',
  'Image upload failed',
  'Audio upload failed',
  'JSON upload failed',
  'Invalid JSON response',
  'Upload aborted',
  'Failed to get download URL',
  'Failed to delete file',
  'Failed to list files',
  'S3 connection test failed',
  'Video migration failed',
  'Script validation failed',
  'Asset ID is required for update operation',
  'projectId is required to generate a directed breakdown',
  'An error occurred',
  'Please try again',
];

const SPEC_TOASTS: [title: string, body?: string][] = [
  ['Connection Issues', 'Reconnection temporarily paused due to repeated failures'],
  ['Unexpected Error', 'The development team has been notified.'],
  ['Application Error', 'Please refresh the page.'],
  ['Generation Failed', 'Please try again'],
  ['No Shots Generated', 'Please ensure your script is added in the Script tab.'],
  ['First Pass Ready'],
  ['Query Error', 'An error occurred'],
  ['Operation Failed', 'An error occurred'],
  ['Image Uploaded'],
  ['Image Removed'],
  ['Image Updated'],
  ['Order Saved'],
  ['Saved'],
];

describe('the message catalogue', () => {
  it.each(SPEC_MESSAGES)('MESSAGES has %j', (message) => {
    expect(Object.values(MESSAGES)).toContain(message);
  });

  it('has no message SPEC.md does not have', () => {
    expect(Object.values(MESSAGES).sort()).toEqual([...SPEC_MESSAGES].sort());
  });

  it('formats the messages with values', () => {
    expect(formatMessage.notFound('Shot')).toBe('Shot not found');
    expect(formatMessage.notFound('Project')).toBe(MESSAGES.projectNotFound);
    expect(formatMessage.assetNotFound('a1')).toBe('Asset a1 not found');
    expect(formatMessage.apiError(418, "I'm a teapot")).toBe("API Error 418: I'm a teapot");
    expect(formatMessage.uploadFailedWithStatus(413)).toBe('Upload failed with status 413');
    expect(formatMessage.requestTimeout('shot', 'generate')).toBe('Request timeout: shot:generate');
    expect(formatMessage.eventTimeout('jobs:list')).toBe('Request timeout: jobs:list');
  });

  it('maps the product codes to the statuses of SPEC.md section 8', () => {
    expect(ERROR_STATUS.VALIDATION_ERROR).toBe(400);
    expect(ERROR_STATUS.AUTH_ERROR).toBe(401);
    expect(ERROR_STATUS.AUTHORIZATION_ERROR).toBe(403);
    expect(ERROR_STATUS.NOT_FOUND_ERROR).toBe(404);
    expect(ERROR_STATUS.SERVER_ERROR).toBe(500);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('a ReelbenchError serialises to the error body', () => {
    const error = new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: MESSAGES.projectNotFound });
    expect(error.toJSON()).toEqual({
      success: false,
      error: 'Project not found',
      code: 'NOT_FOUND_ERROR',
      statusCode: 404,
    });
  });
});

describe('toasts', () => {
  it.each(SPEC_TOASTS)('has the toast %j', (title, body) => {
    const toast = Object.values(TOASTS).find((candidate) => candidate.title === title);
    expect(toast).toBeDefined();
    if (body !== undefined) {
      const text =
        toast &&
        ('message' in toast ? toast.message : 'fallbackMessage' in toast ? toast.fallbackMessage : '');
      expect(text).toBe(body);
    }
  });

  it('the unhandled-rejection toast stays until dismissed', () => {
    expect(TOASTS.unhandledRejection.persistent).toBe(true);
  });

  it('formats the first-pass success', () => {
    expect(formatToast.firstPassReady(12, 'gritty-filmic')).toBe('Created 12 shots with gritty-filmic style');
  });
});
