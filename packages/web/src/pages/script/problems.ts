import { type Extension, type Range, RangeSet, StateEffect, StateField, type Text } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, GutterMarker, gutter } from '@codemirror/view';
import type { ScriptFinding } from '@reelbench/sdk';

/** A validation finding as the editor shows it: on its line, with its message as the tooltip. */
export type Problem = Pick<ScriptFinding, 'line' | 'column' | 'severity' | 'message' | 'code'>;

export const setProblems = StateEffect.define<readonly Problem[]>();

class ProblemMarker extends GutterMarker {
  constructor(
    readonly severity: Problem['severity'],
    readonly message: string,
  ) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return (
      other instanceof ProblemMarker && other.severity === this.severity && other.message === this.message
    );
  }

  override toDOM(): Node {
    const dot = document.createElement('span');
    dot.className = `cm-problem-dot cm-problem-dot--${this.severity}`;
    dot.title = this.message;
    return dot;
  }
}

interface ProblemState {
  marks: DecorationSet;
  markers: RangeSet<GutterMarker>;
}

const empty: ProblemState = { marks: Decoration.none, markers: RangeSet.empty };

/** Problems on the same line are shown as one: the worst severity, every message. */
function byLine(problems: readonly Problem[], doc: Text): Map<number, Problem[]> {
  const lines = new Map<number, Problem[]>();
  for (const problem of problems) {
    const line = Math.min(Math.max(problem.line, 1), doc.lines);
    lines.set(line, [...(lines.get(line) ?? []), problem]);
  }
  return lines;
}

function build(problems: readonly Problem[], doc: Text): ProblemState {
  const marks: Range<Decoration>[] = [];
  const markers: Range<GutterMarker>[] = [];
  for (const [number, list] of byLine(problems, doc)) {
    const line = doc.line(number);
    const severity = list.some((problem) => problem.severity === 'error') ? 'error' : 'warning';
    const message = list.map((problem) => problem.message).join('\n');
    marks.push(
      Decoration.line({
        class: `cm-problem-line cm-problem-line--${severity}`,
        attributes: { title: message },
      }).range(line.from),
    );
    const start = line.from + (line.text.length - line.text.trimStart().length);
    if (line.to > start) {
      marks.push(
        Decoration.mark({ class: `cm-problem-mark cm-problem-mark--${severity}` }).range(start, line.to),
      );
    }
    markers.push(new ProblemMarker(severity, message).range(line.from));
  }
  return { marks: Decoration.set(marks, true), markers: RangeSet.of(markers, true) };
}

const problemField = StateField.define<ProblemState>({
  create: () => empty,
  update(value, transaction) {
    let next = value;
    if (transaction.docChanged) {
      next = {
        marks: value.marks.map(transaction.changes),
        markers: value.markers.map(transaction.changes),
      };
    }
    for (const effect of transaction.effects) {
      if (effect.is(setProblems)) next = build(effect.value, transaction.state.doc);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.marks),
});

/** Lint-like problems: a coloured dot in a gutter, a tinted line with a wavy underline, the message on hover. */
export function problems(): Extension {
  return [
    problemField,
    gutter({
      class: 'cm-problem-gutter',
      markers: (view) => view.state.field(problemField).markers,
      initialSpacer: () => new ProblemMarker('warning', ''),
    }),
  ];
}
