import { offThreadTask } from '../workers/off-thread.js';
import type { StoryboardInput } from './storyboard-pdf.js';

/** The storyboard PDF's layout, drawing and compression, off the event loop. */
export const STORYBOARD_PDF = offThreadTask<StoryboardInput, Uint8Array>(
  new URL('./storyboard-pdf.js', import.meta.url),
  'storyboardPdf',
  () => import('./storyboard-pdf.js'),
);
