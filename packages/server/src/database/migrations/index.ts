import { InitialSchema1795305600000 } from './1795305600000-initial-schema.js';
import { Jobs1795392000000 } from './1795392000000-jobs.js';
import { Cuts1795478400000 } from './1795478400000-cuts.js';
import { Soundtracks1795564800000 } from './1795564800000-soundtracks.js';
import { Review1795571000000 } from './1795571000000-review.js';
import { JobErrorCode1795600000000 } from './1795600000000-job-error-code.js';
import { StylePackages1795700000000 } from './1795700000000-style-packages.js';
import { ReviewCommentCap1795760000000 } from './1795760000000-review-comment-cap.js';
import { CutVersionsUnique1795840000000 } from './1795840000000-cut-versions-unique.js';
import { CutExportedAt1795900000000 } from './1795900000000-cut-exported-at.js';
import { VariantImageKey1795950000000 } from './1795950000000-variant-image-key.js';
import { ShotSource1796000000000 } from './1796000000000-shot-source.js';
import { ScriptVersions1796050000000 } from './1796050000000-script-versions.js';
import { DialogueLines1796100000000 } from './1796100000000-dialogue-lines.js';
import { QueuedJobs1796150000000 } from './1796150000000-queued-jobs.js';

/** In order. A committed migration is never rewritten: add a new one. */
export const MIGRATIONS = [
  InitialSchema1795305600000,
  Jobs1795392000000,
  Cuts1795478400000,
  Soundtracks1795564800000,
  Review1795571000000,
  JobErrorCode1795600000000,
  StylePackages1795700000000,
  ReviewCommentCap1795760000000,
  CutVersionsUnique1795840000000,
  CutExportedAt1795900000000,
  VariantImageKey1795950000000,
  ShotSource1796000000000,
  ScriptVersions1796050000000,
  DialogueLines1796100000000,
  QueuedJobs1796150000000,
];
