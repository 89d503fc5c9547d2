/**
 * The screenplay model every importer (Fountain, Final Draft, plain text) produces and every
 * consumer (writers, page model, analysis, validation, the first-pass director) reads.
 * `line` and `endLine` are 1-based lines of the source the element came from.
 */
export interface SourceSpan {
  line: number;
  endLine: number;
}

/** One `Key: value` entry of the title page; multi-line values are joined with '\n'. */
export interface TitlePageEntry extends SourceSpan {
  type: 'title_entry';
  key: string;
  value: string;
}

export interface SceneHeadingElement extends SourceSpan {
  type: 'scene_heading';
  /** The heading as written, without the forcing '.' and without the scene number. */
  text: string;
  /** '12A' for a heading written `INT. HOUSE - DAY #12A#`. */
  sceneNumber?: string;
  /** Written with a leading '.' (or imported from a format that does not need forcing). */
  forced: boolean;
}

export interface ActionElement extends SourceSpan {
  type: 'action';
  /** Lines joined with '\n'; leading indentation is kept, as Fountain asks. */
  text: string;
  forced: boolean;
}

export interface CharacterElement extends SourceSpan {
  type: 'character';
  /** The cue without '@', extensions and '^': 'MARA VOSS', 'McCLANE'. */
  name: string;
  /** Every parenthetical after the name, parentheses included: '(V.O.)', "(O.S.) (CONT'D)". */
  extension?: string;
  /** Dual dialogue: the cue written with '^' is 'right', the cue before it becomes 'left'. */
  dual?: 'left' | 'right';
  forced: boolean;
}

export interface DialogueElement extends SourceSpan {
  type: 'dialogue';
  /** Consecutive dialogue lines joined with '\n'; an empty line is a deliberate blank (two spaces). */
  text: string;
}

export interface ParentheticalElement extends SourceSpan {
  type: 'parenthetical';
  /** Parentheses included: '(quietly)'. */
  text: string;
}

export interface TransitionElement extends SourceSpan {
  type: 'transition';
  text: string;
  forced: boolean;
}

export interface CenteredElement extends SourceSpan {
  type: 'centered';
  /** Without the '>' and '<' markers; several lines joined with '\n'. */
  text: string;
}

export interface SectionElement extends SourceSpan {
  type: 'section';
  text: string;
  /** Number of '#': 1 for an act, 2 for a sequence, ... */
  depth: number;
}

export interface SynopsisElement extends SourceSpan {
  type: 'synopsis';
  text: string;
}

export interface NoteElement extends SourceSpan {
  type: 'note';
  /** Without the '[[' and ']]' markers. */
  text: string;
  /** Written inside a dialogue block (no blank line around it). */
  inDialogue?: boolean;
}

export interface LyricsElement extends SourceSpan {
  type: 'lyrics';
  /** Without the '~' markers; several lines joined with '\n'. */
  text: string;
  /** Sung inside a dialogue block, by the character of the cue above. */
  inDialogue?: boolean;
}

export interface PageBreakElement extends SourceSpan {
  type: 'page_break';
}

/** Text the writer commented out with `/* ... *\/` over whole lines. It is never printed. */
export interface BoneyardElement extends SourceSpan {
  type: 'boneyard';
  text: string;
}

export type ScriptElement =
  | SceneHeadingElement
  | ActionElement
  | CharacterElement
  | DialogueElement
  | ParentheticalElement
  | TransitionElement
  | CenteredElement
  | SectionElement
  | SynopsisElement
  | NoteElement
  | LyricsElement
  | PageBreakElement
  | BoneyardElement;

export type ScriptElementType = ScriptElement['type'];

/** A scene: its heading and the elements up to the next heading. */
export interface SceneBlock extends SourceSpan {
  /** 1-based position of the scene in the script. */
  number: number;
  heading: SceneHeadingElement;
  /** Index of the heading in `Screenplay.elements`. */
  headingIndex: number;
  /** Index one past the scene's last element in `Screenplay.elements`. */
  endIndex: number;
}

/** Something an importer noticed but could read past (an unclosed note, an unknown FDX type). */
export interface ScriptDiagnostic {
  line: number;
  column?: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
}

export interface Screenplay {
  titlePage: TitlePageEntry[];
  elements: ScriptElement[];
  scenes: SceneBlock[];
  diagnostics: ScriptDiagnostic[];
}
