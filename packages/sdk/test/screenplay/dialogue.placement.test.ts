import { describe, expect, it } from 'vitest';
import { PACINGS } from '../../src/contract/constants.js';
import { dialogueShotSeconds } from '../../src/screenplay/dialogue.js';
import { placeDialogue } from '../../src/screenplay/dialogue.placement.js';
import { DIALOGUE_PAUSES, PARENTHETICAL_PAUSE_SECONDS } from '../../src/screenplay/director.rules.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'aaaaaaaa-0000-4000-8000-000000000002';
const C = 'aaaaaaaa-0000-4000-8000-000000000003';

function line(id: string, shotId: string | null, order: number, durationMs: number, parenthetical?: string) {
  return { id, shotId, order, durationMs, parenthetical: parenthetical ?? null };
}

describe('placeDialogue', () => {
  it("plays a shot's lines one after the other from its start, with the pacing's pauses", () => {
    const pauses = DIALOGUE_PAUSES.balanced;
    const shots = [
      { shotId: A, durationSeconds: 2 },
      { shotId: B, durationSeconds: 6 },
    ];
    // Given out of order: a shot's lines play in script order.
    const lines = [line('l3', B, 3, 1500), line('l2', B, 2, 1200), line('l1', A, 1, 800)];
    const { placed, unplaced } = placeDialogue(shots, lines, 'balanced');
    expect(unplaced).toEqual([]);
    expect(placed.map((entry) => entry.line.id)).toEqual(['l1', 'l2', 'l3']);
    const [first, second, third] = placed;
    expect(first).toMatchObject({ shotId: A, shotIndex: 0, clipped: false, durationSeconds: 0.8 });
    expect(first?.startSeconds).toBeCloseTo(pauses.head, 9);
    expect(second).toMatchObject({ shotId: B, shotIndex: 1, clipped: false, durationSeconds: 1.2 });
    expect(second?.startSeconds).toBeCloseTo(2 + pauses.head, 9);
    expect(third?.offsetSeconds).toBeCloseTo(pauses.head + 1.2 + pauses.between, 9);
    expect(third?.startSeconds).toBeCloseTo(2 + pauses.head + 1.2 + pauses.between, 9);
  });

  it('adds a beat before a line whose parenthetical asks for one, as the timing does', () => {
    const pauses = DIALOGUE_PAUSES.slow;
    const lines = [line('l1', A, 0, 1000), line('l2', A, 1, 1000, '(beat)')];
    const seconds = dialogueShotSeconds(lines, 'slow');
    const { placed } = placeDialogue([{ shotId: A, durationSeconds: seconds }], lines, 'slow');
    const last = placed[1];
    expect(last?.offsetSeconds).toBeCloseTo(
      pauses.head + 1 + pauses.between + PARENTHETICAL_PAUSE_SECONDS,
      9,
    );
    // A shot timed to its lines holds them all, with the tail after the last.
    expect(seconds - ((last?.offsetSeconds ?? 0) + 1)).toBeGreaterThanOrEqual(pauses.tail - 1e-9);
    expect(placed.every((entry) => !entry.clipped)).toBe(true);
  });

  it('fits the lines of a shot timed with dialogueShotSeconds at every pacing', () => {
    for (const pacing of PACINGS) {
      const lines = [line('l1', A, 0, 2300), line('l2', A, 1, 700, '(pause)'), line('l3', A, 2, 1900)];
      const seconds = dialogueShotSeconds(lines, pacing);
      const { placed } = placeDialogue([{ shotId: A, durationSeconds: seconds }], lines, pacing);
      expect(placed).toHaveLength(3);
      expect(placed.some((entry) => entry.clipped)).toBe(false);
      const end = (placed[2]?.startSeconds ?? 0) + (placed[2]?.durationSeconds ?? 0);
      expect(end).toBeLessThanOrEqual(seconds);
    }
  });

  it("clips a line at its shot's end and says so; a line that would begin after the end is left out", () => {
    const lines = [line('l1', A, 0, 1500), line('l2', A, 1, 1500), line('l3', A, 2, 1000)];
    const { placed, unplaced } = placeDialogue([{ shotId: A, durationSeconds: 2.5 }], lines, 'fast');
    const head = DIALOGUE_PAUSES.fast.head;
    const between = DIALOGUE_PAUSES.fast.between;
    expect(placed.map((entry) => entry.line.id)).toEqual(['l1', 'l2']);
    expect(placed[0]).toMatchObject({ clipped: false, durationSeconds: 1.5, clipSeconds: 1.5 });
    expect(placed[1]?.clipped).toBe(true);
    expect(placed[1]?.clipSeconds).toBe(1.5);
    expect(placed[1]?.durationSeconds).toBeCloseTo(2.5 - (head + 1.5 + between), 9);
    // Where it would have begun, so a timeline can still draw it past the shot's end.
    expect(unplaced).toEqual([
      { line: lines[2], reason: 'after-shot-end', shotIndex: 0, offsetSeconds: expect.any(Number) },
    ]);
    expect(unplaced[0]?.offsetSeconds).toBeCloseTo(head + 1.5 + between + 1.5 + between, 9);
  });

  it('leaves out lines without a shot or whose shot is gone; a shot used twice speaks at its first use', () => {
    const lines = [line('gone', C, 0, 500), line('none', null, 1, 500), line('twice', A, 2, 500)];
    const shots = [
      { shotId: B, durationSeconds: 1 },
      { shotId: A.toUpperCase(), durationSeconds: 2 },
      { shotId: B, durationSeconds: 1 },
      { shotId: A, durationSeconds: 2 },
    ];
    const { placed, unplaced } = placeDialogue(shots, lines);
    expect(unplaced.map((entry) => [entry.line.id, entry.reason])).toEqual([
      ['gone', 'no-shot'],
      ['none', 'no-shot'],
    ]);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ shotIndex: 1, shotId: A.toUpperCase() });
    expect(placed[0]?.startSeconds).toBeCloseTo(1 + DIALOGUE_PAUSES.balanced.head, 9);
  });

  it('uses the first pass default pacing when none is given', () => {
    const lines = [line('l1', A, 0, 500)];
    const shots = [{ shotId: A, durationSeconds: 3 }];
    expect(placeDialogue(shots, lines)).toEqual(placeDialogue(shots, lines, 'balanced'));
    expect(placeDialogue(shots, lines, 'slow').placed[0]?.startSeconds).toBe(DIALOGUE_PAUSES.slow.head);
  });
});
