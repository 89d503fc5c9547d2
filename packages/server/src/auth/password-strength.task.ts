import { offThreadTask } from '../workers/off-thread.js';
import type { passwordWeakness } from './password-strength.js';

/** zxcvbn's estimate of a new password, off the event loop (its dictionaries load in the thread only). */
export const PASSWORD_WEAKNESS = offThreadTask<Parameters<typeof passwordWeakness>[0], string | null>(
  new URL('./password-strength.js', import.meta.url),
  'passwordWeakness',
  () => import('./password-strength.js'),
);
