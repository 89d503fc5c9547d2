import { type Extension, type Range, RangeSet, StateEffect, StateField, type Text } from '@codemirror/state';
import { type EditorView, GutterMarker, gutter } from '@codemirror/view';
import type { ScriptMarks, ShotRef } from './shot-lines.js';

/** New marks for the current text (lines of the doc as it is when the effect is dispatched). */
export const setScriptMarks = StateEffect.define<ScriptMarks>();

/** What the mark of a line says on hover. */
export function markTitle(shots: readonly ShotRef[], edited: boolean, removedAbove: boolean): string {
  const parts: string[] = [];
  if (shots.length === 1) parts.push(`Feeds shot “${shots[0]?.name}” — click to open it in the shot lab`);
  else if (shots.length > 1)
    parts.push(
      `Feeds ${shots.length} shots: ${shots.map((shot) => `“${shot.name}”`).join(', ')} — click to open the first in the shot lab`,
    );
  if (edited) parts.push('Edited since the last first pass: revise the shots to bring them up to date');
  if (removedAbove) parts.push('Lines were deleted above since the last first pass');
  return parts.join('\n');
}

class ScriptMarker extends GutterMarker {
  constructor(
    readonly shots: readonly ShotRef[],
    readonly edited: boolean,
    readonly removedAbove: boolean,
    /** The first line of a shot that starts here (a new shot's mark begins with a notch). */
    readonly starts: boolean,
  ) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return (
      other instanceof ScriptMarker &&
      other.edited === this.edited &&
      other.removedAbove === this.removedAbove &&
      other.starts === this.starts &&
      other.shots.map((shot) => shot.id).join() === this.shots.map((shot) => shot.id).join()
    );
  }

  override toDOM(): Node {
    const mark = document.createElement('span');
    mark.className = 'cm-script-mark';
    if (this.shots.length > 0) {
      const bar = document.createElement('span');
      bar.className = this.starts
        ? 'cm-script-mark__shot cm-script-mark__shot--start'
        : 'cm-script-mark__shot';
      mark.append(bar);
      mark.dataset.shots = this.shots.map((shot) => shot.id).join(' ');
    }
    if (this.edited || this.removedAbove) {
      const edit = document.createElement('span');
      edit.className = this.edited ? 'cm-script-mark__edit' : 'cm-script-mark__removed';
      mark.append(edit);
    }
    mark.title = markTitle(this.shots, this.edited, this.removedAbove);
    return mark;
  }
}

/** The markers and, per line start, the shots that line feeds (for clicks and the jump command). */
interface MarkState {
  markers: RangeSet<GutterMarker>;
}

function build(marks: ScriptMarks, doc: Text): MarkState {
  const lines = new Set([...marks.shots.keys(), ...marks.edited, ...marks.removedAbove]);
  const ranges: Range<GutterMarker>[] = [];
  for (const number of [...lines].sort((a, b) => a - b)) {
    if (number < 1 || number > doc.lines) continue;
    const shots = marks.shots.get(number) ?? [];
    const above = marks.shots.get(number - 1) ?? [];
    const starts = shots.some((shot) => !above.some((known) => known.id === shot.id));
    ranges.push(
      new ScriptMarker(shots, marks.edited.has(number), marks.removedAbove.has(number), starts).range(
        doc.line(number).from,
      ),
    );
  }
  return { markers: RangeSet.of(ranges, true) };
}

const markField = StateField.define<MarkState>({
  create: () => ({ markers: RangeSet.empty }),
  update(value, transaction) {
    let next = transaction.docChanged ? { markers: value.markers.map(transaction.changes) } : value;
    for (const effect of transaction.effects)
      if (effect.is(setScriptMarks)) next = build(effect.value, transaction.state.doc);
    return next;
  },
});

/** The shots the line at `pos` feeds, as its mark says (none when the line has no shot mark). */
export function shotsAt(view: EditorView, pos: number): readonly ShotRef[] {
  const line = view.state.doc.lineAt(pos);
  let found: readonly ShotRef[] = [];
  view.state.field(markField).markers.between(line.from, line.from, (from, _to, marker) => {
    if (from === line.from && marker instanceof ScriptMarker) found = marker.shots;
  });
  return found;
}

/**
 * The script ↔ shots gutter: a violet bar beside the lines that feed shots (a notch where a shot
 * starts; a click opens the shot), an amber one beside lines edited since the last first pass.
 */
export function scriptMarksGutter(onShots: (shots: readonly ShotRef[]) => void): Extension {
  return [
    markField,
    gutter({
      class: 'cm-script-gutter',
      markers: (view) => view.state.field(markField).markers,
      initialSpacer: () => new ScriptMarker([], false, false, false),
      domEventHandlers: {
        mousedown: (view, block) => {
          const shots = shotsAt(view, block.from);
          if (shots.length === 0) return false;
          onShots(shots);
          return true;
        },
      },
    }),
  ];
}
