import type { EditorialFormat, StoryboardLayout } from '@reelbench/sdk/contract';
import { queryKeys } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { errorBody } from '../state/errors.js';
import { cutsUi, EXPORT_LABELS } from './cut-actions.js';

/** Saves `data` as a file named `filename` through the browser's download. */
export function saveFile(data: BlobPart, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Writes the current cut in a format at the page's frame rate, as a download. */
export async function exportCurrentCut(
  services: AppServices,
  projectId: string,
  format: EditorialFormat | 'pdf' | 'package',
  layout: StoryboardLayout = 'contact',
): Promise<void> {
  const ui = cutsUi(services).get();
  const cut = ui.current;
  if (!cut) return;
  const { client, activity, toasts, queryClient } = services;
  try {
    if (format === 'package') {
      const file = await activity.track(client.cuts.package(projectId, cut.id));
      saveFile(file.bytes as Uint8Array<ArrayBuffer>, file.filename, 'application/zip');
    } else if (format === 'pdf') {
      const file = await activity.track(client.cuts.storyboardPdf(projectId, cut.id, { layout }));
      saveFile(file.bytes as Uint8Array<ArrayBuffer>, file.filename, 'application/pdf');
    } else {
      const file = await activity.track(
        client.cuts.export(projectId, cut.id, format, {
          frameRate: ui.frameRate,
          ...(ui.frameRate === 29.97 ? { dropFrame: ui.dropFrame } : {}),
        }),
      );
      saveFile(file.text, file.filename, file.mimeType);
    }
    // The server noted the export (the cut's exportedAt): the dashboard's pipeline reads it.
    if (format !== 'pdf') void queryClient.invalidateQueries({ queryKey: queryKeys.cuts(projectId) });
    toasts.show({ type: 'success', title: `${EXPORT_LABELS[format]} Exported`, message: cut.name });
  } catch (error) {
    toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
  }
}

/**
 * Puts the project's shot order and durations back to the open cut's (cut:restore): the undo of an
 * import, run on the version before it.
 */
export async function restoreCurrentCut(services: AppServices, projectId: string): Promise<void> {
  const cut = cutsUi(services).get().current;
  if (!cut) return;
  const { client, activity, toasts, queryClient } = services;
  try {
    const project = await activity.track(client.cuts.restore(projectId, cut.id));
    queryClient.setQueryData(queryKeys.project(projectId), project);
    await queryClient.invalidateQueries({ queryKey: queryKeys.shots(projectId) });
    toasts.show({
      type: 'success',
      title: 'Version Restored',
      message: `The timeline has the order and durations of ${cut.name} v${cut.version}`,
    });
  } catch (error) {
    toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
  }
}
