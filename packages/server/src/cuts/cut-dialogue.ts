import type { Cut } from '@reelbench/sdk/contract';
import { type DialogueClipSource, withDialogue } from '@reelbench/sdk/editorial';
import { isKeyInScope } from '../storage/storage-key.js';
import type { CutsRepository, DialogueLineRow } from './cut.repository.js';

/**
 * The project's scratch track under a cut (issue 31): its dialogue lines placed by the SDK's
 * withDialogue (each shot's lines from its start with the pacing's pauses, clipped at its end), the
 * same placement for the exports, the hand-off package and the rough cut. Only clips stored under
 * the project count; `url` says where each clip is for the file being written.
 */
export async function withProjectDialogue(
  cuts: CutsRepository,
  cut: Cut,
  url: (line: DialogueLineRow) => string | Promise<string>,
): Promise<Cut> {
  const rows = (await cuts.dialogueLines(cut.projectId)).filter(
    (row) => row.shotId !== null && row.durationMs > 0 && isKeyInScope(row.key, { projectId: cut.projectId }),
  );
  if (rows.length === 0) return withDialogue(cut, []);
  const sources: DialogueClipSource[] = [];
  for (const row of rows) {
    sources.push({
      id: row.id,
      shotId: row.shotId,
      order: row.order,
      durationMs: row.durationMs,
      parenthetical: row.parenthetical,
      character: row.character,
      text: row.text,
      url: await url(row),
      key: row.key,
    });
  }
  return withDialogue(cut, sources);
}
