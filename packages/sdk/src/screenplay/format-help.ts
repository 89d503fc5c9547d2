import { formatMessage, ReelbenchError } from '../contract/errors.js';
import type { ScriptFormat, ScriptFormatHelp } from '../contract/script.js';
import { isScriptFormat } from './script-format-error.js';

/** `GET /api/script/format-help/{format}`: how to write each element in each format we read. */
export const FORMAT_HELP: Record<ScriptFormat, ScriptFormatHelp> = {
  fountain: {
    format: 'fountain',
    title: 'Fountain',
    summary:
      'Plain text with a few rules (fountain.io): blank lines separate elements, capitals mark headings and cues, and a leading character forces any element.',
    elements: [
      {
        name: 'Title page',
        syntax: 'Key: value lines at the very top, then a blank line',
        example: 'Title: The Ledger\nCredit: Written by\nAuthor: Mara Voss',
      },
      {
        name: 'Scene heading',
        syntax:
          'INT., EXT., EST., INT./EXT. or I/E with a blank line before and after; # #number# at the end',
        example: 'INT. LIGHTHOUSE - NIGHT #12A#',
      },
      {
        name: 'Forced scene heading',
        syntax: 'A line starting with one period and a letter or digit',
        example: '.SNIPER SCOPE POV',
      },
      {
        name: 'Action',
        syntax: 'Any paragraph that is not another element; ! forces it',
        example: '!BANG. The door flies open.',
      },
      {
        name: 'Character',
        syntax: 'A line in capitals after a blank line with dialogue right below; @ forces it',
        example: "MARA (V.O.)\n@McCLANE\nELI (CONT'D)",
      },
      { name: 'Dual dialogue', syntax: '^ after the second cue', example: 'ELI\nNow!\n\nMARA ^\nNow!' },
      {
        name: 'Dialogue',
        syntax: 'The lines under a cue, up to the next blank line; two spaces keep a blank line inside',
        example: 'MARA\nWhere were you?',
      },
      {
        name: 'Parenthetical',
        syntax: 'A line in parentheses inside dialogue',
        example: 'MARA\n(quietly)\nWhere were you?',
      },
      {
        name: 'Transition',
        syntax: 'Capitals ending in TO: with blank lines around; > forces it',
        example: 'CUT TO:\n> FADE TO BLACK.',
      },
      { name: 'Centered', syntax: 'Text between > and <', example: '> THE END <' },
      { name: 'Lyrics', syntax: 'Lines starting with ~', example: '~The tide comes in' },
      { name: 'Section', syntax: 'One # per level; not printed', example: '# ACT ONE' },
      {
        name: 'Synopsis',
        syntax: 'A line starting with =; not printed',
        example: '= Mara finds the ledger.',
      },
      {
        name: 'Note',
        syntax: 'Text in [[double brackets]]; not printed',
        example: '[[Check continuity here.]]',
      },
      {
        name: 'Boneyard',
        syntax: 'Text between /* and */ is ignored',
        example: '/* An older version of the scene */',
      },
      { name: 'Page break', syntax: 'A line of three or more =', example: '===' },
      {
        name: 'Emphasis',
        syntax: '*italic*, **bold**, ***bold italic***, _underline_; \\* for a literal star',
        example: 'She is **not** _ready_.',
      },
    ],
  },
  fdx: {
    format: 'fdx',
    title: 'Final Draft (.fdx)',
    summary:
      'Final Draft XML: <FinalDraft><Content> holds one <Paragraph Type="..."> per element, its words in <Text> runs whose Style may be Bold, Italic or Underline.',
    elements: [
      {
        name: 'Scene heading',
        syntax: '<Paragraph Type="Scene Heading" Number="12">',
        example: '<Paragraph Type="Scene Heading"><Text>INT. LIGHTHOUSE - NIGHT</Text></Paragraph>',
      },
      {
        name: 'Action',
        syntax: '<Paragraph Type="Action"> (General, Shot and Cast List read as action)',
        example: '<Paragraph Type="Action"><Text>Mara climbs the stairs.</Text></Paragraph>',
      },
      {
        name: 'Character',
        syntax: '<Paragraph Type="Character">',
        example: '<Paragraph Type="Character"><Text>MARA (V.O.)</Text></Paragraph>',
      },
      {
        name: 'Dialogue',
        syntax: '<Paragraph Type="Dialogue">',
        example: '<Paragraph Type="Dialogue"><Text>Where were you?</Text></Paragraph>',
      },
      {
        name: 'Parenthetical',
        syntax: '<Paragraph Type="Parenthetical">',
        example: '<Paragraph Type="Parenthetical"><Text>(quietly)</Text></Paragraph>',
      },
      {
        name: 'Transition',
        syntax: '<Paragraph Type="Transition">',
        example: '<Paragraph Type="Transition"><Text>CUT TO:</Text></Paragraph>',
      },
      {
        name: 'Dual dialogue',
        syntax: '<Paragraph><DualDialogue> around both speeches',
        example: '<Paragraph><DualDialogue>…two Character/Dialogue pairs…</DualDialogue></Paragraph>',
      },
      {
        name: 'Centered',
        syntax: 'Alignment="Center" on an action paragraph; End of Act reads as centered',
        example: '<Paragraph Type="Action" Alignment="Center"><Text>THE END</Text></Paragraph>',
      },
      {
        name: 'Act',
        syntax: '<Paragraph Type="New Act"> becomes a section',
        example: '<Paragraph Type="New Act"><Text>ACT ONE</Text></Paragraph>',
      },
      {
        name: 'Page break',
        syntax: 'StartsNewPage="Yes" on the paragraph after the break',
        example: '<Paragraph Type="Scene Heading" StartsNewPage="Yes">',
      },
      {
        name: 'Emphasis',
        syntax: '<Text Style="Bold+Italic+Underline">',
        example: '<Text>She is </Text><Text Style="Bold">not</Text><Text> ready.</Text>',
      },
      {
        name: 'Title page',
        syntax:
          '<TitlePage><Content> paragraphs: centred title, credit and author; left-aligned date and contact',
        example: '<Paragraph Alignment="Center"><Text>THE LEDGER</Text></Paragraph>',
      },
    ],
  },
  text: {
    format: 'text',
    title: 'Plain text',
    summary:
      'A script laid out as on the page, as pasted from a PDF: headings at the margin, cues indented far right, dialogue indented less. Hard-wrapped lines join back into paragraphs; page numbers and (MORE)/(CONTINUED) are dropped.',
    elements: [
      {
        name: 'Scene heading',
        syntax: 'A line starting with INT., EXT., EST., INT./EXT. or I/E; scene numbers at either margin',
        example: '12 INT. LIGHTHOUSE - NIGHT 12',
      },
      { name: 'Action', syntax: 'Paragraphs at the left margin', example: 'Mara climbs the stairs.' },
      {
        name: 'Character',
        syntax: 'A line in capitals indented 15 or more columns, dialogue below it',
        example: '                    MARA',
      },
      {
        name: 'Parenthetical',
        syntax: 'A line in parentheses under a cue',
        example: '               (quietly)',
      },
      {
        name: 'Dialogue',
        syntax: 'The indented lines under a cue, up to a blank line',
        example: '          Where were you?',
      },
      {
        name: 'Transition',
        syntax: 'Capitals ending in TO:, or FADE IN:, FADE OUT.',
        example: '                                             CUT TO:',
      },
      {
        name: 'Title page',
        syntax: 'Lines before the first heading with a credit line (Written by)',
        example: 'THE LEDGER\n\nWritten by\n\nMara Voss',
      },
    ],
  },
};

/** The help for one format; an unknown one is the catalogue's not-found error. */
export function formatHelp(format: string): ScriptFormatHelp {
  if (!isScriptFormat(format)) {
    throw new ReelbenchError({
      code: 'NOT_FOUND_ERROR',
      message: formatMessage.notFound(`Script format ${format}`),
    });
  }
  return FORMAT_HELP[format];
}
