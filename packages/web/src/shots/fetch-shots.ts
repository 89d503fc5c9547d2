import type { Reelbench } from '@reelbench/sdk';
import type { ShotListData } from './editor.js';

/** The server's page size limit for shot lists. */
export const SHOT_PAGE_SIZE = 2000;

/** Every shot of the project, in pages of 2,000 (the first page says how many there are). */
export async function fetchAllShots(
  client: Pick<Reelbench, 'shots'>,
  projectId: string,
): Promise<ShotListData> {
  const first = await client.shots.list(projectId, { limit: SHOT_PAGE_SIZE, offset: 0 });
  const shots = [...first.shots];
  // The server may answer fewer than asked: the first page's size is the step.
  const step = first.shots.length;
  const offsets: number[] = [];
  for (let offset = step; step > 0 && offset < first.total; offset += step) offsets.push(offset);
  const pages = await Promise.all(
    offsets.map((offset) => client.shots.list(projectId, { limit: SHOT_PAGE_SIZE, offset })),
  );
  for (const page of pages) shots.push(...page.shots);
  return { shots, total: first.total, limit: SHOT_PAGE_SIZE, offset: 0 };
}
