import { TOASTS } from '@reelbench/sdk';
import { writeServerShot } from '../app/live-sync.js';
import type { AppServices } from '../app/services.js';
import { errorBody } from '../state/errors.js';
import { GENERATION_FAILED_MESSAGE } from './model.js';
import { type ShotProgressStore, shotProgress } from './progress.js';

/** How many single-shot renders one click starts at once; the rest wait their turn. */
const PARALLEL_RENDERS = 4;

/**
 * Generates the image of each shot (shot:generate, one job per shot). Each shows as queued on its
 * frame at once; the server's progress events then move it; the answer writes the finished shot.
 */
export async function generateShotImages(
  services: Pick<AppServices, 'client' | 'queryClient' | 'toasts' | 'activity'> &
    Partial<Pick<AppServices, 'saves'>>,
  projectId: string,
  shotIds: readonly string[],
  progress: ShotProgressStore = shotProgress,
): Promise<void> {
  const { client, queryClient, toasts, activity } = services;
  for (const shotId of shotIds) progress.set('image', shotId, { status: 'queued', progress: 0 });
  // A prompt typed a moment ago is rendered, not the one saved before it.
  if (services.saves?.isDirty) await services.saves.flush().catch(() => {});
  const queue = [...shotIds];
  let failures = 0;
  let lastError = '';
  const worker = async () => {
    for (let shotId = queue.shift(); shotId !== undefined; shotId = queue.shift()) {
      try {
        const reply = await activity.track(client.shots.generate({ projectId, shotId }));
        // Fields typed since the save keep their local values.
        writeServerShot(queryClient, projectId, reply.shot, services.saves?.pendingShotFields(shotId));
        progress.set('image', shotId, undefined);
      } catch (error) {
        failures += 1;
        lastError = errorBody(error) || GENERATION_FAILED_MESSAGE;
        progress.set('image', shotId, { status: 'failed', progress: 0, message: lastError });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RENDERS, shotIds.length) }, worker));
  if (failures > 0) {
    toasts.show({
      type: 'error',
      title: TOASTS.operationFailed.title,
      message: failures === 1 ? lastError : `${failures} of ${shotIds.length} images failed: ${lastError}`,
    });
  }
}
