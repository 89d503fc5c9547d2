import { shotListCsv } from '@reelbench/sdk';
import type { AppServices } from '../app/services.js';
import { saveFile } from '../cuts/cut-export.js';
import { errorBody } from '../state/errors.js';
import { fetchAllShots } from './fetch-shots.js';

/** The project's shot list as a CSV download (loaded with the first export). */
export async function exportShotListCsv(services: AppServices, projectId: string): Promise<void> {
  const { client, activity, toasts } = services;
  try {
    const [{ shots }, assets, project] = await activity.track(
      Promise.all([
        fetchAllShots(client, projectId),
        client.assets.listByProject(projectId),
        client.projects.get(projectId),
      ]),
    );
    const stem = project.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
    saveFile(shotListCsv(shots, assets), `${stem}-shot-list.csv`, 'text/csv;charset=utf-8');
    toasts.show({
      type: 'success',
      title: 'Shot List Exported',
      message: `${shots.length} shots as CSV`,
    });
  } catch (error) {
    toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
  }
}
