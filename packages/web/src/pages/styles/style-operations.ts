import { type StylePackage, stylesClient, TOASTS } from '@reelbench/sdk';
import { queryKeys } from '../../app/queries.js';
import type { AppServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
import { stylesUi } from './styles-actions.js';

/** Duplicate Style Package: a copy the project owns, opened for editing. */
export async function duplicateStyle(services: AppServices, projectId: string, style: StylePackage) {
  const { client, activity, toasts, queryClient } = services;
  try {
    const copy = await activity.track(stylesClient(client.socket).duplicate(projectId, style.id));
    queryClient.setQueryData(queryKeys.styles(projectId), (list) => (list ? [...list, copy] : list));
    stylesUi(services).set({ selected: copy, dialog: { kind: 'edit', style: copy } });
    toasts.show({ type: 'success', title: 'Style Package Duplicated', message: copy.name });
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}
