import { createHash } from 'node:crypto';
import type { CharacterVoice, DialogueDelivery, DialogueManner } from '@reelbench/sdk/contract';
import { normalizedScriptText, type ScriptDialogueLine } from '@reelbench/sdk/screenplay';
import type { DialogueLineEntity } from './dialogue-line.entity.js';
import { deliveryFilters } from './dialogue-sound.js';

/** Bumped when the way a clip is made changes (filters, rate): every generated line is then spoken again. */
export const DIALOGUE_SOUND_VERSION = 1;

/** What a generated clip is made from; the same inputs give the same clip, so the same hash. */
export function dialogueHash(input: {
  text: string;
  voice: CharacterVoice;
  manner: DialogueManner;
  delivery: DialogueDelivery;
  provider: string;
}): string {
  const { voice } = input;
  const key = JSON.stringify([
    DIALOGUE_SOUND_VERSION,
    input.provider,
    input.text,
    voice.variant,
    voice.pitch,
    voice.speed,
    voice.voiceId ?? null,
    input.manner,
    input.delivery,
    deliveryFilters(input.delivery, input.manner),
  ]);
  return createHash('sha256').update(key).digest('hex');
}

/** A recorded take stays with its line while the line's speaker and words stay the same. */
export function takeKey(character: string, text: string): string {
  return `${character}\n${normalizedScriptText(text)}`;
}

/** One script line as the next run writes it. */
export interface PlannedLine {
  line: ScriptDialogueLine;
  voice: CharacterVoice;
  assetId: string | null;
  shotId: string | null;
  hash: string;
  /** The row it updates (its id kept), or null for a new row. */
  row: DialogueLineEntity | null;
  /** 'keep': its clip stays (unchanged, or a recorded take); 'speak': it is spoken now. */
  action: 'keep' | 'speak';
}

export interface DialoguePlan {
  lines: PlannedLine[];
  /** Rows of lines the script no longer has. */
  removed: DialogueLineEntity[];
}

/**
 * Matches the script's lines to the stored rows: a recorded take first (same speaker and words), then
 * a generated clip with the same hash (wherever the line moved), then the row at the same place for
 * the same speaker (a revised line keeps its id and gets a new clip). What is left is removed.
 */
export function planDialogue(
  lines: readonly (Omit<PlannedLine, 'row' | 'action'> & { line: ScriptDialogueLine })[],
  rows: readonly DialogueLineEntity[],
): DialoguePlan {
  const free = new Set(rows);
  const takes = new Map<string, DialogueLineEntity[]>();
  const byHash = new Map<string, DialogueLineEntity[]>();
  for (const row of rows) {
    const map = row.source === 'uploaded' ? takes : byHash;
    const key = row.source === 'uploaded' ? takeKey(row.character, row.text) : row.hash;
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  const claim = (candidates: DialogueLineEntity[] | undefined): DialogueLineEntity | null => {
    const row = candidates?.find((candidate) => free.has(candidate)) ?? null;
    if (row) free.delete(row);
    return row;
  };
  const planned: PlannedLine[] = lines.map((entry) => {
    const take = claim(takes.get(takeKey(entry.line.character, entry.line.text)));
    if (take) return { ...entry, row: take, action: 'keep' };
    const same = claim(byHash.get(entry.hash));
    if (same) return { ...entry, row: same, action: 'keep' };
    return { ...entry, row: null, action: 'speak' };
  });
  // A revised line keeps the id of the row that stood at its place for the same speaker.
  for (const entry of planned) {
    if (entry.row !== null) continue;
    const previous = [...free].find(
      (row) => row.order === entry.line.order && row.character === entry.line.character,
    );
    if (previous) {
      free.delete(previous);
      entry.row = previous;
    }
  }
  return { lines: planned, removed: [...free] };
}
