import { passwordWeakness } from './auth/password-strength.js';
import { type StoryboardInput, storyboardPdf } from './cuts/storyboard-pdf.js';

/**
 * The synchronous work that runs off the event loop (workers/off-thread.ts): pure functions of
 * structured-clonable input. Each is here, and only here, so the worker loads just these modules.
 * The table sits at the root beside app.module.ts: it names domain functions, and the pool in
 * workers/ stays free of every domain.
 */
export const OFF_THREAD_TASKS = {
  /** The storyboard PDF's layout, drawing and compression. */
  storyboardPdf: (input: StoryboardInput): Uint8Array => storyboardPdf(input),
  /** zxcvbn's estimate of a new password. */
  passwordWeakness,
};

export type OffThreadTasks = typeof OFF_THREAD_TASKS;
export type OffThreadTask = keyof OffThreadTasks;
