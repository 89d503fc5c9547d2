import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/errors.js';
import { SCRIPT_FORMATS, type ScriptFormat } from '../../src/contract/index.js';
import { FORMAT_HELP, formatHelp } from '../../src/screenplay/format-help.js';
import { MAX_LINE_LENGTH, scriptValidationError, validateScript } from '../../src/screenplay/validate.js';
import { readFixture } from './screenplay-fixtures.js';

function codes(content: string, format: ScriptFormat = 'fountain'): [number, string, string][] {
  return validateScript(content, format).findings.map(({ line, severity, code }) => [line, severity, code]);
}

describe('validateScript', () => {
  it('finds nothing wrong in the well-formed fixtures', () => {
    expect(validateScript(readFixture('night-ferry.fountain'), 'fountain')).toEqual({
      valid: true,
      format: 'fountain',
      findings: [],
      summary: { errors: 0, warnings: 0, scenes: 7, characters: 3, pageCount: 2 },
    });
    expect(validateScript(readFixture('night-ferry.fdx'), 'fdx').valid).toBe(true);
    expect(validateScript(readFixture('last-ferry.txt'), 'text').valid).toBe(true);
  });

  it('reports an empty script', () => {
    expect(codes('')).toEqual([[1, 'error', 'EMPTY_SCRIPT']]);
    expect(codes('  \n\n')).toEqual([[1, 'error', 'EMPTY_SCRIPT']]);
    expect(codes('# ACT ONE\n\n[[only notes]]\n')).toEqual([[1, 'error', 'EMPTY_SCRIPT']]);
  });

  it('reports an unclosed boneyard and an unclosed note with their lines', () => {
    const result = validateScript(
      'EXT. SEA - DAY\n\nWaves. [[check\n\nMore waves.\n\n/* old\n\nstuff\n',
      'fountain',
    );
    expect(result.valid).toBe(false);
    expect(result.findings).toEqual([
      {
        line: 3,
        column: 8,
        severity: 'error',
        code: 'UNCLOSED_NOTE',
        message: 'Note opened with [[ is never closed with ]]',
      },
      {
        line: 7,
        column: 1,
        severity: 'error',
        code: 'UNCLOSED_BONEYARD',
        message: 'Boneyard opened with /* is never closed with */',
      },
    ]);
  });

  it('accepts a note closed on a later line of the same paragraph', () => {
    expect(codes('Waves. [[check\nthis]] again.\n')).toEqual([]);
  });

  it('reports a cue with no dialogue, dialogue with no cue and a parenthetical outside dialogue', () => {
    expect(codes('@MARA\n\nShe leaves.\n\n(beat)\n')).toEqual([
      [1, 'warning', 'CUE_WITHOUT_DIALOGUE'],
      [5, 'warning', 'PARENTHETICAL_OUTSIDE_DIALOGUE'],
    ]);
    const fdx =
      '<FinalDraft><Content>\n<Paragraph Type="Action"><Text>She leaves.</Text></Paragraph>\n<Paragraph Type="Dialogue"><Text>Who said that?</Text></Paragraph>\n<Paragraph Type="Character"><Text>ELI</Text></Paragraph>\n</Content></FinalDraft>';
    expect(codes(fdx, 'fdx')).toEqual([
      [3, 'error', 'DIALOGUE_WITHOUT_CUE'],
      [4, 'warning', 'CUE_WITHOUT_DIALOGUE'],
    ]);
  });

  it('reports a heading with no location and very long lines', () => {
    const long = `She ${'runs '.repeat(MAX_LINE_LENGTH / 5)}`;
    expect(codes(`INT. - NIGHT\n\n${long}\n`)).toEqual([
      [1, 'warning', 'HEADING_WITHOUT_LOCATION'],
      [3, 'warning', 'LONG_LINE'],
    ]);
    expect(validateScript(`INT. - NIGHT\n\n${long}\n`, 'fountain').valid).toBe(true);
  });

  it('reports an unreadable FDX file at the line of the XML error', () => {
    const result = validateScript('<FinalDraft>\n<Content>\n<Paragraph Type="Action">\n</Content>\n', 'fdx');
    expect(result).toMatchObject({ valid: false, summary: { errors: 1, scenes: 0, pageCount: 0 } });
    expect(result.findings).toEqual([
      {
        line: 4,
        column: 1,
        severity: 'error',
        code: 'FDX_UNREADABLE',
        message:
          'The Final Draft file cannot be read: Expected </Paragraph> (opened at line 3) but found </Content>',
      },
    ]);
  });

  it('turns an invalid result into the catalogue error with the errors as details', () => {
    const error = scriptValidationError(validateScript('/* open\n\nINT. A - DAY\n', 'fountain'));
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: MESSAGES.scriptValidationFailed,
      details: [{ path: 'line 1, column 1', message: 'Boneyard opened with /* is never closed with */' }],
    });
  });

  it('rejects an unknown format with the catalogue error', () => {
    expect(() => validateScript('x', 'docx' as ScriptFormat)).toThrow(MESSAGES.scriptValidationFailed);
  });
});

describe('formatHelp', () => {
  it('describes fountain, fdx and text', () => {
    for (const format of SCRIPT_FORMATS) {
      const help = formatHelp(format);
      expect(help).toBe(FORMAT_HELP[format]);
      expect(help.format).toBe(format);
      expect(help.elements.length).toBeGreaterThan(5);
    }
    expect(FORMAT_HELP.fountain.elements.map((element) => element.name)).toEqual(
      expect.arrayContaining([
        'Scene heading',
        'Character',
        'Dual dialogue',
        'Boneyard',
        'Page break',
        'Lyrics',
        'Emphasis',
      ]),
    );
  });

  it('gives the not-found error for another format', () => {
    expect(() => formatHelp('pdf')).toThrow(
      expect.objectContaining({
        code: 'NOT_FOUND_ERROR',
        statusCode: 404,
        message: 'Script format pdf not found',
      }),
    );
  });

  it('gives examples that parse as the element they show', () => {
    const heading = FORMAT_HELP.fountain.elements.find((element) => element.name === 'Scene heading');
    expect(heading && validateScript(`\n${heading.example}\n\nShe waits.\n`, 'fountain').summary.scenes).toBe(
      1,
    );
  });
});
