import type { Cast } from '@reelbench/sdk';
import { TOASTS } from '@reelbench/sdk';
import { queryKeys } from '../../app/queries.js';
import type { AppServices } from '../../app/services.js';
import { plural } from '../../format/format.js';
import { errorBody } from '../../state/errors.js';

/** The cast's members the project has no asset for, as a sentence: 'Eli, Odile and Pier'. */
export function missingNames(cast: Pick<Cast, 'members'>): string {
  const names = cast.members.filter((member) => member.assetId === null).map((member) => member.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Create Cast from Script: the server creates the missing characters, locations and props (described
 * from the script) and places them on the shots; with `generate`, their default images in one job
 * (its progress shows in the status line and on the jobs page meanwhile).
 */
export async function createCastFromScript(
  services: AppServices,
  projectId: string,
  generate: boolean,
): Promise<void> {
  const { client, activity, toasts, queryClient } = services;
  if (generate) {
    toasts.show({
      type: 'info',
      title: 'Creating the cast',
      message: 'Their default images render as one job: progress shows in the status line.',
    });
  }
  try {
    const reply = await activity.track(client.projects.createCast(projectId, { generate }));
    await Promise.all(
      [queryKeys.cast(projectId), queryKeys.assets(projectId), queryKeys.shots(projectId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
    const created = reply.created.length;
    toasts.show({
      type: 'success',
      title: created === 0 ? 'Cast Up to Date' : 'Cast Created',
      message: [
        created === 0 ? 'Every cast member already has an asset' : `${plural(created, 'asset')} created`,
        `placed on ${plural(reply.placedShotIds.length, 'shot')}`,
        reply.job ? 'default images generated' : '',
      ]
        .filter(Boolean)
        .join(', '),
    });
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}
