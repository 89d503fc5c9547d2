import { directFirstPass, parseScript, type Shot, shotSources } from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import { scriptMarks, sourceSpans } from '../src/pages/script/shot-lines.js';

const SCRIPT = `INT. LIGHTHOUSE - NIGHT

The lamp turns. MARA (30s) climbs the last steps, breathless.

MARA
Dad? Are you up here?

Nobody answers. Wind at the glass.

EXT. CLIFF PATH - DAWN

Mara runs along the cliff, the sea grey beneath her.

TOM
She'll never make it.
`;

/** The shots a first pass makes of the text, as the server stores them (id, name, source). */
function passShots(text: string): Pick<Shot, 'id' | 'name' | 'source'>[] {
  const pass = directFirstPass(parseScript(text, 'fountain'));
  const sources = shotSources(pass.shots);
  return pass.shots.map((shot, i) => ({ id: `shot-${i + 1}`, name: shot.name, source: sources[i] ?? null }));
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('sourceSpans', () => {
  it("maps every shot's element span to the lines of the text its pass ran on", () => {
    const shots = passShots(SCRIPT);
    const spans = sourceSpans(SCRIPT, 'fountain', shots);
    expect(spans).toHaveLength(shots.length);
    for (const span of spans) {
      expect(span.from).toBeGreaterThanOrEqual(1);
      expect(span.to).toBeGreaterThanOrEqual(span.from);
    }
    // Mara's line is the source of a shot of scene 1; Tom's of a shot of scene 2.
    const covering = (line: number) => spans.filter((span) => span.from <= line && line <= span.to);
    expect(covering(lineOf(SCRIPT, 'Dad? Are you up here?')).length).toBeGreaterThan(0);
    expect(covering(lineOf(SCRIPT, "She'll never make it.")).length).toBeGreaterThan(0);
  });

  it('leaves out hand-made shots and shots whose span is not in their scene of this text', () => {
    const [first] = passShots(SCRIPT);
    const source = first?.source as NonNullable<Shot['source']>;
    const spans = sourceSpans(SCRIPT, 'fountain', [
      { id: 'hand', name: 'Pickup', source: null },
      { id: 'moved', name: 'Elsewhere', source: { ...source, sceneHeading: 'INT. SHED - DAY' } },
      { id: 'remote', name: 'No span', source: { ...source, from: undefined, to: undefined } as never },
    ]);
    expect(spans).toEqual([]);
  });
});

describe('scriptMarks', () => {
  const shots = passShots(SCRIPT);
  const spans = sourceSpans(SCRIPT, 'fountain', shots);

  it('marks nothing edited on the text the pass ran on, and the source lines with their shots', () => {
    const marks = scriptMarks(SCRIPT, SCRIPT, spans);
    expect(marks.edited.size).toBe(0);
    expect(marks.removedAbove.size).toBe(0);
    const tom = marks.shots.get(lineOf(SCRIPT, "She'll never make it."));
    expect(tom?.length).toBeGreaterThan(0);
    // Unedited, the marked lines are exactly the shots' spans.
    const spanned = new Set(
      spans.flatMap((span) => Array.from({ length: span.to - span.from + 1 }, (_, k) => span.from + k)),
    );
    expect([...marks.shots.keys()].sort((a, b) => a - b)).toEqual([...spanned].sort((a, b) => a - b));
    expect(spanned.size).toBeLessThan(SCRIPT.split('\n').length);
  });

  it('follows the shots through edits: a rewritten line stays with its shot and is marked edited', () => {
    const edited = `FADE IN:\n\n${SCRIPT.replace('Dad? Are you up here?', 'Dad? Answer me!')}`;
    const marks = scriptMarks(SCRIPT, edited, spans);
    const line = lineOf(edited, 'Dad? Answer me!');
    expect([...marks.edited].sort((a, b) => a - b)).toEqual([1, 2, line]);
    const before = scriptMarks(SCRIPT, SCRIPT, spans).shots.get(lineOf(SCRIPT, 'Dad? Are you up here?'));
    expect(marks.shots.get(line)).toEqual(before);
    // Lines after the insertion moved down two, with their shots.
    expect(marks.shots.get(lineOf(edited, "She'll never make it."))).toEqual(
      scriptMarks(SCRIPT, SCRIPT, spans).shots.get(lineOf(SCRIPT, "She'll never make it.")),
    );
  });

  it('marks where lines were deleted, and nothing at all without a pass to compare with', () => {
    const cut = SCRIPT.replace('Nobody answers. Wind at the glass.\n\n', '');
    const marks = scriptMarks(SCRIPT, cut, spans);
    expect(marks.edited.size).toBe(0);
    expect([...marks.removedAbove]).toEqual([lineOf(cut, 'EXT. CLIFF PATH')]);
    const none = scriptMarks(null, cut, spans);
    expect([none.shots.size, none.edited.size, none.removedAbove.size]).toEqual([0, 0, 0]);
  });
});
