import { z } from 'zod';
import { TOAST_TYPES } from './constants.js';
import { MESSAGES } from './errors.js';
import { TEXT_LIMITS } from './primitives.js';

/** Toast titles and bodies, verbatim from SPEC.md section 8. */
export const TOASTS = {
  /** Shown when the socket circuit breaker opens. */
  connectionIssues: {
    title: 'Connection Issues',
    message: 'Reconnection temporarily paused due to repeated failures',
  },
  unhandledRejection: {
    title: 'Unexpected Error',
    message: 'The development team has been notified.',
    persistent: true,
  },
  globalError: { title: 'Application Error', message: 'Please refresh the page.' },
  /** The body is the error's message, or the fallback. */
  firstPassFailed: { title: 'Generation Failed', fallbackMessage: MESSAGES.pleaseTryAgain },
  firstPassEmpty: {
    title: 'No Shots Generated',
    message: 'Please ensure your script is added in the Script tab.',
  },
  firstPassReady: { title: 'First Pass Ready' },
  /** Only when a refetch fails while data exists. Body: the server's error field, the error message, or the fallback. */
  queryError: { title: 'Query Error', fallbackMessage: MESSAGES.anErrorOccurred },
  /** Any failed mutation. Body as for queryError. */
  operationFailed: { title: 'Operation Failed', fallbackMessage: MESSAGES.anErrorOccurred },
  imageUploaded: { title: 'Image Uploaded' },
  imageRemoved: { title: 'Image Removed' },
  imageUpdated: { title: 'Image Updated' },
  orderSaved: { title: 'Order Saved' },
  /** After Ctrl+S. */
  saved: { title: 'Saved' },
} as const;

export const formatToast = {
  firstPassReady: (shotCount: number, style: string) => `Created ${shotCount} shots with ${style} style`,
} as const;

// ---------------------------------------------------------------- toast records

export const toastTypeSchema = z.enum(TOAST_TYPES);

/** The click handler of a toast action is UI state and stays out of the schema. */
export const toastSchema = z.object({
  id: z.string().min(1).max(TEXT_LIMITS.shortText),
  type: toastTypeSchema,
  title: z.string().max(TEXT_LIMITS.name),
  message: z.string().max(TEXT_LIMITS.description).default(''),
  /** Milliseconds; when absent, TOAST_DURATION_MS of the type. */
  duration: z.number().int().min(0).optional(),
  persistent: z.boolean().default(false),
  action: z.object({ label: z.string().min(1).max(TEXT_LIMITS.shortText) }).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
