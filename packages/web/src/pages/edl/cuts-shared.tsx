import { type EditorialFrameRate } from '@reelbench/sdk/contract';
import { framesToTimecode } from '@reelbench/sdk/editorial';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { type ItemAction } from '../../shell/action-buttons.js';
import '../../styles/pages.css';
import '../../styles/cuts.css';

/** The route's ids, unless given (tests mount a page without the route table). */
export function useIds(given: { projectId?: string; cutId?: string }): { projectId: string; cutId: string } {
  const params = useParams({ strict: false }) as { projectId?: string; edlId?: string };
  return { projectId: given.projectId ?? params.projectId ?? '', cutId: given.cutId ?? params.edlId ?? '' };
}

export function useProjectName(projectId: string): string {
  const { client } = useServices();
  const project = useQuery(queries.project(client, projectId));
  return project.data?.name ?? 'Cut';
}

export function useCuts(projectId: string) {
  const { client } = useServices();
  return useQuery(queries.cuts(client, projectId));
}

/** 00:01:02:03 of a frame count at the cut's rate (no 01:00:00:00 offset). */
export function lengthTimecode(frames: number, rate: EditorialFrameRate): string {
  return framesToTimecode(frames, rate);
}

/** Rename and Delete: on each row of the list and in a cut's header. */
export const CUT_ACTIONS: readonly ItemAction<'cut.rename' | 'cut.delete'>[] = [
  { actionId: 'cut.rename', label: 'Rename', icon: Pencil },
  { actionId: 'cut.delete', label: 'Delete', icon: Trash2 },
];
