import type { Job, JobStatus } from '@reelbench/sdk';

const JOB_LABELS: Record<string, string> = {
  'shot:generate-batch': 'Render images',
  'shot:generate-video-batch': 'Render videos',
  'composition:create-batch': 'Re-compose shots',
  'shot:generate': 'Render image',
  'shot:generate-video': 'Render video',
  'shot:generate-with-quality': 'Render image (quality)',
  'script:generateShotsFromScript': 'First pass',
  'script:analyzeProject': 'Analyse script',
  'cut:render-rough-cut': 'Rough cut',
  'audio:generate-dialogue': 'Scratch track',
};

/** A job's type in words: 'shot:generate-batch' → "Render images"; unknown types read as words. */
export function jobLabel(type: string): string {
  const known = JOB_LABELS[type];
  if (known) return known;
  const action = type.includes(':') ? type.slice(type.indexOf(':') + 1) : type;
  const words = action
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? 'Job' : words.charAt(0).toUpperCase() + words.slice(1);
}

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const ORDER: Record<JobStatus, number> = { running: 0, queued: 1, completed: 2, failed: 2, cancelled: 2 };

/**
 * Running first, then queued (oldest first: the order they will run in), then finished ones, most
 * recently finished first.
 */
export function sortJobs<T extends Pick<Job, 'status' | 'createdAt' | 'updatedAt' | 'id'>>(
  jobs: Iterable<T>,
): T[] {
  return [...jobs].sort((a, b) => {
    const rank = ORDER[a.status] - ORDER[b.status];
    if (rank !== 0) return rank;
    if (ORDER[a.status] < 2) return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
    return b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id);
  });
}

/** Progress as a whole percentage between 0 and 100. */
export function percent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}
