import {
  ERROR_CODES,
  type ErrorCode,
  errorBodySchema,
  MESSAGES,
  projectCreateSchema,
  ReelbenchError,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { describeFailure, EXIT_CODES, parseInput, UsageError } from '../src/errors.js';

const SERVER = 'http://127.0.0.1:3002';

describe('describeFailure', () => {
  const expectedExit = (code: ErrorCode) =>
    code === 'AUTH_ERROR' || code === 'AUTHORIZATION_ERROR' ? EXIT_CODES.refused : EXIT_CODES.failure;

  it.each(ERROR_CODES)('%s maps to its exit code and the contract error body', (code) => {
    const failure = describeFailure(new ReelbenchError({ code, message: 'Something happened' }), SERVER);
    expect(failure.exitCode).toBe(expectedExit(code));
    expect(errorBodySchema.parse(failure.body).code).toBe(code);
  });

  it('a network failure names the server', () => {
    const error = new ReelbenchError({ code: 'NETWORK_ERROR', message: MESSAGES.checkConnection });
    expect(describeFailure(error, SERVER)).toMatchObject({
      sentence: `Cannot reach the Reelbench server at ${SERVER}: is it running?`,
      exitCode: 1,
    });
  });

  it('a missing or expired sign-in says how to sign in, exit 3', () => {
    const error = new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.authenticationRequired });
    expect(describeFailure(error, SERVER)).toMatchObject({
      sentence: 'Authentication required: sign in with `reelbench login`',
      exitCode: 3,
    });
  });

  it('a refused login keeps the server reason, exit 3', () => {
    const error = new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.loginFailed });
    expect(describeFailure(error, SERVER)).toMatchObject({ sentence: 'Login failed', exitCode: 3 });
  });

  it('a not-found answer reads as the catalogue message, exit 1', () => {
    const error = new ReelbenchError({
      code: 'NOT_FOUND_ERROR',
      message: MESSAGES.projectNotFound,
      statusCode: 404,
    });
    expect(describeFailure(error, SERVER)).toMatchObject({ sentence: 'Project not found', exitCode: 1 });
  });

  it('puts the details and the correlation id into the one sentence', () => {
    const error = new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.registrationFailed,
      details: [{ path: 'email', message: 'Email is already registered' }],
    });
    expect(describeFailure(error, SERVER).sentence).toBe(
      'Registration failed (email: Email is already registered)',
    );
    const server = new ReelbenchError({
      code: 'SERVER_ERROR',
      message: MESSAGES.serverError,
      correlationId: 'c-42',
    });
    expect(describeFailure(server, SERVER).sentence).toBe(
      'Server error. Please try again later. [correlation id c-42]',
    );
  });

  it('a UsageError is exit 2', () => {
    expect(describeFailure(new UsageError('Bad input'), SERVER)).toMatchObject({
      sentence: 'Bad input',
      exitCode: EXIT_CODES.usage,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it('anything else is an unexpected error with its message, never a stack', () => {
    const failure = describeFailure(new TypeError('x is not a function'), SERVER);
    expect(failure).toMatchObject({
      sentence: `${MESSAGES.unexpected}: x is not a function`,
      exitCode: 1,
      body: { code: 'UNKNOWN_ERROR', error: MESSAGES.unexpected },
    });
    expect(failure.sentence).not.toContain('\n');
  });
});

describe('parseInput', () => {
  it('answers the parsed value with the contract defaults', () => {
    expect(parseInput(projectCreateSchema, {}, 'Not created')).toEqual({ name: 'Untitled Project' });
  });

  it('turns schema issues into a UsageError with details', () => {
    let caught: unknown;
    try {
      parseInput(projectCreateSchema, { name: 'x'.repeat(201) }, 'Not created');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect(caught).toMatchObject({ message: 'Not created', details: [{ path: 'name' }] });
  });
});
