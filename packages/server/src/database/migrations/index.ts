import { InitialSchema1795305600000 } from './1795305600000-initial-schema.js';
import { Jobs1795392000000 } from './1795392000000-jobs.js';

/** In order. A committed migration is never rewritten: add a new one. */
export const MIGRATIONS = [InitialSchema1795305600000, Jobs1795392000000];
