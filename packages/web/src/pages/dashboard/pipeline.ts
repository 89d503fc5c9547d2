import { effectiveGenerationStatus, type GenerationStatus, type Job, type Shot } from '@reelbench/sdk';

/** The five status colours of UI.md; stale is not reported to clients yet. */
export type StatusBucket = 'pending' | 'processing' | 'completed' | 'stale' | 'failed';

export type StatusCounts = Record<StatusBucket, number>;

const BUCKET: Record<GenerationStatus, StatusBucket> = {
  pending: 'pending',
  cancelled: 'pending',
  queued: 'processing',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
};

export function emptyCounts(): StatusCounts {
  return { pending: 0, processing: 0, completed: 0, stale: 0, failed: 0 };
}

export interface ShotStatusSummary {
  total: number;
  images: StatusCounts;
  videos: StatusCounts;
}

type ShotLike = Pick<Shot, 'generation_status' | 'video_generation_status' | 'image_url' | 'video_url'>;

/** Frames and clips by status; a url means completed whatever the stored status (SPEC.md §4). */
export function summarizeShots(shots: readonly ShotLike[]): ShotStatusSummary {
  const images = emptyCounts();
  const videos = emptyCounts();
  for (const shot of shots) {
    images[BUCKET[effectiveGenerationStatus(shot.generation_status, shot.image_url)]] += 1;
    videos[BUCKET[effectiveGenerationStatus(shot.video_generation_status, shot.video_url)]] += 1;
  }
  return { total: shots.length, images, videos };
}

export type PipelineStepId = 'script' | 'firstPass' | 'images' | 'videos' | 'roughCut' | 'export';

export interface PipelineStep {
  id: PipelineStepId;
  label: string;
  /** The registered action that does this step; null for a step the web cannot do yet. */
  actionId: string | null;
}

export const PIPELINE: readonly PipelineStep[] = [
  { id: 'script', label: 'Write the script', actionId: 'nav.script' },
  { id: 'firstPass', label: 'Generate first pass', actionId: 'project.firstPass' },
  { id: 'images', label: 'Render images', actionId: 'generate.renderAllImages' },
  { id: 'videos', label: 'Render videos', actionId: 'generate.renderAllVideos' },
  { id: 'roughCut', label: 'Rough cut', actionId: 'nav.rough-cut' },
  { id: 'export', label: 'Export', actionId: 'nav.edl' },
];

/**
 * The step after a script edit on a project with first-pass shots (issue 30): the words are exact;
 * its button opens the "Revise shots" preview over the dashboard.
 */
export const REVISE_STEP: PipelineStep = {
  id: 'firstPass',
  label: 'Script changed — Revise shots',
  actionId: 'project.reviseShots',
};

/** Job types that render a pipeline step, to say "rendering…" instead of offering it again. */
export const STEP_JOB_TYPES: Partial<Record<PipelineStepId, readonly string[]>> = {
  images: ['shot:generate-batch'],
  videos: ['shot:generate-video-batch'],
};

export interface PipelineInput {
  /** Words in the saved script (0 when there is none). */
  scriptWords: number;
  shots: ShotStatusSummary;
  /** This project's queued or running jobs. */
  activeJobs: readonly Pick<Job, 'type' | 'progress'>[];
  /** A rough cut of the project has been rendered (the latest is on the rough cut page). */
  roughCut?: boolean;
  /** A cut of the project has been exported (a file or a hand-off package), as the server noted. */
  exported?: boolean;
  /** The project has shots from a first pass and the saved script differs from the one it ran on. */
  scriptChanged?: boolean;
}

export interface NextStep {
  step: PipelineStep;
  /** Steps already done, in pipeline order. */
  done: ReadonlySet<PipelineStepId>;
  /** A job is already doing this step: watch it rather than start another. */
  running: Pick<Job, 'type' | 'progress'> | null;
  /** One sentence on why this is the next step. */
  reason: string;
}

function step(id: PipelineStepId): PipelineStep {
  return PIPELINE.find((candidate) => candidate.id === id) as PipelineStep;
}

/**
 * The next step, from the data: no script → write it; a script and no shots → first pass; the
 * script edited since the last pass over first-pass shots → revise the shots; frames
 * missing → render images; clips missing → render videos; everything rendered → rough cut; a rough
 * cut rendered → export. The rough cut and the export are done when the server has them (a rendered
 * rough cut; a cut written out), whatever else is still to render: they are done, not skipped.
 */
export function chooseNextStep({
  scriptWords,
  shots,
  activeJobs,
  roughCut = false,
  exported = false,
  scriptChanged = false,
}: PipelineInput): NextStep {
  const done = new Set<PipelineStepId>();
  const hasScript = scriptWords > 0;
  if (hasScript) done.add('script');
  if (shots.total > 0) done.add('firstPass');
  const imagesDone = shots.total > 0 && shots.images.completed === shots.total;
  const videosDone = shots.total > 0 && shots.videos.completed === shots.total;
  if (imagesDone) done.add('images');
  if (videosDone) done.add('videos');
  if (roughCut) done.add('roughCut');
  if (exported) done.add('export');
  const runningFor = (id: PipelineStepId) =>
    activeJobs.find((job) => STEP_JOB_TYPES[id]?.includes(job.type)) ?? null;

  if (!hasScript && shots.total === 0) {
    return {
      step: step('script'),
      done,
      running: null,
      reason: 'Every shot starts from the script. Write or import it.',
    };
  }
  if (shots.total === 0) {
    return {
      step: step('firstPass'),
      done,
      running: null,
      reason: 'The script is in. Break it down into shots with framing, duration and prompts.',
    };
  }
  if (scriptChanged) {
    done.delete('firstPass');
    return {
      step: REVISE_STEP,
      done,
      running: null,
      reason:
        'The script was edited since the last first pass. Revise the shots: the ones the edit did not touch keep their frames, clips and edits.',
    };
  }
  if (!imagesDone) {
    const missing = shots.total - shots.images.completed;
    return {
      step: step('images'),
      done,
      running: runningFor('images'),
      reason: `${missing} of ${shots.total} shots have no frame yet.`,
    };
  }
  if (!videosDone) {
    const missing = shots.total - shots.videos.completed;
    return {
      step: step('videos'),
      done,
      running: runningFor('videos'),
      reason: `Every frame is rendered. ${missing} of ${shots.total} shots have no clip yet.`,
    };
  }
  if (!roughCut) {
    return {
      step: step('roughCut'),
      done,
      running: null,
      reason: 'Every shot has a frame and a clip. Watch the cut from start to finish.',
    };
  }
  if (!exported) {
    return {
      step: step('export'),
      done,
      running: null,
      reason: 'The rough cut is rendered. Hand the cut to an editor as EDL, OTIO, FCPXML or a package.',
    };
  }
  return {
    step: step('export'),
    done,
    running: null,
    reason: 'The cut is out. Share a review link, or export again after the next change.',
  };
}

/** Whether the saved script differs from the one the last pass ran on (no pass kept yet: no). */
export function scriptChangedSincePass(saved: string, passed: string | null | undefined): boolean {
  return passed !== null && passed !== undefined && saved !== passed;
}
