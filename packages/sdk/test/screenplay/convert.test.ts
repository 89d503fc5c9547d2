import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/errors.js';
import { SCRIPT_FORMATS, type ScriptFormat } from '../../src/contract/index.js';
import { convertScript, detectFormat, parseScript } from '../../src/screenplay/convert.js';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import { toFountain } from '../../src/screenplay/fountain.writer.js';
import { readFixture } from './screenplay-fixtures.js';

describe('detectFormat', () => {
  it('tells Final Draft, laid-out plain text and Fountain apart', () => {
    expect(detectFormat(readFixture('night-ferry.fdx'))).toBe('fdx');
    expect(detectFormat('\n  <FinalDraft><Content/></FinalDraft>')).toBe('fdx');
    expect(detectFormat(readFixture('last-ferry.txt'))).toBe('text');
    expect(detectFormat(readFixture('night-ferry.fountain'))).toBe('fountain');
    expect(detectFormat('INT. KITCHEN - DAY\n\nShe pours coffee.\n')).toBe('fountain');
  });
});

describe('convertScript', () => {
  const sources: Record<ScriptFormat, string> = {
    fountain: readFixture('night-ferry.fountain'),
    fdx: readFixture('night-ferry.fdx'),
    text: readFixture('last-ferry.txt'),
  };

  it.each(SCRIPT_FORMATS.flatMap((from) => SCRIPT_FORMATS.map((to) => [from, to] as const)))(
    'converts %s to %s keeping every scene heading and cue',
    (from, to) => {
      const original = parseScript(sources[from], from);
      const converted = parseScript(convertScript(sources[from], from, to), to);
      const headings = (elements: typeof original.elements) =>
        elements.flatMap((element) =>
          element.type === 'scene_heading' && element.text.includes('.') ? [element.text] : [],
        );
      const cues = (elements: typeof original.elements) =>
        elements.flatMap((element) => (element.type === 'character' ? [element.name.toUpperCase()] : []));
      expect(headings(converted.elements)).toEqual(headings(original.elements));
      expect(cues(converted.elements)).toEqual(cues(original.elements));
    },
  );

  it('detects the source format with auto and gives canonical Fountain', () => {
    const fountain = convertScript(sources.fdx, 'auto', 'fountain');
    expect(fountain).toBe(toFountain(parseFountain(fountain)));
    expect(fountain).toContain('ELI\nNow!\n\nJUNE ^\nNot yet!');
  });

  it('rejects an unknown format with the catalogue validation error', () => {
    expect(() => convertScript('x', 'fountain', 'docx' as ScriptFormat)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        statusCode: 400,
        message: MESSAGES.scriptValidationFailed,
        details: [{ path: 'format', message: "Unsupported format 'docx': use fountain, fdx, text" }],
      }),
    );
    expect(() => parseScript('x', 'pdf' as ScriptFormat)).toThrow(MESSAGES.scriptValidationFailed);
  });
});
