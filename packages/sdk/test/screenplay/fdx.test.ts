import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/errors.js';
import { parseFdx, toFdx } from '../../src/screenplay/fdx.js';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { Screenplay } from '../../src/screenplay/fountain.types.js';
import { toFountain } from '../../src/screenplay/fountain.writer.js';
import { ScriptFormatError } from '../../src/screenplay/script-format-error.js';
import { decodeEntities, parseXml, XmlSyntaxError } from '../../src/screenplay/xml.js';
import { FEATURE_TIMEOUT_MS, readFixture, useGeneratedScreenplay } from './screenplay-fixtures.js';

function readError(xml: string): ScriptFormatError {
  try {
    parseFdx(xml);
  } catch (error) {
    if (error instanceof ScriptFormatError) return error;
    throw error;
  }
  throw new Error('parseFdx read a broken file without an error');
}

/** What a round trip must keep: every heading, cue and printed line, in order. */
function printed(screenplay: Screenplay): string[] {
  return screenplay.elements.flatMap((element) => {
    switch (element.type) {
      case 'scene_heading':
        return [`HEADING ${element.text} #${element.sceneNumber ?? ''}`];
      case 'character':
        return [`CUE ${element.name} ${element.extension ?? ''} ${element.dual ?? ''}`];
      case 'action':
      case 'dialogue':
      case 'parenthetical':
      case 'transition':
      case 'centered':
      case 'lyrics':
        return element.text.split('\n').map((line) => `${element.type.toUpperCase()} ${line}`);
      default:
        return [];
    }
  });
}

describe('parseFdx on a file with every paragraph type', () => {
  const screenplay = parseFdx(readFixture('night-ferry.fdx'));

  it('maps every paragraph type, text runs with styles, entities, CDATA and dual dialogue', () => {
    expect(screenplay.elements.map(({ line: _line, endLine: _end, ...rest }) => rest)).toEqual([
      { type: 'section', text: 'ACT ONE', depth: 1 },
      { type: 'scene_heading', text: 'EXT. HARBOR - NIGHT', sceneNumber: '1', forced: false },
      { type: 'action', text: 'Rain hammers the pier. **Everything** is _*wet*_.', forced: false },
      { type: 'action', text: 'JUNE, ELI, THE FERRYMAN', forced: false },
      { type: 'character', name: 'JUNE', extension: '(V.O.)', forced: false },
      { type: 'parenthetical', text: '(softly)' },
      { type: 'dialogue', text: 'Fish & chips, ***again***? It costs 5 \\* 2 pounds.' },
      { type: 'action', text: 'ANGLE ON THE FERRY', forced: true },
      { type: 'action', text: 'A horn sounds — twice. "All aboard," someone calls.', forced: false },
      { type: 'character', name: 'ELI', dual: 'left', forced: false },
      { type: 'dialogue', text: 'Now!' },
      { type: 'character', name: 'JUNE', dual: 'right', forced: false },
      { type: 'dialogue', text: 'Not yet!' },
      { type: 'transition', text: 'CUT TO:', forced: false },
      { type: 'page_break' },
      { type: 'scene_heading', text: 'INT. FERRY CABIN - CONTINUOUS', sceneNumber: '2', forced: false },
      { type: 'centered', text: 'THE END' },
      { type: 'action', text: 'She types <ENTER> & waits.', forced: false },
      { type: 'centered', text: 'END OF ACT ONE' },
    ]);
  });

  it('keeps the XML line of each paragraph', () => {
    expect(screenplay.scenes.map((scene) => [scene.heading.text, scene.line, scene.endLine])).toEqual([
      ['EXT. HARBOR - NIGHT', 8, 52],
      ['INT. FERRY CABIN - CONTINUOUS', 52, 64],
    ]);
  });

  it('reads the title page by its layout', () => {
    expect(screenplay.titlePage.map(({ key, value }) => [key, value])).toEqual([
      ['Title', '_NIGHT FERRY_'],
      ['Credit', 'Written by'],
      ['Author', 'Ada Quill'],
      ['Draft date', 'Draft of 1 March 2026'],
      ['Contact', 'ada@example.com'],
    ]);
  });

  it('reports an unknown paragraph type and reads it as action', () => {
    const xml =
      '<FinalDraft><Content><Paragraph Type="Outline 1"><Text>Beat one</Text></Paragraph></Content></FinalDraft>';
    const unknown = parseFdx(xml);
    expect(unknown.elements).toEqual([
      { type: 'action', text: 'Beat one', forced: false, line: 1, endLine: 1 },
    ]);
    expect(unknown.diagnostics).toEqual([
      {
        line: 1,
        severity: 'warning',
        code: 'FDX_UNKNOWN_PARAGRAPH',
        message: "Paragraph type 'Outline 1' is not known; it was read as action",
      },
    ]);
  });
});

describe('parseFdx on files it cannot read', () => {
  it.each([
    [
      'an unclosed paragraph',
      '<FinalDraft>\n<Content>\n<Paragraph Type="Action">\n<Text>x</Text>\n</Content>\n</FinalDraft>',
      5,
      'Expected </Paragraph> (opened at line 3) but found </Content>',
    ],
    [
      'a file cut short',
      '<FinalDraft>\n  <Content>\n    <Paragraph Type="Action"><Text>half',
      3,
      'Unclosed <Text> opened at line 3',
    ],
    [
      'an unquoted attribute',
      '<FinalDraft>\n<Content>\n<Paragraph Type=Action>',
      3,
      'Attribute Type needs a quoted value',
    ],
    ['text before the root', 'INT. HOUSE - DAY\n<FinalDraft/>', 1, 'Text before the root element'],
    [
      'a second root',
      '<FinalDraft><Content/></FinalDraft>\n<FinalDraft/>',
      2,
      'Content after the root element',
    ],
    [
      'another XML document',
      '<?xml version="1.0"?>\n<html><body/></html>',
      2,
      'Not a Final Draft document: the root element is <html>, expected <FinalDraft>',
    ],
    [
      'a document with no Content',
      '<FinalDraft Version="5">\n</FinalDraft>',
      1,
      'The <FinalDraft> element has no <Content>',
    ],
    ['an empty file', '', 1, 'The document has no root element'],
    ['an unclosed comment', '<FinalDraft>\n<!-- note\n', 2, 'Unclosed comment'],
  ])('reports %s with its line', (_what, xml, line, reason) => {
    const error = readError(xml);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: MESSAGES.scriptValidationFailed,
    });
    expect(error.line).toBe(line);
    expect(error.reason).toBe(reason);
    expect(error.details?.[0]?.message).toBe(reason);
  });
});

describe('the XML reader', () => {
  it('decodes the five entities and numeric references, and leaves unknown ones as written', () => {
    expect(decodeEntities('&amp; &lt; &gt; &quot; &apos; &#233; &#x2014; &nbsp; & alone')).toBe(
      '& < > " \' é — &nbsp; & alone',
    );
  });

  it('reads attributes in either quote, self-closing tags, comments and processing instructions', () => {
    const root = parseXml(
      "<?xml version='1.0'?><!DOCTYPE fdx><a x='1' y=\"&lt;2&gt;\"><!-- c --><b/><?pi x?>t</a>",
    );
    expect(root).toMatchObject({ name: 'a', attributes: { x: '1', y: '<2>' } });
    expect(root.children).toEqual([{ name: 'b', attributes: {}, children: [], line: 1, endLine: 1 }, 't']);
  });

  it('gives the line and column of a syntax error', () => {
    expect(() => parseXml('<a>\n  <b></c>\n</a>')).toThrow(XmlSyntaxError);
    try {
      parseXml('<a>\n  <b></c>\n</a>');
    } catch (error) {
      expect(error).toMatchObject({ line: 2, column: 6 });
    }
  });
});

describe('toFdx', () => {
  it('writes every element, dual dialogue, styles, scene numbers, page breaks and the title page', () => {
    const xml = toFdx(parseFountain(readFixture('night-ferry.fountain')));
    expect(xml).toContain(
      '<Paragraph Type="Scene Heading" Number="1"><Text>EXT. HARBOR - NIGHT</Text></Paragraph>',
    );
    expect(xml).toContain(
      '<Paragraph Type="Action"><Text>Rain hammers the pier. A FERRY idles, its horn low and </Text><Text Style="Italic">tired</Text><Text>.</Text></Paragraph>',
    );
    expect(xml).toContain('<Paragraph Type="Shot"><Text>THE LIGHT SWEEPS ONCE, TWICE.</Text></Paragraph>');
    expect(xml).toContain(
      '<Paragraph Type="Scene Heading" StartsNewPage="Yes"><Text>EXT. ROOFTOP - DAY</Text></Paragraph>',
    );
    expect(xml).toContain(
      '<Paragraph Type="Lyrics"><Text>Row, row, row the boat\ngently down the stream</Text></Paragraph>',
    );
    expect(xml).toContain(
      '<Paragraph Type="General"><Text>[[This scene may move to act two.]]</Text></Paragraph>',
    );
    expect(xml).toContain('<Paragraph Alignment="Center"><Text Style="Bold">Night Ferry</Text></Paragraph>');
    expect(xml).not.toContain('Old ending');
    expect(parseXml(xml).name).toBe('FinalDraft');
  });

  it('escapes XML and drops characters XML cannot hold', () => {
    const xml = toFdx(parseFountain('\nEXT. A & B <C> - DAY\n\nShe says "hi"\u0007.\n'));
    expect(xml).toContain('<Text>EXT. A &amp; B &lt;C&gt; - DAY</Text>');
    expect(xml).toContain('<Text>She says &quot;hi&quot;.</Text>');
  });

  it('wraps a dual pair in DualDialogue and reads it back', () => {
    const xml = toFdx(parseFountain(readFixture('interrogation.fountain')));
    expect(xml).toMatch(
      /<Paragraph><DualDialogue>\n.*NELL.*\n.*At the diner\..*\n.*RUIZ.*\n.*At the lighthouse\..*\n\s*<\/DualDialogue><\/Paragraph>/,
    );
    const cues = parseFdx(xml).elements.filter((element) => element.type === 'character');
    expect(cues.map((cue) => cue.dual ?? '')).toEqual(['', '', '', '', 'left', 'right', '', '', '', '']);
  });
});

describe('Fountain → FDX → Fountain', () => {
  it.each(['night-ferry.fountain', 'interrogation.fountain', 'quiet-hour.fountain'])(
    'keeps every scene, cue and line of %s',
    (name) => {
      const original = parseFountain(readFixture(name));
      const back = parseFountain(toFountain(parseFdx(toFdx(original))));
      expect(printed(back)).toEqual(printed(original));
      // Final Draft's title page has no keys: 'Authors' comes back as the layout's 'Author'.
      const keyed = (screenplay: Screenplay) =>
        screenplay.titlePage.map(({ key, value }) => [key.toLowerCase().replace(/s$/, ''), value]);
      expect(keyed(back)).toEqual(keyed(original));
    },
  );

  describe('on the generated 120-page screenplay', { timeout: FEATURE_TIMEOUT_MS }, () => {
    const generated = useGeneratedScreenplay(120);

    it('keeps every scene, cue and line, and the title page', () => {
      const back = parseFountain(toFountain(parseFdx(toFdx(generated.screenplay))));
      expect(back.scenes.length).toBe(generated.screenplay.scenes.length);
      expect(printed(back)).toEqual(printed(generated.screenplay));
      expect(back.titlePage.map(({ key, value }) => [key, value])).toEqual(
        generated.screenplay.titlePage.map(({ key, value }) => [key, value]),
      );
    });
  });
});
