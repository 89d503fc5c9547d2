import '@testing-library/jest-dom/vitest';
import { EditorView } from '@codemirror/view';
import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ScriptEditor, type ScriptEditorHandle } from '../src/pages/script/script-editor.js';

// jsdom lays nothing out: CodeMirror's measuring asks ranges for rectangles.
beforeAll(() => {
  const empty = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function setup(initialContent = 'INT. DINER - NIGHT\n\nJOE\nHi.\n') {
  const ref = createRef<ScriptEditorHandle>();
  const onChange = vi.fn();
  const onSave = vi.fn();
  const onPalette = vi.fn();
  render(
    <ScriptEditor
      ref={ref}
      initialContent={initialContent}
      onChange={onChange}
      onSave={onSave}
      onPalette={onPalette}
    />,
  );
  const content = screen.getByRole('textbox', { name: 'Script editor' });
  const view = EditorView.findFromDOM(content) as EditorView;
  return { ref, onChange, onSave, onPalette, content, view };
}

describe('ScriptEditor', () => {
  it('is labelled, shows the script and colours it with our Fountain mode', () => {
    const { content } = setup();
    expect(content).toHaveAttribute('aria-label', 'Script editor');
    expect(content).toHaveAttribute('contenteditable', 'true');
    const lines = [...content.querySelectorAll('.cm-line')];
    expect(
      lines.map((line) => line.className.replace('cm-line', '').replace('cm-activeLine', '').trim()),
    ).toEqual([
      'fl fl--scene-heading',
      'fl fl--blank',
      'fl fl--character',
      'fl fl--dialogue',
      'fl fl--blank',
    ]);
  });

  it('reports every edit, and replaces the content as one undoable change', () => {
    const { ref, onChange, view } = setup('JOE');
    act(() => {
      view.dispatch({ changes: { from: 3, insert: '\nHello.' }, userEvent: 'input.type' });
    });
    expect(onChange).toHaveBeenLastCalledWith('JOE\nHello.');
    act(() => ref.current?.replaceContent('INT. NEW - DAY\n', 'input.import'));
    expect(ref.current?.getContent()).toBe('INT. NEW - DAY\n');
    expect(onChange).toHaveBeenLastCalledWith('INT. NEW - DAY\n');
    act(() => {
      ref.current?.undo();
    });
    expect(ref.current?.getContent()).toBe('JOE\nHello.');
  });

  it('runs the save and palette actions from Mod-S and Mod-K inside the editor', () => {
    const { content, onSave, onPalette } = setup();
    const save = new KeyboardEvent('keydown', {
      key: 's',
      code: 'KeyS',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    content.dispatchEvent(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(save.defaultPrevented).toBe(true);
    content.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true }),
    );
    expect(onPalette).toHaveBeenCalledTimes(1);
  });

  it('shows problems on their lines and jumps to a line', () => {
    const { ref, content, view } = setup('INT. DINER - NIGHT\n\n@JOE\n\n[[ open');
    act(() =>
      ref.current?.setProblems([
        {
          line: 3,
          severity: 'warning',
          code: 'CUE_WITHOUT_DIALOGUE',
          message: 'Character cue JOE has no dialogue',
        },
        {
          line: 5,
          severity: 'error',
          code: 'UNCLOSED_NOTE',
          message: 'Note opened with [[ is never closed with ]]',
        },
      ]),
    );
    const flagged = [...content.querySelectorAll('.cm-problem-line')];
    expect(flagged.map((line) => [line.textContent, line.getAttribute('title')])).toEqual([
      ['@JOE', 'Character cue JOE has no dialogue'],
      ['[[ open', 'Note opened with [[ is never closed with ]]'],
    ]);
    expect(content.querySelector('.cm-problem-line--error .cm-problem-mark--error')).not.toBeNull();
    act(() => ref.current?.jumpToLine(5));
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(5);
  });
});
