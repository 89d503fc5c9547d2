import { parseFountain, type ScriptElement, toFdx } from '@reelbench/sdk';
import { describe, expect, it, vi } from 'vitest';
import {
  decodeText,
  exportScript,
  fileBaseName,
  IMPORT_ACCEPT,
  IMPORT_FAILED_TOAST,
  IMPORT_TOAST,
  importFile,
  importScript,
  ScriptImportError,
} from '../src/pages/script/script-io.js';

const SCRIPT = [
  'Title: The Night Shift',
  'Credit: Written by',
  'Author: Mara Voss',
  '',
  'INT. DINER - NIGHT',
  '',
  'Rain streaks the windows. A *single* bulb flickers.',
  '',
  'JOE',
  '(leaning in)',
  "You're still here?",
  '',
  'LENA',
  'Somebody has to close.',
  '',
  'CUT TO:',
  '',
  'EXT. PARKING LOT - CONTINUOUS',
  '',
  'A cassette tape sits on the windshield.',
  '',
].join('\n');

const BROKEN_FDX = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<FinalDraft DocumentType="Script" Version="5">',
  '<Content>',
  '<Paragraph Type="Action"><Text>Hi</Text>',
  '</Content>',
  '</FinalDraft>',
].join('\n');

/** What an element says, without where it is: the same script read twice compares equal. */
function shape(elements: readonly ScriptElement[]) {
  return elements.map((element) => {
    const { line: _line, endLine: _endLine, ...rest } = element;
    return rest;
  });
}

const bytesOf = (data: Uint8Array) =>
  data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
const file = (name: string, text: string | Uint8Array) => ({
  name,
  arrayBuffer: () =>
    Promise.resolve(bytesOf(typeof text === 'string' ? new TextEncoder().encode(text) : text)),
});
/** An editor holding `content`, whose confirmation answers `answer`. */
const editorWith = (content = '', answer = true) => ({
  current: () => content,
  replace: vi.fn(),
  confirmReplace: vi.fn(() => Promise.resolve(answer)),
});
/** Latin-1/Windows-1252 bytes of `text` (every character below U+0100). */
const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe('importScript', () => {
  it('accepts the four script extensions', () => {
    expect(IMPORT_ACCEPT.split(',')).toEqual(['.fountain', '.fdx', '.txt', '.spmd']);
  });

  it('keeps Fountain as written, with Unix line endings and no byte order mark', () => {
    const imported = importScript('night.fountain', `\ufeff${SCRIPT.replace(/\n/g, '\r\n')}`);
    expect(imported).toEqual({ content: SCRIPT, format: 'fountain', fileName: 'night.fountain' });
  });

  it('converts Final Draft to Fountain with the engine', () => {
    const imported = importScript('night.fdx', toFdx(parseFountain(SCRIPT)));
    expect(imported.format).toBe('fdx');
    expect(imported.content).toContain('INT. DINER - NIGHT');
    expect(imported.content).toContain("JOE\n(leaning in)\nYou're still here?");
    expect(shape(parseFountain(imported.content).elements)).toEqual(shape(parseFountain(SCRIPT).elements));
  });

  it('reads a .txt as Fountain, or as Final Draft when it is XML', () => {
    expect(importScript('notes.txt', SCRIPT).format).toBe('fountain');
    expect(importScript('export.txt', toFdx(parseFountain(SCRIPT))).format).toBe('fdx');
  });

  it('reports a broken Final Draft file with its line and column', () => {
    let caught: unknown;
    try {
      importScript('broken.fdx', BROKEN_FDX);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ScriptImportError);
    const error = caught as ScriptImportError;
    expect(error.line).toBe(5);
    expect(error.column).toBe(1);
    expect(error.message).toMatch(/^broken\.fdx, line 5, column 1: /);
  });

  it('refuses binary and empty files', () => {
    expect(() => importScript('photo.txt', 'ok\nok\n\u0000\u0001')).toThrow(
      /line 3: This is not a text file/,
    );
    expect(() => importScript('empty.fountain', '  \n\n')).toThrow(/line 1: The file is empty/);
  });
});

describe('importFile', () => {
  it('replaces the content and says which file was imported', async () => {
    const target = editorWith();
    const { replace } = target;
    const notify = vi.fn();
    const imported = await importFile(file('night.fdx', toFdx(parseFountain(SCRIPT))), target, notify);
    expect(imported?.format).toBe('fdx');
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace.mock.calls[0]?.[0]).toContain('EXT. PARKING LOT - CONTINUOUS');
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      title: IMPORT_TOAST,
      message: 'night.fdx (converted from Final Draft)',
    });
  });

  it('imports Fountain as it is', async () => {
    const target = editorWith();
    const { replace } = target;
    const notify = vi.fn();
    await importFile(file('night.fountain', SCRIPT), target, notify);
    expect(replace).toHaveBeenCalledWith(SCRIPT);
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      title: 'Script imported',
      message: 'night.fountain',
    });
  });

  it('does not replace the content when the file cannot be read, and names the line', async () => {
    const target = editorWith();
    const { replace } = target;
    const notify = vi.fn();
    const imported = await importFile(file('broken.fdx', BROKEN_FDX), target, notify);
    expect(imported).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledTimes(1);
    const toast = notify.mock.calls[0]?.[0];
    expect(toast).toMatchObject({ type: 'error', title: IMPORT_FAILED_TOAST });
    expect(toast.message).toMatch(/^broken\.fdx, line 5, column 1: .+/);
  });

  it('reports a file that cannot be read at all', async () => {
    const target = editorWith();
    const { replace } = target;
    const notify = vi.fn();
    await importFile(
      { name: 'gone.fountain', arrayBuffer: () => Promise.reject(new Error('NotReadableError')) },
      target,
      notify,
    );
    expect(replace).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      title: 'Import failed',
      message: 'gone.fountain: NotReadableError',
    });
  });
});

describe('importFile over a script with text', () => {
  it('asks first: no keeps the script, yes replaces it', async () => {
    const notify = vi.fn();
    const keep = editorWith('INT. OLD - DAY\n', false);
    expect(await importFile(file('night.fountain', SCRIPT), keep, notify)).toBeNull();
    expect(keep.confirmReplace).toHaveBeenCalledTimes(1);
    expect(keep.replace).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    const replace = editorWith('INT. OLD - DAY\n', true);
    await importFile(file('night.fountain', SCRIPT), replace, notify);
    expect(replace.replace).toHaveBeenCalledWith(SCRIPT);
  });

  it('does not ask over an empty script or one that already is the file', async () => {
    for (const content of ['', '  \n', SCRIPT]) {
      const target = editorWith(content, false);
      await importFile(file('night.fountain', SCRIPT), target, vi.fn());
      expect(target.confirmReplace).not.toHaveBeenCalled();
    }
  });
});

describe('decodeText and the encoding warning', () => {
  it('reads UTF-8 (with or without a byte order mark) and UTF-16 without a guess', async () => {
    const text = 'EXT. SUMMIT - DAY\n\nIt is -5° and the café is shut.\n';
    expect(await decodeText(new TextEncoder().encode(text))).toEqual({
      text,
      encoding: 'utf-8',
      guessed: false,
    });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(await decodeText(bom)).toEqual({ text, encoding: 'utf-8', guessed: false });
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(await decodeText(utf16)).toEqual({ text, encoding: 'utf-16le', guessed: false });
  });

  it('reads a Windows-1252 file with ° as °, and says it was a guess', async () => {
    const text =
      'INT. LAB - NIGHT\n\nThe oven reads 180° and the café sign flickers.\n\nMARA\nIt’s “fine”.\n';
    const bytes = Uint8Array.from(
      [...text].map((char) => ({ '’': 0x92, '“': 0x93, '”': 0x94 })[char] ?? char.charCodeAt(0)),
    );
    expect(await decodeText(bytes)).toEqual({ text, encoding: 'windows-1252', guessed: true });
    const plain = 'INT. LAB - NIGHT\n\nThe oven reads 180°.\n';
    expect(await decodeText(latin1(plain))).toEqual({ text: plain, encoding: 'windows-1252', guessed: true });
  });

  it('imports a Latin-1 file correctly and warns "Decoded as windows-1252"', async () => {
    const notify = vi.fn();
    const target = editorWith();
    const text = 'INT. LAB - NIGHT\n\nThe oven reads 180°.\n';
    await importFile(file('lab.fountain', latin1(text)), target, notify);
    expect(target.replace).toHaveBeenCalledWith(text);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', title: 'Decoded as windows-1252' }),
    );
    const utf8 = vi.fn();
    await importFile(file('lab.fountain', text), editorWith(), utf8);
    expect(utf8).toHaveBeenCalledTimes(1);
  });
});

describe('exportScript', () => {
  it('exports Fountain as written, ending with a newline', () => {
    expect(exportScript('INT. A - DAY', 'fountain')).toEqual({
      text: 'INT. A - DAY\n',
      mime: 'text/plain;charset=utf-8',
      extension: 'fountain',
    });
  });

  it('round-trips through Final Draft: export, import, the same screenplay', () => {
    const exported = exportScript(SCRIPT, 'fdx');
    expect(exported.extension).toBe('fdx');
    expect(exported.mime).toContain('xml');
    expect(exported.text).toContain('<FinalDraft');
    const back = importScript(`night.${exported.extension}`, exported.text);
    expect(shape(parseFountain(back.content).elements)).toEqual(shape(parseFountain(SCRIPT).elements));
    expect(parseFountain(back.content).titlePage.map((entry) => [entry.key, entry.value])).toEqual([
      ['Title', 'The Night Shift'],
      ['Credit', 'Written by'],
      ['Author', 'Mara Voss'],
    ]);
  });

  it('round-trips through Fountain', () => {
    const exported = exportScript(SCRIPT, 'fountain');
    expect(importScript('night.fountain', exported.text).content).toBe(
      SCRIPT.endsWith('\n') ? SCRIPT : `${SCRIPT}\n`,
    );
  });

  it('exports plain text laid out as a page, which imports back with the same scenes and speakers', () => {
    const exported = exportScript(SCRIPT, 'text');
    expect(exported.extension).toBe('txt');
    expect(exported.text).toContain('INT. DINER - NIGHT');
    expect(exported.text).not.toContain('*single*');
    const back = parseFountain(importScript('night.txt', exported.text).content);
    const names = (elements: readonly ScriptElement[]) =>
      elements.flatMap((element) =>
        element.type === 'scene_heading'
          ? [element.text]
          : element.type === 'character'
            ? [element.name]
            : [],
      );
    expect(names(back.elements)).toEqual(names(parseFountain(SCRIPT).elements));
  });

  it('names the file after the project', () => {
    expect(fileBaseName('The Night Shift: Part 2')).toBe('the-night-shift-part-2');
    expect(fileBaseName('Café Noir')).toBe('cafe-noir');
    expect(fileBaseName(undefined)).toBe('script');
    expect(fileBaseName('***')).toBe('script');
  });
});
