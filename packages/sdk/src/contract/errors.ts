import { z } from 'zod';
import { metadataSchema, timestampSchema } from './primitives.js';

/**
 * The error catalogue (SPEC.md section 8). The first seven codes are the product's; the rest are
 * the server-side codes SPEC.md leaves to us ("not shown"), each with a fixed HTTP status.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'NETWORK_ERROR',
  'AUTH_ERROR',
  'AUTHORIZATION_ERROR',
  'NOT_FOUND_ERROR',
  'SERVER_ERROR',
  'API_ERROR',
  'TIMEOUT_ERROR',
  'CIRCUIT_OPEN_ERROR',
  'CONFLICT_ERROR',
  'PAYLOAD_TOO_LARGE_ERROR',
  'RATE_LIMIT_ERROR',
  'NOT_AVAILABLE_ERROR',
  'UNKNOWN_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The HTTP status the server answers with for each code; undefined for client-side-only codes. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  NETWORK_ERROR: undefined,
  AUTH_ERROR: 401,
  AUTHORIZATION_ERROR: 403,
  NOT_FOUND_ERROR: 404,
  SERVER_ERROR: 500,
  API_ERROR: undefined,
  TIMEOUT_ERROR: undefined,
  CIRCUIT_OPEN_ERROR: undefined,
  CONFLICT_ERROR: 409,
  PAYLOAD_TOO_LARGE_ERROR: 413,
  RATE_LIMIT_ERROR: 429,
  NOT_AVAILABLE_ERROR: 501,
  UNKNOWN_ERROR: undefined,
} as const satisfies Record<ErrorCode, number | undefined>;

/** Fixed messages, verbatim from SPEC.md sections 5 and 8. */
export const MESSAGES = {
  authenticationRequired: 'Authentication required',
  insufficientPermissions: 'Insufficient permissions',
  serverError: 'Server error. Please try again later.',
  checkConnection: 'Please check your internet connection',
  requestTimedOut: 'Request timed out. Please try again.',
  unexpected: 'An unexpected error occurred',
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',
  jobFailed: 'Job failed',
  cancelJobFailed: 'Failed to cancel job',
  socketNotConnected: 'Socket not connected after connection attempt',
  circuitOpen: 'Circuit breaker is OPEN - request blocked',
  unknown: 'Unknown error',
  networkError: 'Network error',
  projectNotFound: 'Project not found',
  imageGenerationFailed: 'Image generation failed',
  modifyFailed: 'Modify failed',
  imageUploadFailed: 'Image upload failed',
  audioUploadFailed: 'Audio upload failed',
  jsonUploadFailed: 'JSON upload failed',
  invalidJsonResponse: 'Invalid JSON response',
  uploadAborted: 'Upload aborted',
  downloadUrlFailed: 'Failed to get download URL',
  deleteFileFailed: 'Failed to delete file',
  listFilesFailed: 'Failed to list files',
  storageTestFailed: 'S3 connection test failed',
  videoMigrationFailed: 'Video migration failed',
  scriptValidationFailed: 'Script validation failed',
  assetIdRequired: 'Asset ID is required for update operation',
  breakdownProjectIdRequired: 'projectId is required to generate a directed breakdown',
  anErrorOccurred: 'An error occurred',
  pleaseTryAgain: 'Please try again',
} as const;

/**
 * The server's own fixed sentences (SPEC.md does not word them): named once here, so the server
 * answers them and clients and tests match them from one place.
 */
export const SERVER_MESSAGES = {
  saveIdReused: 'This saveId was used for another project',
  shotSavedTwice: 'A shot is listed twice in the save',
  shotSavedAndDeleted: 'A shot is both saved and deleted',
  assetPlacedTwice: 'An asset is placed once per shot',
  invalidShotOrder: 'Invalid shot order',
  noImageToEdit: 'The shot has no image to edit yet: generate one first',
  noImagesForGrid: 'None of these shots has an image yet',
  shotExists: 'A shot with this id already exists',
  tooManyLoginAttempts: 'Too many login attempts. Try again later.',
  emailTaken: 'Email is already registered',
  projectNotInSeries: 'Project is not part of a series',
  projectNotInThatSeries: "The asset's project is not part of that series",
  targetNotInSeries: "The project is not part of the asset's series",
  notSeriesLevel: 'The asset is not at series level',
  assetHasNoProject: 'The asset belongs to no project',
  noStoredImage: 'No stored image with this key',
  invalidVariantName: 'Variant names are lower-case letters, digits and _, without -',
  bodyMustBeJson: 'Request body must be JSON',
  routeNotFound: 'Route not found',
  malformedJsonBody: 'Malformed JSON body',
  bodyTooLarge: 'Request body is too large',
  breakdownTimedOut: 'The breakdown provider timed out',
  breakdownUnusableAnswer: 'The breakdown provider returned an unusable answer',
  noStoredVideo: 'No stored video at this address',
  envelopeRequired: 'Expected a {requestId, payload} request',
  payloadNotObject: 'Payload must be an object',
  jobCancelled: 'Job cancelled',
  jobResumed: 'Resumed after the server running it stopped',
  jobTurnGiven: "Paused while another user's job takes its turn; it goes on where it stopped",
  keyNotInProject: 'The storage key does not belong to this project',
  bodyMustBeObject: 'Request body must be a JSON object',
  messageTooLarge: 'Message is too large',
  tooManyGenerations: 'Too many generation requests. Try again later.',
  tooManyRunningJobs: 'Too many jobs running. Wait for one to finish.',
  storageFull: 'Storage is full: nothing was saved. Try again later.',
  tooManyRegistrations: 'Too many accounts registered from this address. Try again later.',
  tooManyReviewComments: 'Too many comments from this address. Try again in a minute.',
  tooManyReviewRequests: 'Too many requests for review pages from this address. Try again in a minute.',
} as const;

/** The longest piece of client input an error message repeats. */
export const INPUT_EXCERPT_CHARS = 48;

/**
 * A short, cleaned piece of client input for an error message: control characters (newlines
 * included) become spaces and anything past INPUT_EXCERPT_CHARS is cut, marked with '…'.
 */
export function inputExcerpt(value: string, max = INPUT_EXCERPT_CHARS): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Messages with a value in them, verbatim from SPEC.md section 8. */
export const formatMessage = {
  notFound: (what: string) => `${what} not found`,
  imageTooLarge: (what: string, maxPixels: number) => `${what} is too large (over ${maxPixels} pixels)`,
  assetNotFound: (id: string) => `Asset ${id} not found`,
  apiError: (status: number, statusText: string) => `API Error ${status}: ${statusText}`,
  uploadFailedWithStatus: (status: number) => `Upload failed with status ${status}`,
  /** An upload's size limit as the server and the clients word it: 'The file is larger than 25 MB'. */
  fileTooLarge: (maxBytes: number) =>
    `The file is larger than ${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`,
  requestTimeout: (domain: string, action: string) => `Request timeout: ${domain}:${action}`,
  eventTimeout: (event: string) => `Request timeout: ${event}`,
} as const;

/** The body of every failed HTTP answer and the `error` detail of every socket error envelope. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: errorCodeSchema,
  statusCode: z.number().int(),
  /** Field-level problems for VALIDATION_ERROR: path and message. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Present on SERVER_ERROR: quote it when reporting; the details are in the server log. */
  correlationId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export interface ReelbenchErrorInit {
  code: ErrorCode;
  message: string;
  statusCode?: number;
  context?: Record<string, unknown>;
  details?: ErrorBody['details'];
  correlationId?: string;
  cause?: unknown;
}

/** The application error of SPEC.md section 3: code, statusCode, context, timestamp. */
export class ReelbenchError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number | undefined;
  readonly context: Record<string, unknown> | undefined;
  readonly details: ErrorBody['details'];
  readonly correlationId: string | undefined;
  readonly timestamp: string;

  constructor(init: ReelbenchErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ReelbenchError';
    this.code = init.code;
    this.statusCode = init.statusCode ?? ERROR_STATUS[init.code];
    this.context = init.context;
    this.details = init.details;
    this.correlationId = init.correlationId;
    this.timestamp = new Date().toISOString();
  }

  toJSON(): ErrorBody {
    return {
      success: false,
      error: this.message,
      code: this.code,
      statusCode: this.statusCode ?? 0,
      ...(this.details ? { details: this.details } : {}),
      ...(this.correlationId ? { correlationId: this.correlationId } : {}),
    };
  }
}

export function isReelbenchError(value: unknown): value is ReelbenchError {
  return value instanceof ReelbenchError;
}

// ---------------------------------------------------------------- error records

export const applicationErrorSchema = z.object({
  code: errorCodeSchema,
  /** 0 for errors raised on the client without an HTTP answer. */
  statusCode: z.number().int().min(0),
  context: metadataSchema.default({}),
  timestamp: timestampSchema,
});

export type ApplicationError = z.infer<typeof applicationErrorSchema>;
