import type { FirstPassScene, FirstPassShot, FramingType, StyleGuide } from '../contract/index.js';
import { DEFAULT_SCENE_NAME, ReelbenchError, styleGuideSchema, TEXT_LIMITS } from '../contract/index.js';
import { AssetIndex } from './director.assets.js';
import {
  type Coverage,
  chooseCoverage,
  coverageFraming,
  describeDialogue,
  groupSpeeches,
  listenerFor,
  makeSpeech,
  type Speech,
  speechScript,
  spokenText,
} from './director.coverage.js';
import { capShotCount } from './director.limit.js';
import {
  type CameraMove,
  FRAMING_LABELS,
  PACING_RULES,
  PARENTHETICAL_PAUSE_SECONDS,
  type PacingRule,
  SPEAKING_WORDS_PER_SECOND,
} from './director.rules.js';
import { buildPrompt, clip, describesMovement } from './director.text.js';
import type { DirectorAsset, DirectorOptions, FirstPassResult, ShotDraft } from './director.types.js';
import { countWords, plainText } from './emphasis.js';
import type {
  ActionElement,
  CenteredElement,
  LyricsElement,
  Screenplay,
  ScriptElement,
} from './fountain.types.js';
import { NameMatcher } from './name-matcher.js';
import { ELEMENT_WIDTHS, SECONDS_PER_LINE, wrappedLineCount } from './page-model.js';
import { PropFinder } from './props.js';
import {
  characterKey,
  continuesDialogue,
  parseSceneHeading,
  type SceneHeadingParts,
} from './screenplay.model.js';
import { sentenceRanges, splitByWords } from './sentences.js';

export type { DirectorAsset, DirectorOptions, FirstPassResult, LinkedAsset } from './director.types.js';

interface DirectorScene {
  number: number;
  heading: string;
  parts: SceneHeadingParts;
  /** The location as shots name it: the asset's name when the project has one. */
  location: string;
  locationPrompt: string;
  /** Elements before the scene's first heading play first, in scene 1. */
  prologue: ScriptElement[];
  body: ScriptElement[];
}

function toStyleGuide(input: Partial<StyleGuide>): StyleGuide {
  const parsed = styleGuideSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ReelbenchError({
    code: 'VALIDATION_ERROR',
    message: 'Invalid style guide',
    details: parsed.error.issues.map((issue) => ({
      path: ['styleGuide', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}

/**
 * The embedded first pass: a rule-based director that turns a screenplay into an ordered, timed
 * shot list with no network. See docs/screenplay.md for the rules.
 */
export function directFirstPass(
  screenplay: Screenplay,
  styleGuide: Partial<StyleGuide> = {},
  options: DirectorOptions = {},
): FirstPassResult {
  const guide = toStyleGuide(styleGuide);
  const director = new Director(screenplay, guide, options.assets ?? []);
  return director.run();
}

class Director {
  private readonly rule: PacingRule;
  private readonly speakers: string[];
  private readonly mentions: NameMatcher;
  private readonly props: PropFinder;
  private readonly assets: AssetIndex;

  constructor(
    private readonly screenplay: Screenplay,
    private readonly guide: StyleGuide,
    assets: readonly DirectorAsset[],
  ) {
    this.rule = PACING_RULES[guide.pacing];
    this.speakers = [
      ...new Set(
        screenplay.elements.flatMap((element) =>
          element.type === 'character' ? [characterKey(element)] : [],
        ),
      ),
    ];
    this.mentions = new NameMatcher(this.speakers, true);
    this.assets = new AssetIndex(assets);
    this.props = new PropFinder({
      characters: this.speakers,
      propAssets: this.assets.propNames(),
      handledObjects: guide.template === 'insert',
    });
  }

  run(): FirstPassResult {
    const scenes = directorScenes(this.screenplay, this.assets);
    const drafted = scenes.map((scene) => this.coverScene(scene));
    const capped = capShotCount(drafted);
    const shots: FirstPassShot[] = [];
    const outScenes: FirstPassScene[] = [];
    let clock = 0;
    scenes.forEach((scene, s) => {
      const shotIndexes: number[] = [];
      (capped[s] ?? []).forEach((draft, k) => {
        const deciseconds = Math.max(
          Math.round(draft.seconds * 10),
          Math.round(this.rule.minShotSeconds * 10),
          10,
        );
        shotIndexes.push(shots.length);
        shots.push(this.toShot(scene, draft, k + 1, clock, deciseconds));
        this.assets.link(draft, scene.parts.location, shots.length - 1);
        clock += deciseconds;
      });
      outScenes.push({ number: scene.number, heading: scene.heading, name: sceneName(scene), shotIndexes });
    });
    return {
      shots,
      scenes: outScenes,
      missingAssets: this.assets.missing(
        this.speakers,
        scenes.flatMap((scene) => (scene.parts.location ? [scene.parts.location] : [])),
      ),
      linkedAssets: this.assets.linked(),
    };
  }

  private coverScene(scene: DirectorScene): ShotDraft[] {
    const drafts = this.coverBeats(scene.prologue);
    if (scene.heading !== '') drafts.push(this.establishing(scene));
    drafts.push(...this.coverBeats(scene.body));
    return drafts;
  }

  private coverBeats(elements: readonly ScriptElement[]): ShotDraft[] {
    const drafts: ShotDraft[] = [];
    let exchange: Speech[] = [];
    const endExchange = () => {
      if (exchange.length > 0) drafts.push(...this.coverExchange(exchange));
      exchange = [];
    };
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as ScriptElement;
      if (element.type === 'character') {
        const parts: ScriptElement[] = [];
        while (i + 1 < elements.length && continuesDialogue(elements[i + 1] as ScriptElement)) {
          parts.push(elements[++i] as ScriptElement);
        }
        exchange.push(makeSpeech(element, parts));
        continue;
      }
      if (element.type === 'note' || element.type === 'boneyard' || element.type === 'synopsis') continue;
      endExchange();
      if (element.type === 'action' || element.type === 'centered' || element.type === 'lyrics') {
        drafts.push(...this.coverAction(element));
      }
    }
    endExchange();
    return drafts;
  }

  private establishing(scene: DirectorScene): ShotDraft {
    const { location, intExt, timeOfDay } = scene.parts;
    const upper = scene.heading.toUpperCase();
    const framing: FramingType = upper.includes('POV')
      ? 'pov'
      : upper.includes('AERIAL')
        ? 'aerial'
        : 'establishing';
    const pacing = this.guide.pacing;
    const camera: CameraMove = pacing === 'slow' ? 'crane down' : pacing === 'fast' ? 'push-in' : 'slow pan';
    const place = location ?? plainText(scene.heading);
    const when = timeOfDay ? `, ${timeOfDay.toLowerCase()}` : '';
    return {
      framing,
      camera: framing === 'pov' ? 'handheld' : camera,
      characters: [],
      // The prompt names a known location in its own place; a heading such as 'BLACK' is the subject.
      subject: location ? '' : place,
      description: `${FRAMING_LABELS[framing]} view of ${place}${when}${intExt ? ` (${intExt})` : ''}.`,
      action: `The scene opens on ${place}${when}.`,
      scriptText: scene.heading,
      seconds: Math.max(this.rule.establishingSeconds, 2 * SECONDS_PER_LINE),
      props: [],
      opensScene: true,
    };
  }

  /** Action: sentences gathered into shots by the pacing's word budget; a named prop gets an insert. */
  private coverAction(element: ActionElement | CenteredElement | LyricsElement): ShotDraft[] {
    const { text } = element;
    const centered = element.type === 'centered';
    const insertsAllowed = (this.guide.template === 'auto' || this.guide.template === 'insert') && !centered;
    const drafts: ShotDraft[] = [];
    let chunk: [number, number] | null = null;
    let chunkWords = 0;
    const flush = () => {
      if (!chunk) return;
      const shot = this.actionShot(
        asWritten(element, text.slice(...chunk)),
        chunkWords,
        drafts.length === 0,
        centered,
      );
      drafts.push(shot);
      chunk = null;
      chunkWords = 0;
    };
    for (const range of sentenceRanges(text).flatMap((r) => splitByWords(text, r, this.rule.wordsPerShot))) {
      const sentence = text.slice(...range);
      const plain = plainText(sentence);
      const words = countWords(plain);
      const props = insertsAllowed ? this.props.find(plain) : [];
      if (props.length > 0) {
        flush();
        drafts.push(this.insertShot(asWritten(element, sentence), props, drafts.length === 0));
        continue;
      }
      if (chunk && chunkWords + words > this.rule.wordsPerShot) flush();
      chunk = chunk ? [chunk[0], range[1]] : [range[0], range[1]];
      chunkWords += words;
    }
    flush();
    return drafts;
  }

  private actionSeconds(plain: string, opensParagraph: boolean): number {
    return (wrappedLineCount(plain, ELEMENT_WIDTHS.action) + (opensParagraph ? 1 : 0)) * SECONDS_PER_LINE;
  }

  private actionShot(
    scriptText: string,
    words: number,
    opensParagraph: boolean,
    centered: boolean,
  ): ShotDraft {
    const plain = readable(scriptText);
    const characters = this.mentions.find(plain);
    const { pacing } = this.guide;
    let framing: FramingType;
    if (centered || characters.length === 0) framing = 'wide';
    else if (pacing === 'slow') framing = opensParagraph ? 'wide' : 'medium';
    else if (pacing === 'fast' && characters.length === 1 && words < this.rule.wordsPerShot / 2)
      framing = 'close';
    else framing = words >= this.rule.wordsPerShot * 0.6 ? 'wide' : 'medium';
    const camera = this.moveFor(framing, describesMovement(plain) ? 'tracking' : undefined);
    return {
      framing,
      camera,
      characters,
      subject: clip(plain, 300),
      description: clip(`${FRAMING_LABELS[framing]}: ${plain}`, TEXT_LIMITS.description),
      action: clip(plain, TEXT_LIMITS.description),
      scriptText,
      seconds: this.actionSeconds(plain, opensParagraph),
      props: [],
    };
  }

  private insertShot(scriptText: string, props: string[], opensParagraph: boolean): ShotDraft {
    const plain = readable(scriptText);
    const subject = props.join(', ');
    return {
      framing: 'insert',
      camera: this.guide.pacing === 'slow' ? 'slow push-in' : 'static',
      characters: this.mentions.find(plain),
      subject: `close detail of ${subject}`,
      description: clip(`Insert on ${subject}: ${plain}`, TEXT_LIMITS.description),
      action: clip(plain, TEXT_LIMITS.description),
      scriptText,
      seconds: this.actionSeconds(plain, opensParagraph),
      props,
    };
  }

  private moveFor(framing: FramingType, preferred?: CameraMove): CameraMove {
    if (this.guide.style === 'documentary' && framing !== 'establishing' && framing !== 'insert')
      return 'handheld';
    if (preferred) return preferred;
    if (framing === 'wide') return 'slow pan';
    if (framing === 'close' || framing === 'extreme-close') return 'slow push-in';
    return 'static';
  }

  /** Dialogue coverage per the template preference; 'auto' decides by speakers and line length. */
  private coverExchange(speeches: Speech[]): ShotDraft[] {
    const speakers = [...new Set(speeches.map((speech) => speech.speaker))];
    const words = speeches.reduce((sum, speech) => sum + speech.words, 0);
    const coverage = chooseCoverage(this.guide.template, speakers.length, words / speeches.length);
    const budget = this.speechBudget();
    if (coverage === 'two-shot')
      return this.groupShots(groupSpeeches(speeches, budget, false), speakers, coverage);
    if (coverage === 'triangular') {
      const [master, ...rest] = groupSpeeches(speeches, budget, false);
      const masterShot = master ? [this.dialogueShot(master, 'wide', speakers)] : [];
      const singles = groupSpeeches(rest.flat(), this.rule.holdWords, false);
      return [...masterShot, ...this.groupShots(singles, speakers, coverage)];
    }
    return this.groupShots(
      groupSpeeches(speeches, this.rule.holdWords, coverage === 'single-close'),
      speakers,
      coverage,
    );
  }

  /** Words one dialogue shot covers: the pacing's budget, within its longest shot. */
  private speechBudget(): number {
    return Math.min(this.rule.wordsPerShot, this.rule.maxShotSeconds * SPEAKING_WORDS_PER_SECOND);
  }

  private groupShots(groups: Speech[][], speakers: string[], coverage: Coverage): ShotDraft[] {
    const drafts: ShotDraft[] = [];
    const order = groups.flat();
    let seen = 0;
    let previousSpeaker: string | undefined;
    groups.forEach((group, index) => {
      const first = group[0] as Speech;
      const listener = listenerFor(first.speaker, previousSpeaker, order, seen, speakers);
      seen += group.length;
      previousSpeaker = group[group.length - 1]?.speaker;
      const words = group.reduce((sum, speech) => sum + speech.words, 0);
      const long = words >= this.speechBudget() * 0.75;
      const framing = coverageFraming(coverage, index, listener !== undefined, long);
      const cast =
        framing === 'two-shot'
          ? speakers
          : listener && framing === 'over-shoulder'
            ? [first.speaker, listener]
            : [first.speaker];
      if (group.length > 1) {
        drafts.push(this.dialogueShot(group, framing, cast));
        return;
      }
      this.splitSpeech(first).forEach((part, k) => {
        drafts.push(this.dialogueShot([part], k === 0 ? framing : 'close', k === 0 ? cast : [first.speaker]));
      });
    });
    return drafts;
  }

  /** A speech longer than the word budget is cut between sentences into pieces under one cue. */
  private splitSpeech(speech: Speech): Speech[] {
    const budget = this.speechBudget();
    if (speech.words <= budget) return [speech];
    const pieces: Speech[] = [];
    let parts: ScriptElement[] = [];
    let words = 0;
    const close = () => {
      if (parts.length > 0) pieces.push(makeSpeech(speech.cue, parts, pieces.length > 0));
      parts = [];
      words = 0;
    };
    for (const part of speech.parts) {
      if (part.type !== 'dialogue') {
        parts.push(part);
        continue;
      }
      let from = -1;
      let to = -1;
      const take = () => {
        if (from >= 0) parts.push({ ...part, text: part.text.slice(from, to) });
        from = -1;
      };
      for (const [start, end] of sentenceRanges(part.text)) {
        const count = countWords(plainText(part.text.slice(start, end)));
        if (words > 0 && words + count > budget) {
          take();
          close();
        }
        if (from < 0) from = start;
        to = end;
        words += count;
      }
      take();
    }
    close();
    return pieces;
  }

  private dialogueShot(group: Speech[], framing: FramingType, cast: string[]): ShotDraft {
    const speakers = [...new Set(group.map((speech) => speech.speaker))];
    const characters = [...new Set([...speakers, ...cast])].filter((name) => name !== '');
    const spoken = group.map((speech) => `${speech.speaker}: ${spokenText(speech)}`).join(' ');
    const seconds = group.reduce(
      (sum, speech) =>
        sum + speech.words / SPEAKING_WORDS_PER_SECOND + speech.parentheticals * PARENTHETICAL_PAUSE_SECONDS,
      0,
    );
    const listeners = characters.filter((name) => !speakers.includes(name));
    return {
      framing,
      camera: this.moveFor(
        framing,
        framing === 'close' && seconds > this.rule.maxShotSeconds / 2 ? 'slow push-in' : undefined,
      ),
      characters,
      subject:
        listeners.length > 0
          ? `${speakers.join(' and ')} speaking to ${listeners.join(' and ')}`
          : `${characters.join(' and ')} speaking`,
      description: clip(describeDialogue(framing, speakers, listeners), TEXT_LIMITS.description),
      action: clip(spoken, TEXT_LIMITS.description),
      scriptText: group.map(speechScript).join('\n\n'),
      seconds,
      props: [],
    };
  }

  private toShot(
    scene: DirectorScene,
    draft: ShotDraft,
    k: number,
    start: number,
    deciseconds: number,
  ): FirstPassShot {
    const characters = draft.characters.map((name) => this.assets.characterName(name));
    const looks = this.assets.characterLooks(draft.characters);
    const subject = looks === '' ? draft.subject : `${draft.subject}; featuring ${looks}`;
    return {
      name: clip(
        `${scene.number}.${k} ${FRAMING_LABELS[draft.framing]} – ${plainText(draft.subject) || scene.location}`,
        TEXT_LIMITS.name,
      ),
      description: draft.description,
      action: draft.action,
      script_text: clip(draft.scriptText, TEXT_LIMITS.prompt),
      framing: draft.framing,
      camera_move: draft.camera,
      characters,
      location: scene.location,
      ...(draft.props.length > 0 ? { props: draft.props.map((prop) => clip(prop, TEXT_LIMITS.name)) } : {}),
      prompt: clip(
        buildPrompt({
          framing: draft.framing,
          camera: draft.camera,
          subject,
          location: scene.locationPrompt,
          intExt: scene.parts.intExt,
          timeOfDay: scene.parts.timeOfDay,
          style: this.guide.style,
          aspect: this.guide.aspect,
          notes: this.guide.notes,
        }),
        TEXT_LIMITS.prompt,
      ),
      sceneNumber: scene.number,
      sceneHeading: clip(scene.heading, TEXT_LIMITS.description),
      startTime: start / 10,
      endTime: (start + deciseconds) / 10,
      duration: deciseconds / 10,
    };
  }
}

/** Lines as the script writes them: lyrics keep their '~', centered text its '> <'. */
function asWritten(element: ScriptElement, text: string): string {
  if (element.type === 'lyrics')
    return text
      .split('\n')
      .map((line) => `~${line}`)
      .join('\n');
  if (element.type === 'centered')
    return text
      .split('\n')
      .map((line) => `> ${line} <`)
      .join('\n');
  return text;
}

/** What a reader sees of written lines, on one line. */
function readable(scriptText: string): string {
  const first = scriptText.charAt(0);
  if (!scriptText.includes('\n') && first !== '~' && first !== '>') return plainText(scriptText);
  return plainText(scriptText)
    .split('\n')
    .map((line) => line.replace(/^~|^> | <$/g, '').trim())
    .join(' ');
}

function sceneName(scene: DirectorScene): string {
  const place = scene.parts.location ?? plainText(scene.heading);
  return clip(
    place === ''
      ? `${DEFAULT_SCENE_NAME} ${scene.number}`
      : `${DEFAULT_SCENE_NAME} ${scene.number}: ${place}`,
    TEXT_LIMITS.name,
  );
}

/** Scenes as the director covers them; a script with no heading is one scene. */
function directorScenes(screenplay: Screenplay, assets: AssetIndex): DirectorScene[] {
  const { elements, scenes } = screenplay;
  const first = scenes[0];
  const prologue = elements.slice(0, first ? first.headingIndex : elements.length);
  if (!first) {
    const hasContent = prologue.some((element) => element.type === 'action' || element.type === 'character');
    const parts = { intExt: null, location: null, timeOfDay: null };
    return hasContent
      ? [{ number: 1, heading: '', parts, location: '', locationPrompt: '', prologue, body: [] }]
      : [];
  }
  return scenes.map((scene, index) => {
    const parts = parseSceneHeading(scene.heading.text);
    return {
      number: scene.number,
      heading: scene.heading.text,
      parts,
      location: parts.location ? clip(assets.locationName(parts.location), TEXT_LIMITS.name) : '',
      locationPrompt: parts.location ? assets.locationPrompt(parts.location) : '',
      prologue: index === 0 ? prologue : [],
      body: elements.slice(scene.headingIndex + 1, scene.endIndex),
    };
  });
}
