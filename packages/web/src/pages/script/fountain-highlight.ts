import type { Extension, Range, Text } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { classifyFountainLines, type FountainLine, inlineSpans } from './fountain-lines.js';

const lineDecorations = new Map<string, Decoration>();
const markDecorations = new Map<string, Decoration>();

function lineDecoration(kind: string): Decoration {
  let decoration = lineDecorations.get(kind);
  if (!decoration) {
    decoration = Decoration.line({ class: `fl fl--${kind}` });
    lineDecorations.set(kind, decoration);
  }
  return decoration;
}

function markDecoration(kind: string): Decoration {
  let decoration = markDecorations.get(kind);
  if (!decoration) {
    decoration = Decoration.mark({ class: `fl-${kind}` });
    markDecorations.set(kind, decoration);
  }
  return decoration;
}

/** Kinds whose inline notes, emphasis and boneyard are coloured. */
const INLINE_KINDS = new Set([
  'action',
  'dialogue',
  'character',
  'scene-heading',
  'transition',
  'centered',
  'lyrics',
]);

function classify(doc: Text): FountainLine[] {
  return classifyFountainLines(doc.toJSON());
}

/**
 * The Fountain mode: one line decoration per line (`fl--scene-heading`, `fl--character`,
 * `fl--dialogue`…, styled in script.css), dim forcing markers, and marks for notes, inline boneyard
 * and emphasis. The whole document is classified on each change (a line's kind depends on its
 * neighbours); only the visible lines are decorated.
 */
const fountainPlugin = ViewPlugin.fromClass(
  class {
    lines: FountainLine[];
    decorations: DecorationSet;

    constructor(view: EditorView) {
      this.lines = classify(view.state.doc);
      this.decorations = this.build(view);
    }

    update(update: ViewUpdate) {
      if (update.docChanged) this.lines = classify(update.state.doc);
      if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
    }

    build(view: EditorView): DecorationSet {
      const ranges: Range<Decoration>[] = [];
      const { doc } = view.state;
      for (const { from, to } of view.visibleRanges) {
        for (let position = from; position <= to; ) {
          const docLine = doc.lineAt(position);
          const info = this.lines[docLine.number - 1];
          if (info) {
            ranges.push(lineDecoration(info.kind).range(docLine.from));
            if (info.marker > 0 && docLine.length > 0) {
              ranges.push(markDecoration('marker').range(docLine.from, docLine.from + info.marker));
            }
            if (info.kind === 'title-key') {
              const colon = docLine.text.indexOf(':');
              if (colon > 0)
                ranges.push(markDecoration('title-key').range(docLine.from, docLine.from + colon + 1));
            }
            if (INLINE_KINDS.has(info.kind)) {
              for (const span of inlineSpans(docLine.text)) {
                ranges.push(
                  markDecoration(span.kind).range(docLine.from + span.from, docLine.from + span.to),
                );
              }
            }
          }
          position = docLine.to + 1;
        }
      }
      return Decoration.set(ranges, true);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

export function fountain(): Extension {
  return fountainPlugin;
}
