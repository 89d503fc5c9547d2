import { TOASTS } from '@reelbench/sdk';
import type { AppServices } from '../app/services.js';
import { plural } from '../format/format.js';
import { shotEditorFor } from '../shots/editor.js';
import { errorBody } from '../state/errors.js';

/**
 * Time Shots to Dialogue: the server sets every dialogue shot's duration to its lines' spoken length
 * plus the pacing's pauses; the answer's changes become ONE undo step on the project's shot editor
 * (the storyboard, shot list and timeline share it), and a toast says how many shots changed.
 */
export async function timeShotsToDialogue(
  services: Pick<AppServices, 'client' | 'queryClient' | 'saves' | 'toasts' | 'activity'>,
  projectId: string,
): Promise<void> {
  const { client, queryClient, saves, toasts, activity } = services;
  try {
    // The timing reads the durations the server has: the edits typed a moment ago first.
    if (saves.isDirty) await saves.flush().catch(() => {});
    const reply = await activity.track(client.audio.timeShots(projectId));
    const count = reply.changed.length;
    shotEditorFor({ queryClient, saves }, projectId).recordDurations(
      reply.changed,
      `Time ${plural(count, 'shot')} to dialogue`,
    );
    const unplaced = reply.unplaced > 0 ? ` ${plural(reply.unplaced, 'line')} under no shot.` : '';
    if (count === 0 && reply.unchanged === 0) {
      toasts.show({
        type: 'info',
        title: 'No Dialogue Shots to Time',
        message: `No shot holds a spoken line yet — Generate Scratch Track first.${unplaced}`,
      });
      return;
    }
    toasts.show({
      type: count > 0 ? 'success' : 'info',
      title: count > 0 ? 'Shots Timed to Dialogue' : 'Shots Already Timed',
      message:
        count > 0
          ? `${plural(count, 'shot')} changed, ${reply.unchanged} already right. Ctrl+Z on the shots undoes it.${unplaced}`
          : `${plural(reply.unchanged, 'dialogue shot')} already match their lines.${unplaced}`,
    });
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}
