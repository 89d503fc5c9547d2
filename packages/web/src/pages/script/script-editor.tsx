import { defaultKeymap, history, historyKeymap, redo, undo } from '@codemirror/commands';
import { EditorSelection, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  scrollPastEnd,
} from '@codemirror/view';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { fountain } from './fountain-highlight.js';
import { type Problem, problems, setProblems } from './problems.js';
import { scriptMarksGutter, setScriptMarks, shotsAt } from './shot-gutter.js';
import type { ScriptMarks, ShotRef } from './shot-lines.js';

export interface CursorPosition {
  line: number;
  column: number;
}

/** What the page does with the editor. */
export interface ScriptEditorHandle {
  getContent: () => string;
  /** Replaces the whole script as one undoable change (import, format). */
  replaceContent: (content: string, userEvent: string) => void;
  /** Moves the cursor to the start of a line, scrolls it to the middle and focuses the editor. */
  jumpToLine: (line: number) => void;
  setProblems: (list: readonly Problem[]) => void;
  /** The gutter's shot and edit marks, for the text as it is now. */
  setScriptMarks: (marks: ScriptMarks) => void;
  /** The shots the cursor's line feeds. */
  shotsAtCursor: () => readonly ShotRef[];
  undo: () => boolean;
  redo: () => boolean;
  focus: () => void;
}

export interface ScriptEditorProps {
  initialContent: string;
  onChange: (content: string) => void;
  onCursor?: (position: CursorPosition) => void;
  /** Mod-S inside the editor, where the global shortcut is ignored. */
  onSave: () => void;
  /** Mod-K inside the editor. */
  onPalette?: () => void;
  /** A click on a line's shot mark. */
  onShotMark?: (shots: readonly ShotRef[]) => void;
  ref?: Ref<ScriptEditorHandle>;
}

function cursorOf(state: EditorState): CursorPosition {
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  return { line: line.number, column: head - line.from + 1 };
}

/** CodeMirror 6 with our Fountain mode, problems, history and the app's save and palette keys. */
export function ScriptEditor({
  initialContent,
  onChange,
  onCursor,
  onSave,
  onPalette,
  onShotMark,
  ref,
}: ScriptEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onCursor, onSave, onPalette, onShotMark });
  callbacks.current = { onChange, onCursor, onSave, onPalette, onShotMark };
  const initial = useRef(initialContent);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          dropCursor(),
          highlightActiveLine(),
          scrollPastEnd(),
          EditorView.lineWrapping,
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-s',
                preventDefault: true,
                run: () => {
                  callbacks.current.onSave();
                  return true;
                },
              },
              {
                key: 'Mod-k',
                run: () => {
                  if (!callbacks.current.onPalette) return false;
                  callbacks.current.onPalette();
                  return true;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          fountain(),
          problems(),
          scriptMarksGutter((shots) => callbacks.current.onShotMark?.(shots)),
          EditorView.contentAttributes.of({
            'aria-label': 'Script editor',
            // Focusable to tools that do not count contenteditable (axe's scrollable-region rule).
            tabindex: '0',
            'aria-multiline': 'true',
            spellcheck: 'true',
            autocapitalize: 'off',
            autocorrect: 'off',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
            if (update.docChanged || update.selectionSet)
              callbacks.current.onCursor?.(cursorOf(update.state));
          }),
        ],
      }),
    });
    view.current = editor;
    callbacks.current.onCursor?.(cursorOf(editor.state));
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    (): ScriptEditorHandle => ({
      getContent: () => view.current?.state.doc.toString() ?? initial.current,
      replaceContent: (content, userEvent) => {
        const editor = view.current;
        if (!editor) return;
        const { doc, selection } = editor.state;
        const head = Math.min(selection.main.head, content.length);
        editor.dispatch({
          changes: { from: 0, to: doc.length, insert: content },
          selection: EditorSelection.cursor(head),
          userEvent,
          scrollIntoView: true,
        });
      },
      jumpToLine: (number) => {
        const editor = view.current;
        if (!editor) return;
        const line = editor.state.doc.line(Math.min(Math.max(number, 1), editor.state.doc.lines));
        editor.dispatch({
          selection: EditorSelection.cursor(line.from),
          effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
        });
        editor.focus();
      },
      setProblems: (list) => view.current?.dispatch({ effects: setProblems.of(list) }),
      setScriptMarks: (marks) => view.current?.dispatch({ effects: setScriptMarks.of(marks) }),
      shotsAtCursor: () =>
        view.current ? shotsAt(view.current, view.current.state.selection.main.head) : [],
      undo: () => (view.current ? undo(view.current) : false),
      redo: () => (view.current ? redo(view.current) : false),
      focus: () => view.current?.focus(),
    }),
    [],
  );

  return <div ref={host} className="script-editor" />;
}
