import {
  type ErrorBody,
  type ErrorCode,
  isReelbenchError,
  MESSAGES,
  ReelbenchError,
} from '@reelbench/sdk/contract';

export const EXIT_CODES = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** Not signed in, or the server refused the credentials. */
  refused: 3,
  /** Some items of a batch failed. */
  partial: 4,
} as const;
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** Wrong input caught before anything was sent: exit 2. */
export class UsageError extends ReelbenchError {
  constructor(message: string, details?: ErrorBody['details']) {
    super({ code: 'VALIDATION_ERROR', message, ...(details ? { details } : {}) });
    this.name = 'UsageError';
  }
}

const EXIT_BY_CODE = {
  VALIDATION_ERROR: EXIT_CODES.failure,
  NETWORK_ERROR: EXIT_CODES.failure,
  AUTH_ERROR: EXIT_CODES.refused,
  AUTHORIZATION_ERROR: EXIT_CODES.refused,
  NOT_FOUND_ERROR: EXIT_CODES.failure,
  SERVER_ERROR: EXIT_CODES.failure,
  API_ERROR: EXIT_CODES.failure,
  TIMEOUT_ERROR: EXIT_CODES.failure,
  CIRCUIT_OPEN_ERROR: EXIT_CODES.failure,
  CONFLICT_ERROR: EXIT_CODES.failure,
  PAYLOAD_TOO_LARGE_ERROR: EXIT_CODES.failure,
  RATE_LIMIT_ERROR: EXIT_CODES.failure,
  NOT_AVAILABLE_ERROR: EXIT_CODES.failure,
  UNKNOWN_ERROR: EXIT_CODES.failure,
} as const satisfies Record<ErrorCode, ExitCode>;

export interface Failure {
  sentence: string;
  exitCode: ExitCode;
  body: ErrorBody;
}

function withDetails(error: ReelbenchError): string {
  const details = (error.details ?? []).map((d) => (d.path === '' ? d.message : `${d.path}: ${d.message}`));
  const detailText = details.length === 0 ? '' : ` (${details.join('; ')})`;
  const correlation = error.correlationId === undefined ? '' : ` [correlation id ${error.correlationId}]`;
  return `${error.message}${detailText}${correlation}`;
}

function sentenceFor(error: ReelbenchError, serverUrl: string): string {
  if (error.code === 'NETWORK_ERROR')
    return `Cannot reach the Reelbench server at ${serverUrl}: is it running?`;
  if (error.code === 'AUTH_ERROR' && error.message === MESSAGES.authenticationRequired) {
    return `${MESSAGES.authenticationRequired}: sign in with \`reelbench login\``;
  }
  return withDetails(error);
}

/** Any error as one sentence, an exit code and the contract's error body: never a stack trace. */
export function describeFailure(error: unknown, serverUrl: string): Failure {
  if (!isReelbenchError(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    const unknown = new ReelbenchError({ code: 'UNKNOWN_ERROR', message: MESSAGES.unexpected, cause: error });
    return {
      sentence: `${MESSAGES.unexpected}: ${reason}`,
      exitCode: EXIT_CODES.failure,
      body: unknown.toJSON(),
    };
  }
  return {
    sentence: sentenceFor(error, serverUrl),
    exitCode: error instanceof UsageError ? EXIT_CODES.usage : EXIT_BY_CODE[error.code],
    body: error.toJSON(),
  };
}

/** The part of a zod schema the CLI uses (zod itself is the SDK's dependency, not ours). */
export interface InputSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Checks user input with a contract schema before anything is sent; a bad value is a UsageError. */
export function parseInput<T>(schema: InputSchema<T>, value: unknown, message: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    message,
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}
