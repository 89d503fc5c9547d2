import type {
  FirstPassScene,
  FirstPassShot,
  FirstPassSound,
  FirstPassTransition,
  FramingType,
  StyleGuide,
} from '../contract/index.js';
import { DEFAULT_SCENE_NAME, ReelbenchError, styleGuideSchema, TEXT_LIMITS } from '../contract/index.js';
import { AssetIndex } from './director.assets.js';
import { type CapitalsRun, sameObject } from './director.capitals.js';
import {
  describeSingle,
  makeSpeech,
  type SingleStyle,
  type Speech,
  singleFraming,
  singleStyle,
  speechAction,
  speechScript,
  speechSeconds,
  splitSpeech,
} from './director.coverage.js';
import { capShotCount } from './director.limit.js';
import { RETURN_SCENES, returnsTo, samePlace, sameTime } from './director.places.js';
import {
  DEVICE_WORD,
  deviceName,
  INTO_DEVICE,
  leaversIn,
  leavesAfter,
  lookerIn,
  type Pronoun,
  presentMentions,
  pronounsOf,
  SCREENS,
  TO_A_THING,
  TO_NOBODY,
  turnsTo,
} from './director.presence.js';
import {
  ageAliases,
  type Beat,
  deliveryOf,
  deviceOf,
  type FilmReading,
  type FilmScene,
  readScreenplay,
  type Slug,
  SUPER_LINE,
} from './director.reading.js';
import {
  type CameraMove,
  FRAMING_LABELS,
  PACING_RULES,
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
import { escapeRegExp, type Mention, NameMatcher } from './name-matcher.js';
import { ELEMENT_WIDTHS, SECONDS_PER_LINE, wrappedLineCount } from './page-model.js';
import { PropFinder } from './props.js';
import { normalizeCharacterName } from './screenplay.model.js';
import { sentenceRanges } from './sentences.js';

export type { DirectorAsset, DirectorOptions, FirstPassResult, LinkedAsset } from './director.types.js';

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

/** A first pass with what the director did for each shot, for the director's report. */
export interface DirectedPass extends FirstPassResult {
  /** Parallel to `shots`. */
  drafts: ShotDraft[];
  reading: FilmReading;
  /** Slugs the director could not carry out (nothing followed them in their scene). */
  unhonouredSlugs: string[];
}

/**
 * The embedded first pass: a rule-based director that reads a screenplay as a film maker does
 * (FILM.md) and covers it with an ordered, timed shot list, with no network. See docs/screenplay.md.
 */
export function directFirstPass(
  screenplay: Screenplay,
  styleGuide: Partial<StyleGuide> = {},
  options: DirectorOptions = {},
): FirstPassResult {
  const { shots, scenes, missingAssets, linkedAssets } = directScreenplay(screenplay, styleGuide, options);
  return { shots, scenes, missingAssets, linkedAssets };
}

/** The first pass with the director's own notes on each shot. */
export function directScreenplay(
  screenplay: Screenplay,
  styleGuide: Partial<StyleGuide> = {},
  options: DirectorOptions = {},
): DirectedPass {
  const guide = toStyleGuide(styleGuide);
  return new Director(screenplay, guide, options.assets ?? []).run();
}

/** What the camera has seen so far in a scene. */
interface SceneState {
  scene: FilmScene;
  drafts: ShotDraft[];
  /** People seen or heard on screen in the scene, in order. */
  present: string[];
  /** A conversation's geography has been shown (a master or two-shot of these speakers). */
  mastered: Set<string>;
  /** The left-to-right order of a conversation's two people, for the 180° line. */
  sides: string[];
  slug: { slug: Slug; index: number } | null;
  series: boolean;
  /** Sounds and voice-over heard before the scene's first shot: they ride on it. */
  pending: { sounds: FirstPassSound[]; seconds: number; script: string[]; from: number }[];
  lastSpeaker: string | undefined;
  objects: Set<string>;
  /** The scene's first paragraph of action: its lines that set the place ride on the establishing shot. */
  firstAction: number | null;
  /**
   * While an intercut runs (INTERCUT … END INTERCUT, BACK TO SCENE or the scene's end): the people
   * it cuts away to, each with the scene they were last seen in, where they are filmed.
   */
  intercut: Map<string, FilmScene> | null;
  /** The scene cut between places at some point: its coverage is not one room's. */
  intercutSeen: boolean;
  /** Titles called before the scene's first shot (SUPER:): laid over it. */
  titles: { text: string; words: string; index: number }[];
  /** Someone just looked at something: the next picture, if it is not of them, is what they see. */
  looker: string | undefined;
  /** The first draft after the last person left: wides from it on show the room as it is. */
  settled: number;
  /** Whom each person last went or turned to ('She turns to Joe'): their next line is said to them. */
  facing: Map<string, string>;
}

const SINGLE_FRAMINGS: ReadonlySet<FramingType> = new Set([
  'medium',
  'close',
  'extreme-close',
  'over-shoulder',
]);

class Director {
  private readonly rule: PacingRule;
  private readonly mentions: NameMatcher;
  private readonly pronouns: Map<string, Pronoun>;
  private readonly props: PropFinder;
  private readonly assets: AssetIndex;
  private readonly reading: FilmReading;
  private readonly introduced = new Set<string>();
  /** The scene each person was last seen in (on screen, in their own place). */
  private readonly lastSeen = new Map<string, FilmScene>();
  /** A scene ended on INTERCUT: the next scene is cut with the places before it. */
  private intercutNext = false;
  private readonly unhonoured: string[] = [];
  private transition: FirstPassTransition | null = null;

  constructor(
    private readonly screenplay: Screenplay,
    private readonly guide: StyleGuide,
    assets: readonly DirectorAsset[],
  ) {
    this.rule = PACING_RULES[guide.pacing];
    this.reading = readScreenplay(screenplay);
    this.mentions = new NameMatcher(this.reading.roster.names, true);
    this.pronouns = pronounsOf(screenplay.elements, this.reading.roster.names, (text) =>
      this.mentionsIn(text),
    );
    this.assets = new AssetIndex(assets);
    this.props = new PropFinder({
      propAssets: this.assets.propNames(),
      handledObjects: guide.template === 'insert',
    });
  }

  run(): DirectedPass {
    const scenes = this.reading.scenes;
    const drafted = scenes.map((scene, index) =>
      this.coverScene(scene, scenes[index - 1], scenes.slice(Math.max(0, index - RETURN_SCENES), index)),
    );
    const capped = capShotCount(drafted);
    const shots: FirstPassShot[] = [];
    const drafts: ShotDraft[] = [];
    const outScenes: FirstPassScene[] = [];
    let clock = 0;
    scenes.forEach((scene, s) => {
      const shotIndexes: number[] = [];
      const names = this.sceneNames(scene);
      (capped[s] ?? []).forEach((draft, k) => {
        const deciseconds = Math.max(
          Math.round(draft.seconds * 10),
          Math.round(this.rule.minShotSeconds * 10),
          10,
        );
        // An intercut shot is filmed where its people are, in the scene's numbering.
        const where = draft.at ? this.sceneNames(draft.at) : names;
        shotIndexes.push(shots.length);
        shots.push(this.toShot(scene, where, draft, k + 1, clock, deciseconds));
        drafts.push(draft);
        this.assets.link(draft, where.place, shots.length - 1);
        clock += deciseconds;
      });
      outScenes.push({
        number: scene.number,
        heading: plainText(scene.heading),
        name: sceneName(scene),
        shotIndexes,
      });
    });
    const last = shots[shots.length - 1];
    if (last && this.transition) last.transitionOut = this.transition;
    return {
      shots,
      scenes: outScenes,
      missingAssets: this.assets.missing(
        this.reading.roster.names.filter((name) => this.speaks(name)),
        scenes.flatMap((scene) => (scene.place ? [scene.place] : [])),
      ),
      linkedAssets: this.assets.linked(),
      drafts,
      reading: this.reading,
      unhonouredSlugs: this.unhonoured,
    };
  }

  private speakers: Set<string> | undefined;

  private speaks(name: string): boolean {
    if (!this.speakers) {
      this.speakers = new Set(
        this.screenplay.elements.flatMap((element) =>
          element.type === 'character' ? this.reading.roster.speakersOf(cueKey(element.name)) : [],
        ),
      );
    }
    return this.speakers.has(name);
  }

  private sceneNames(scene: FilmScene): { place: string | null; location: string; prompt: string } {
    if (!scene.place) return { place: null, location: '', prompt: '' };
    const location = clip(this.assets.locationName(scene.place), TEXT_LIMITS.name);
    const prompt = this.assets.locationPrompt(scene.place);
    return {
      place: scene.place,
      location,
      prompt: scene.subLocation ? `${prompt}, ${scene.subLocation.toLowerCase()}` : prompt,
    };
  }

  // ---------------------------------------------------------------- scenes

  private coverScene(scene: FilmScene, previous: FilmScene | undefined, recent: FilmScene[]): ShotDraft[] {
    const state: SceneState = {
      scene,
      drafts: [],
      present: [],
      mastered: new Set(),
      sides: [],
      slug: null,
      series: false,
      pending: [],
      lastSpeaker: undefined,
      objects: new Set(),
      firstAction: scene.beats.find((beat) => beat.type === 'action')?.index ?? null,
      intercut: this.intercutNext ? new Map() : null,
      intercutSeen: this.intercutNext,
      titles: [],
      looker: undefined,
      settled: 0,
      facing: new Map(),
    };
    this.intercutNext = false;
    const firstFilmed = scene.beats.find((beat) => beat.type !== 'transition');
    // A writer's camera direction first shapes the opening shot; words over the picture (SUPER:) or a
    // marker for the reader (BEGIN FLASHBACK:) do not: the place is still established under them.
    const opensOnSlug =
      firstFilmed?.type === 'slug' && !['series', 'super', 'marker'].includes(firstFilmed.slug.kind);
    // Back in a place a scene or two ago at the same time (cutting between a chase and the room that
    // tracks it, out of a flashback): the audience knows where it is; no new establishing shot.
    const returns = recent.some((earlier) => returnsTo(earlier, scene));
    const continues =
      returns ||
      (previous !== undefined &&
        previous.place !== null &&
        samePlace(previous, scene) &&
        sameTime(previous, scene));
    const located = scene.place !== null || (!scene.prologue && scene.heading !== '');
    const leading = scene.beats.findIndex((beat) => beat.type !== 'transition');
    const opening = leading < 0 ? scene.beats : scene.beats.slice(0, leading);
    for (const beat of opening) this.cover(state, beat);
    if (located && !opensOnSlug && !continues) this.add(state, this.establishing(scene));
    for (const beat of leading < 0 ? [] : scene.beats.slice(leading)) this.cover(state, beat);
    this.endExchange(state);
    this.flushPending(state);
    if (state.slug) this.unhonoured.push(state.slug.slug.text);
    if (!state.intercutSeen) this.ensureSingles(state);
    this.showAges(state);
    // 'INTERCUT - PHONE CALL' as the scene's last word: the next scene cuts back to this one's people.
    const last = scene.beats.findLast((beat) => beat.type !== 'transition');
    this.intercutNext = last?.type === 'slug' && last.slug.kind === 'intercut';
    return state.drafts;
  }

  /**
   * A scene that shows someone at another age ('YOUNG RAY' in a flashback) names them so in its
   * shots' names, subjects and descriptions, and their asset's look (the grown person) stays out of
   * the prompt; the shot still links the person's asset.
   */
  private showAges(state: SceneState): void {
    const aliases = ageAliases(state.scene, this.reading.roster);
    if (aliases.size === 0) return;
    for (const draft of state.drafts) {
      const shown = draft.characters.filter((name) => aliases.has(name));
      if (shown.length === 0) continue;
      draft.shownAs = Object.fromEntries(shown.map((name) => [name, aliases.get(name) as string]));
      const rename = (text: string) =>
        shown.reduce((out, name) => renamed(out, name, aliases.get(name) as string), text);
      draft.subject = rename(draft.subject);
      if (draft.title !== undefined) draft.title = rename(draft.title);
      draft.description = clip(rename(draft.description), TEXT_LIMITS.description);
      draft.action = clip(rename(draft.action), TEXT_LIMITS.description);
    }
  }

  /**
   * In an intercut, where a person is when they are not in this scene's place: the scene they were
   * last seen in (decided once per intercut). Undefined for the scene's own people.
   */
  private awayAt(state: SceneState, name: string): FilmScene | undefined {
    const intercut = state.intercut;
    if (intercut === null) return undefined;
    const known = intercut.get(name);
    if (known !== undefined) return known;
    if (state.present.includes(name)) return undefined;
    const last = this.lastSeen.get(name);
    if (last === undefined || last.place === null || samePlace(last, state.scene)) return undefined;
    intercut.set(name, last);
    return last;
  }

  private exchange: Beat[] = [];

  private cover(state: SceneState, beat: Beat): void {
    if (beat.type !== 'action') state.looker = undefined;
    if (beat.type === 'speech' || beat.type === 'dual') {
      this.exchange.push(beat);
      return;
    }
    this.endExchange(state);
    switch (beat.type) {
      case 'transition':
        if (beat.transition) this.transition = beat.transition;
        return;
      case 'slug':
        this.slug(state, beat.slug, beat.index);
        return;
      case 'action':
        this.coverAction(state, beat.element, beat.index);
        return;
    }
  }

  private endExchange(state: SceneState): void {
    if (this.exchange.length === 0) return;
    const beats = this.exchange;
    this.exchange = [];
    this.coverExchange(state, beats);
  }

  /** Adds a shot: the pending transition joins it to the one before, a pending slug is carried out. */
  private add(state: SceneState, draft: ShotDraft): ShotDraft {
    if (this.transition) {
      draft.transitionIn = this.transition;
      this.transition = null;
    }
    for (const pending of state.pending) {
      draft.sounds.unshift(...pending.sounds);
      draft.seconds = Math.max(draft.seconds, pending.seconds);
      draft.scriptText = [...pending.script, draft.scriptText].join('\n\n');
      draft.from = Math.min(draft.from, pending.from);
    }
    state.pending = [];
    for (const title of state.titles.splice(0)) this.laysTitle(draft, title);
    state.drafts.push(draft);
    if (state.intercut !== null && draft.characters.length > 0) {
      // Everyone in the frame is away (the other end of the call): the shot is where they are.
      const places = new Set(draft.characters.map((name) => this.awayAt(state, name)));
      const [at] = places;
      if (places.size === 1 && at !== undefined) draft.at = at;
    }
    for (const name of draft.characters) {
      const away = state.intercut?.has(name) === true;
      if (!away && !state.present.includes(name)) state.present.push(name);
      if (draft.framing !== 'pov') {
        if (!away) this.lastSeen.set(name, state.scene);
        // Seen on screen once, a character needs no introduction later.
        this.introduced.add(name);
      }
    }
    return draft;
  }

  /** A slug waiting for the next shot shapes it: framing and subject. */
  private takeSlug(state: SceneState): { slug: Slug; index: number } | null {
    const pending = state.slug;
    state.slug = null;
    return pending;
  }

  private slug(state: SceneState, slug: Slug, index: number): void {
    switch (slug.kind) {
      case 'freeze': {
        const last = state.drafts[state.drafts.length - 1];
        if (last) {
          last.description = clip(`${last.description} Ends on a freeze frame.`, TEXT_LIMITS.description);
          last.slugs.push(slug.text);
          last.to = Math.max(last.to, index);
        } else this.unhonoured.push(slug.text);
        return;
      }
      case 'series':
        state.series = true;
        state.slug = { slug: { ...slug, kind: 'wide' }, index };
        return;
      case 'end-series':
        state.series = false;
        state.intercut = null;
        return;
      case 'intercut':
        state.intercut ??= new Map();
        state.intercutSeen = true;
        return;
      case 'super':
        this.superimpose(state, slug, index);
        return;
      case 'marker':
        return;
      case 'back':
        state.series = false;
        state.intercut = null;
        break;
    }
    if (state.slug) this.unhonoured.push(state.slug.slug.text);
    state.slug = { slug, index };
    if (slug.content !== '') this.slugShot(state, slug.content, index, index, slug.text);
  }

  /**
   * 'SUPER: "Port Ellen, 1998"': words laid over the picture, not a shot. They go over the shot on
   * screen when the writer calls them (the establishing shot, usually), else over the scene's first.
   */
  private superimpose(state: SceneState, slug: Slug, index: number): void {
    const words = [slug.subject, slug.content]
      .filter((part) => part !== '')
      .join(': ')
      .replace(/^["“']+|["”']+$/g, '')
      .trim();
    if (words === '') return;
    const title = { text: slug.text, words, index };
    const last = state.drafts[state.drafts.length - 1];
    if (last) this.laysTitle(last, title);
    else state.titles.push(title);
  }

  private laysTitle(draft: ShotDraft, title: { text: string; words: string; index: number }): void {
    draft.description = clip(
      `${draft.description} Title over the picture: “${title.words}”.`,
      TEXT_LIMITS.description,
    );
    draft.scriptText = [draft.scriptText, title.text].filter((part) => part !== '').join('\n\n');
    draft.slugs.push(title.text);
    draft.from = Math.min(draft.from, title.index);
    draft.to = Math.max(draft.to, title.index);
  }

  /** The shot a slug directs, over the lines it covers. */
  private slugShot(state: SceneState, text: string, from: number, to: number, scriptText: string): void {
    const pending = this.takeSlug(state);
    if (!pending) return;
    const plain = plainText(text);
    const draft = this.actionDraft(plain, scriptText, from, to, this.actionSeconds(plain, true));
    this.shape(draft, pending.slug, plain);
    draft.from = Math.min(draft.from, pending.index);
    this.add(state, draft);
  }

  /** Framing and subject as the slug says: a person gets a shot of them, an object an insert. */
  private shape(draft: ShotDraft, slug: Slug, plain: string): void {
    draft.slugs.push(slug.text);
    const subject = plainText(slug.subject);
    const person =
      subject === '' ? null : this.reading.roster.canonical(subject.toUpperCase().replace(/['’]S$/, ''));
    let framing: FramingType;
    switch (slug.kind) {
      case 'close':
        framing = person || subject === '' ? 'close' : 'insert';
        break;
      case 'wide':
      case 'back':
      case 'later':
        framing = 'wide';
        break;
      case 'pov':
        framing = 'pov';
        break;
      case 'insert':
        framing = 'insert';
        break;
      default:
        framing = person ? 'medium' : subject === '' ? 'medium' : 'insert';
    }
    draft.framing = framing;
    draft.camera = this.moveFor(framing, framing === 'pov' ? 'handheld' : undefined);
    if (framing === 'pov') {
      draft.characters = [];
      const how = slug.detail ? `, ${slug.detail.toLowerCase()}` : '';
      draft.subject = clip(`${person ?? (subject || 'the character')}'s point of view${how}: ${plain}`, 300);
      draft.purpose = 'action';
    } else if (person) {
      draft.characters =
        framing === 'wide' ? [person, ...draft.characters.filter((name) => name !== person)] : [person];
      draft.subject = clip(`${person}: ${plain}`, 300);
    } else if (framing === 'insert') {
      const object = subject === '' ? plain : subject.replace(/^(?:the|a|an)\s+/i, '');
      draft.props = [clip(object.replace(/^(?:the|a|an)\s+/i, ''), TEXT_LIMITS.name)];
      draft.characters = [];
      draft.subject = `close detail of ${object}`;
      draft.purpose = 'insert';
    }
    draft.description = clip(`${FRAMING_LABELS[framing]}: ${plain}`, TEXT_LIMITS.description);
  }

  private flushPending(state: SceneState): void {
    if (state.pending.length === 0) return;
    const pending = state.pending;
    state.pending = [];
    const last = state.drafts[state.drafts.length - 1];
    if (last) {
      for (const item of pending) {
        last.sounds.push(...item.sounds);
        last.seconds += item.seconds;
        last.scriptText = [last.scriptText, ...item.script].join('\n\n');
      }
      return;
    }
    const place = state.scene.place ?? 'black screen';
    const draft = this.placeDraft(`${place}, as the voice is heard`, pending[0]?.from ?? 0);
    state.pending = pending;
    this.add(state, draft);
  }

  private placeDraft(subject: string, index: number): ShotDraft {
    return {
      purpose: 'voice-over',
      framing: 'wide',
      camera: this.moveFor('wide'),
      characters: [],
      subject,
      description: clip(`Wide: ${subject}.`, TEXT_LIMITS.description),
      action: '',
      scriptText: '',
      seconds: 0,
      props: [],
      sounds: [],
      slugs: [],
      from: index,
      to: index,
    };
  }

  private establishing(scene: FilmScene): ShotDraft {
    const { intExt, timeOfDay } = scene.parts;
    const upper = scene.heading.toUpperCase();
    const framing: FramingType = /\bPOV\b/.test(upper)
      ? 'pov'
      : upper.includes('AERIAL')
        ? 'aerial'
        : 'establishing';
    const pacing = this.guide.pacing;
    const camera: CameraMove = pacing === 'slow' ? 'crane down' : pacing === 'fast' ? 'push-in' : 'slow pan';
    const place = scene.place ? this.assets.locationName(scene.place) : plainText(scene.heading);
    const within = scene.subLocation ? ` (${scene.subLocation})` : '';
    const when = timeOfDay ? `, ${timeOfDay.toLowerCase()}` : '';
    return {
      purpose: 'establishing',
      framing,
      camera: framing === 'pov' ? 'handheld' : camera,
      characters: [],
      subject: scene.place ? '' : place,
      description: `${FRAMING_LABELS[framing]} view of ${place}${within}${when}${intExt ? ` (${intExt})` : ''}.`,
      action: `The scene opens on ${place}${within}${when}.`,
      scriptText: scene.heading,
      seconds: Math.max(this.rule.establishingSeconds, 2 * SECONDS_PER_LINE),
      props: [],
      sounds: [],
      slugs: [],
      from: Math.max(scene.headingIndex, 0),
      to: Math.max(scene.headingIndex, 0),
      opensScene: true,
    };
  }

  // ---------------------------------------------------------------- action

  private coverAction(
    state: SceneState,
    element: ActionElement | CenteredElement | LyricsElement,
    index: number,
  ): void {
    if (element.type === 'centered') {
      const plain = readable(asWritten(element, element.text));
      const card = this.actionDraft(
        plain,
        asWritten(element, element.text),
        index,
        index,
        this.actionSeconds(plain, true),
      );
      card.framing = 'wide';
      card.purpose = 'card';
      card.description = clip(`Title card: ${plain}`, TEXT_LIMITS.description);
      this.add(state, card);
      return;
    }
    if (state.series) {
      this.coverSeries(state, element, index);
      return;
    }
    const text = element.text;
    const ranges = sentenceRanges(text);
    let chunk: {
      from: number;
      to: number;
      words: number;
      characters: Set<string>;
      sounds: FirstPassSound[];
      camera?: CameraMove;
      /** What this person sees: the shot is their point of view. */
      pov?: string;
    } | null = null;
    let opens = true;
    /** People the paragraph sends out: gone once its shots are made. */
    const leaving = new Set<string>();
    const flush = () => {
      if (!chunk) return;
      const written = asWritten(element, text.slice(chunk.from, chunk.to));
      const plain = readable(written);
      const draft = this.actionDraft(plain, written, index, index, this.actionSeconds(plain, opens));
      draft.sounds.push(...chunk.sounds);
      if (chunk.camera) draft.camera = chunk.camera;
      if (chunk.pov !== undefined) {
        draft.framing = 'pov';
        draft.camera = this.moveFor('pov', 'handheld');
        draft.characters = [...chunk.characters];
        draft.subject = clip(`${chunk.pov}'s point of view: ${plain}`, 300);
        draft.description = clip(`${FRAMING_LABELS.pov} (${chunk.pov}): ${plain}`, TEXT_LIMITS.description);
      } else if (draft.characters.length === 0 && chunk.characters.size > 0) {
        draft.characters = [...chunk.characters];
        draft.framing = 'medium';
        draft.camera = this.moveFor('medium', describesMovement(plain) ? 'tracking' : undefined);
        draft.description = clip(`${FRAMING_LABELS.medium}: ${plain}`, TEXT_LIMITS.description);
      }
      opens = false;
      chunk = null;
      const pending = this.takeSlug(state);
      if (pending) {
        this.shape(draft, pending.slug, plain);
        draft.from = Math.min(draft.from, pending.index);
      }
      this.add(state, draft);
    };
    for (const [start, end] of ranges) {
      const sentence = text.slice(start, end);
      const plain = plainText(sentence);
      const words = countWords(plain);
      const read =
        element.type === 'action'
          ? this.reading.capitals.read(plain, plainText(text.slice(end)))
          : { runs: [], soundOnly: false };
      const sounds = soundsOf(read.runs, plain);
      // 'She doesn't answer.' after 'Ruth looks out.' in the same paragraph: the person this shot is on.
      const watching = chunk ? [...(chunk as { characters: Set<string> }).characters][0] : undefined;
      const mentions = this.mentionsIn(plain);
      const pronoun = this.watched(state, watching, plain);
      const named = this.charactersIn(plain, read.runs, mentions, pronoun);
      // People only heard through a device are never in the room: the sentence about them shows it.
      const heard = named.filter((name) => this.reading.devices.has(name));
      const characters = heard.length === 0 ? named : named.filter((name) => !heard.includes(name));
      for (const name of heard) this.introduced.add(name);
      if (heard.length > 0 && characters.length === 0 && !state.slug && !read.soundOnly) {
        flush();
        this.deviceShot(state, asWritten(element, sentence), plain, heard, index, opens);
        opens = false;
        continue;
      }
      for (const name of leaversIn(plain, mentions, pronoun)) leaving.add(name);
      const turn = turnsTo(plain, mentions, pronoun);
      if (turn !== null) state.facing.set(turn.who, turn.to);
      const looker = state.looker;
      state.looker = lookerIn(plain, mentions, pronoun);
      if (
        looker !== undefined &&
        !characters.includes(looker) &&
        !state.slug &&
        !read.soundOnly &&
        !PAUSE_SENTENCE.test(plain.trim()) &&
        characters.every((name) => this.introduced.has(name) && state.present.includes(name))
      ) {
        // 'Ellen stares out of the window. A car idles at the kerb.': the car, as she sees it.
        flush();
        // What follows about no one ('A shape under the surface. A car roof.') is still what they see.
        chunk = { from: start, to: end, words, characters: new Set(characters), sounds, pov: looker };
        continue;
      }
      // 'Silence.', 'A beat.': a pause on the picture there is, not a picture of its own.
      if ((read.soundOnly || PAUSE_SENTENCE.test(plain.trim())) && !state.slug) {
        if (chunk) {
          chunk.to = end;
          chunk.words += words;
          chunk.sounds.push(...sounds);
          continue;
        }
        const carrier = state.drafts[state.drafts.length - 1];
        const seconds = this.actionSeconds(plain, opens);
        opens = false;
        if (carrier) {
          carrier.sounds.push(...sounds);
          carrier.seconds += seconds;
          carrier.scriptText = `${carrier.scriptText}\n\n${sentence}`;
          carrier.to = Math.max(carrier.to, index);
        } else state.pending.push({ sounds, seconds, script: [sentence], from: index });
        continue;
      }
      if (state.slug) {
        flush();
        chunk = { from: start, to: end, words, characters: new Set(characters), sounds };
        flush();
        continue;
      }
      // A character's first appearance is a shot of them, however the writer typed the name.
      const introduced = characters.filter((name) => !this.introduced.has(name));
      if (introduced.length > 0) {
        flush();
        this.introduction(state, sentence, plain, index, introduced, characters, sounds, opens);
        opens = false;
        continue;
      }
      const objects = this.objectsIn(state, plain, read.runs);
      if (objects.length > 0) {
        flush();
        const draft = this.insertDraft(asWritten(element, sentence), objects, index, opens);
        draft.sounds.push(...sounds);
        for (const name of characters) if (!state.present.includes(name)) state.present.push(name);
        opens = false;
        this.add(state, draft);
        continue;
      }
      const previousDraft = state.drafts[state.drafts.length - 1];
      if (
        !chunk &&
        previousDraft?.purpose === 'introduction' &&
        previousDraft.to === index &&
        read.runs.length === 0 &&
        characters.every((name) => previousDraft.characters.includes(name)) &&
        countWords(previousDraft.action) + words <= this.rule.wordsPerShot
      ) {
        // The rest of the introduction's paragraph stays on the person just introduced.
        previousDraft.scriptText = `${previousDraft.scriptText} ${sentence}`;
        previousDraft.action = clip(`${previousDraft.action} ${plain}`, TEXT_LIMITS.description);
        previousDraft.seconds += this.actionSeconds(plain, false);
        opens = false;
        continue;
      }
      if (
        !chunk &&
        element.type === 'action' &&
        index === state.firstAction &&
        !read.runs.some((run) => run.kind === 'camera') &&
        previousDraft?.purpose === 'establishing' &&
        previousDraft.slugs.every((text) => SUPER_LINE.test(text)) &&
        characters.length === 0 &&
        words <= 12 &&
        sounds.length === 0
      ) {
        // 'Gulls wheel over black water.': the line that sets the place plays on the establishing shot.
        previousDraft.scriptText = `${previousDraft.scriptText}\n\n${sentence}`;
        previousDraft.description = clip(`${previousDraft.description} ${plain}`, TEXT_LIMITS.description);
        previousDraft.title ??= previousDraft.subject;
        previousDraft.subject = previousDraft.subject === '' ? plain : `${previousDraft.subject} ${plain}`;
        previousDraft.pageSeconds =
          (previousDraft.pageSeconds ?? 2 * SECONDS_PER_LINE) + this.actionSeconds(plain, opens);
        previousDraft.seconds = Math.max(this.rule.establishingSeconds, previousDraft.pageSeconds);
        previousDraft.to = Math.max(previousDraft.to, index);
        opens = false;
        continue;
      }
      if (
        !chunk &&
        previousDraft &&
        (previousDraft.purpose === 'off-screen' || previousDraft.purpose === 'reaction') &&
        words <= 6 &&
        characters.length === 1 &&
        characters[0] === previousDraft.characters[0]
      ) {
        // 'She turns.' after a line she hears: the same shot, cut on her reaction.
        previousDraft.scriptText = `${previousDraft.scriptText}\n\n${sentence}`;
        previousDraft.action = clip(`${previousDraft.action} ${plain}`, TEXT_LIMITS.description);
        previousDraft.seconds += this.actionSeconds(plain, false);
        previousDraft.to = Math.max(previousDraft.to, index);
        opens = false;
        continue;
      }
      const current = chunk as { characters: Set<string>; words: number } | null;
      const newSubject =
        current !== null &&
        current.characters.size > 0 &&
        characters.length > 0 &&
        characters.every((name) => !current.characters.has(name));
      const backToSomeone = chunk?.pov !== undefined && characters.length > 0;
      if (current && (current.words + words > this.rule.wordsPerShot || newSubject || backToSomeone)) flush();
      const camera = cameraMoveOf(read.runs);
      if (chunk) {
        chunk.to = end;
        chunk.words += words;
        chunk.sounds.push(...sounds);
        for (const name of characters) chunk.characters.add(name);
        if (camera) chunk.camera = camera;
      } else {
        chunk = { from: start, to: end, words, characters: new Set(characters), sounds };
        if (camera) chunk.camera = camera;
      }
    }
    flush();
    this.leave(state, [...leaving]);
  }

  /**
   * 'A NEWSREADER drones.' of a person only heard ON TV: an insert of the set (the device the
   * sentence names, else the one their lines come through), with them on its screen if it has one.
   */
  private deviceShot(
    state: SceneState,
    written: string,
    plain: string,
    heard: string[],
    index: number,
    opens: boolean,
  ): void {
    const device =
      DEVICE_WORD.exec(plain)?.[0]?.toUpperCase() ?? (this.reading.devices.get(heard[0] as string) as string);
    const draft = this.insertDraft(written, [device], index, opens);
    const screen = SCREENS.test(device) ? `, ${joinNames(heard)} on its screen` : '';
    draft.subject = `close detail of the ${deviceName(device)}${screen}`;
    draft.description = clip(
      `Insert on the ${deviceName(device)}${screen}: ${plain}`,
      TEXT_LIMITS.description,
    );
    state.objects.add(device);
    this.add(state, draft);
  }

  /** People who went out: nobody to listen, to stand in a wide or to hold a side of the line. */
  private leave(state: SceneState, names: string[]): void {
    if (names.length === 0) return;
    state.present = state.present.filter((name) => !names.includes(name));
    for (const [who, to] of state.facing)
      if (names.includes(who) || names.includes(to)) state.facing.delete(who);
    if (state.lastSpeaker !== undefined && names.includes(state.lastSpeaker)) state.lastSpeaker = undefined;
    if (state.sides.some((name) => names.includes(name))) state.sides = [];
    state.settled = state.drafts.length;
    // Back in, they are shown with the others again before the cutting starts.
    for (const key of state.mastered)
      if (key.split('|').some((name) => names.includes(name))) state.mastered.delete(key);
  }

  /** A series of shots or a montage: each line is a shot. */
  private coverSeries(state: SceneState, element: ActionElement | LyricsElement, index: number): void {
    for (const line of element.text.split('\n')) {
      const written = line.trim();
      // '-- The wipers beat.', '– …', '• …', 'A) …', '3. …': the item without its bullet.
      const plain = plainText(written).replace(/^(?:[-–—•*]+|[A-Z0-9]{1,2}[.)])\s*/, '');
      if (plain === '') continue;
      const draft = this.actionDraft(plain, written, index, index, this.actionSeconds(plain, true));
      const pending = this.takeSlug(state);
      if (pending) {
        draft.slugs.push(pending.slug.text);
        draft.from = Math.min(draft.from, pending.index);
      }
      this.add(state, draft);
    }
  }

  /** The people a sentence names, canonical, where they stand; an owner of a thing is left out. */
  private mentionsIn(plain: string): Mention[] {
    return presentMentions(plain, this.mentions.mentionsIn(plain)).map((mention) => ({
      ...mention,
      name: this.reading.roster.canonical(mention.name) ?? mention.name,
    }));
  }

  /**
   * Who 'she' or 'he' at the start of `plain` is: the person we were watching (in the shot being
   * written, else the last seen), unless the script says they are the other; then the last person
   * seen whom the script calls so ('Kai tosses her the envelope. She catches it' is Lena).
   */
  private watched(
    state: SceneState | undefined,
    watching: string | undefined,
    plain = '',
  ): string | undefined {
    const last = watching ?? state?.drafts.findLast((draft) => draft.characters.length > 0)?.characters[0];
    const said = /^(?:(She)|(He))\b/.exec(plain);
    if (said === null || state === undefined || last === undefined) return last;
    const pronoun: Pronoun = said[1] ? 'she' : 'he';
    const known = this.pronouns.get(last);
    if (known === undefined || known === pronoun) return last;
    const seen = [...state.drafts].reverse().flatMap((draft) => draft.characters);
    return (
      [...seen, ...[...state.present].reverse()].find((name) => this.pronouns.get(name) === pronoun) ?? last
    );
  }

  /** `pronoun`: whom an opening 'She' or 'He' stands for (`watched`). */
  private charactersIn(
    plain: string,
    runs: CapitalsRun[],
    mentions: Mention[],
    pronoun: string | undefined,
  ): string[] {
    const found = [...new Set(mentions.map((mention) => mention.name))];
    // 'She turns.': the pronoun is the person we were watching.
    if (found.length === 0 && pronoun && /^(?:She|He|They)\b/.test(plain)) found.push(pronoun);
    for (const run of runs) {
      if (run.kind !== 'person') continue;
      const name = this.reading.roster.canonical(run.text);
      if (name && !found.includes(name)) found.push(name);
    }
    return [...new Set(found)];
  }

  /** Objects that earn an insert: named in capitals as the thing acted on, or a prop asset. */
  private objectsIn(state: SceneState, plain: string, runs: CapitalsRun[]): string[] {
    const template = this.guide.template;
    if (template !== 'auto' && template !== 'insert') return [];
    const found = [
      ...runs.filter((run) => run.kind === 'prop' && run.role === 'object').map((run) => run.text),
      ...this.props.find(plain),
    ].filter((name) => !this.reading.roster.isPerson(name.toUpperCase()));
    const seen = [...state.objects];
    const fresh = [...new Set(found)].filter(
      (name) => !seen.some((known) => sameObject(known, name.toUpperCase())),
    );
    for (const name of fresh) state.objects.add(name.toUpperCase());
    return fresh;
  }

  private introduction(
    state: SceneState,
    sentence: string,
    plain: string,
    index: number,
    names: string[],
    characters: string[],
    sounds: FirstPassSound[],
    opens: boolean,
  ): void {
    for (const name of names) this.introduced.add(name);
    const others = state.present.filter((name) => !names.includes(name));
    const cast = [...new Set([...names, ...characters, ...others.slice(-1)])];
    // Alone, a medium of them; with someone already in the scene, a wide that sets the geography.
    const framing: FramingType = names.length > 1 || others.length > 0 ? 'wide' : 'medium';
    const draft = this.actionDraft(plain, sentence, index, index, this.actionSeconds(plain, opens));
    draft.purpose = 'introduction';
    draft.framing = framing;
    draft.camera = this.moveFor(framing, describesMovement(plain) ? 'tracking' : undefined);
    draft.characters = cast;
    draft.subject = clip(`${joinNames(names)} (introduction): ${plain}`, 300);
    draft.description = clip(
      `${FRAMING_LABELS[framing]} introducing ${joinNames(names)}: ${plain}`,
      TEXT_LIMITS.description,
    );
    draft.sounds.push(...sounds);
    this.add(state, draft);
  }

  private actionSeconds(plain: string, opensParagraph: boolean): number {
    return (wrappedLineCount(plain, ELEMENT_WIDTHS.action) + (opensParagraph ? 1 : 0)) * SECONDS_PER_LINE;
  }

  private actionDraft(
    plain: string,
    scriptText: string,
    from: number,
    to: number,
    seconds: number,
  ): ShotDraft {
    const characters = this.mentions.find(plain).map((name) => this.reading.roster.canonical(name) ?? name);
    const words = countWords(plain);
    const { pacing } = this.guide;
    let framing: FramingType;
    if (characters.length === 0) framing = 'wide';
    else if (pacing === 'slow') framing = words >= this.rule.wordsPerShot * 0.5 ? 'wide' : 'medium';
    else if (pacing === 'fast' && characters.length === 1 && words < this.rule.wordsPerShot / 2)
      framing = 'close';
    else framing = words >= this.rule.wordsPerShot * 0.6 ? 'wide' : 'medium';
    return {
      purpose: 'action',
      framing,
      camera: this.moveFor(framing, describesMovement(plain) ? 'tracking' : undefined),
      characters: [...new Set(characters)],
      subject: clip(plain, 300),
      description: clip(`${FRAMING_LABELS[framing]}: ${plain}`, TEXT_LIMITS.description),
      action: clip(plain, TEXT_LIMITS.description),
      scriptText,
      seconds,
      props: [],
      sounds: [],
      slugs: [],
      from,
      to,
    };
  }

  private insertDraft(
    scriptText: string,
    props: string[],
    index: number,
    opensParagraph: boolean,
  ): ShotDraft {
    const plain = readable(scriptText);
    const subject = props.join(', ');
    return {
      purpose: 'insert',
      framing: 'insert',
      camera: this.guide.pacing === 'slow' ? 'slow push-in' : 'static',
      characters: [],
      subject: `close detail of ${subject}`,
      description: clip(`Insert on ${subject}: ${plain}`, TEXT_LIMITS.description),
      action: clip(plain, TEXT_LIMITS.description),
      scriptText,
      seconds: this.actionSeconds(plain, opensParagraph),
      props: props.map((prop) => clip(prop, TEXT_LIMITS.name)),
      sounds: [],
      slugs: [],
      from: index,
      to: index,
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

  // ---------------------------------------------------------------- dialogue

  private coverExchange(state: SceneState, beats: Beat[]): void {
    const roster = this.reading.roster;
    const speeches: Speech[] = [];
    /** Lines said at the same moment by someone out of the frame: heard over a speech's shot. */
    const overheard = new Map<Speech, Speech[]>();
    for (const beat of beats) {
      if (beat.type === 'dual') {
        const pair = beat.speeches.map((s) =>
          makeSpeech(s.cue, roster.speakersOf(cueKey(s.cue.name)), deliveryOf(s.cue), s.parts, beat.index),
        );
        const inRoom = pair.filter((speech) => speech.delivery === 'on');
        const heard = pair.filter((speech) => speech.delivery !== 'on');
        const [first] = inRoom;
        if (inRoom.some((speech) => this.isApart(state, speech.speakers))) {
          // Talking at once across an intercut: each at their end of it, cut between.
          speeches.push(...pair);
        } else if (first === undefined) {
          // Nobody who talks is in the room: each line is a voice over the picture or off screen.
          speeches.push(...pair);
        } else if (
          heard.length === 0 ||
          heard.some((speech) => speech.speakers.some((name) => first.speakers.includes(name)))
        ) {
          // Everyone is in the room (or one person is written on both sides): both in one frame.
          speeches.push({ ...(pair[0] as Speech), dual: pair });
        } else {
          // One side is in the room and the other is not: the camera holds on who is there, and the
          // other line, said at the same time, is heard over that shot.
          speeches.push(first);
          overheard.set(first, heard);
        }
        continue;
      }
      if (beat.type !== 'speech') continue;
      speeches.push(
        makeSpeech(beat.cue, roster.speakersOf(cueKey(beat.cue.name)), beat.delivery, beat.parts, beat.index),
      );
    }
    const onScreen = speeches.filter((speech) => speech.delivery === 'on' && !speech.dual);
    const speakers = [...new Set(onScreen.flatMap((speech) => speech.speakers))];
    const words = onScreen.reduce((sum, speech) => sum + speech.words, 0);
    // Cut between places (a phone call): never in one frame, so no master, two-shot or shoulder.
    const apart = this.isApart(state, speakers);
    const style = singleStyle(
      this.guide.template,
      apart ? 1 : speakers.length,
      onScreen.length > 0 ? words / onScreen.length : 0,
    );
    const key = [...speakers].sort().join('|');
    // A wide that already held everyone since the last person left (an introduction round the table,
    // the action before) set the geography: the talk cuts in from it.
    const heldWide = state.drafts
      .slice(state.settled)
      .some(
        (draft) =>
          (draft.framing === 'wide' || draft.framing === 'two-shot') &&
          speakers.every((name) => draft.characters.includes(name)),
      );
    let masterDone = speakers.length < 2 || state.mastered.has(key) || heldWide || apart;
    if (speakers.length === 2 && state.sides.length === 0 && !apart) state.sides = [...speakers];
    let single = 0;
    // '(heading out)': the speaker goes once the line is said; the lines after it are not said to them.
    let settledUpTo = 0;
    const gone = new Set<string>();
    for (let i = 0; i < speeches.length; i++) {
      for (; settledUpTo < i; settledUpTo++) {
        const said = speeches[settledUpTo] as Speech;
        if (said.delivery !== 'on' || !leavesAfter(said)) continue;
        this.leave(state, said.speakers);
        for (const name of said.speakers) gone.add(name);
      }
      const speech = speeches[i] as Speech;
      if (speech.dual) {
        this.dualShot(state, speech.dual, speech.index);
        continue;
      }
      if (speech.delivery === 'voice-over') {
        this.voiceOver(state, speech);
        continue;
      }
      if (speech.delivery === 'off-screen') {
        this.offScreen(state, speech, speeches.slice(i + 1));
        continue;
      }
      if (!masterDone) {
        masterDone = true;
        state.mastered.add(key);
        const group = [speech];
        const budget = this.guide.template === 'two-shot' ? this.speechBudget() : this.rule.holdWords;
        let total = speech.words;
        while (
          isOn(speeches[i + 1]) &&
          total + (speeches[i + 1]?.words ?? 0) <= budget &&
          this.guide.template === 'two-shot'
        ) {
          const next = speeches[++i] as Speech;
          group.push(next);
          total += next.words;
        }
        this.masterShot(state, group, speakers);
        continue;
      }
      if (this.guide.template === 'two-shot' && speakers.length === 2 && !apart) {
        const group = [speech];
        let total = speech.words;
        while (isOn(speeches[i + 1]) && total + (speeches[i + 1]?.words ?? 0) <= this.speechBudget()) {
          const next = speeches[++i] as Speech;
          group.push(next);
          total += next.words;
        }
        if (group.length > 1) {
          this.masterShot(state, group, speakers);
          continue;
        }
      }
      // The camera follows the speaker; one person's consecutive lines may share a shot.
      const group = [speech];
      let total = speech.words;
      while (
        isOn(speeches[i + 1]) &&
        sameSpeakers(speeches[i + 1] as Speech, speech) &&
        total + (speeches[i + 1]?.words ?? 0) <= this.rule.holdWords
      ) {
        const next = speeches[++i] as Speech;
        group.push(next);
        total += next.words;
      }
      const here = gone.size === 0 ? speakers : speakers.filter((name) => !gone.has(name));
      this.singles(state, group, style, single++, here, apart);
    }
    for (const [speech, heard] of overheard) this.overhear(state, speech, heard);
  }

  /** Lines said over `speech` from out of the frame: sounds of the shot that holds it. */
  private overhear(state: SceneState, speech: Speech, heard: Speech[]): void {
    const carrier = state.drafts.findLast((draft) => draft.from <= speech.index && speech.index <= draft.to);
    if (carrier === undefined) {
      for (const line of heard) {
        if (line.delivery === 'voice-over') this.voiceOver(state, line);
        else this.offScreen(state, line, []);
      }
      return;
    }
    for (const line of heard) {
      carrier.sounds.push(speechSound(line.delivery === 'voice-over' ? 'voice-over' : 'off-screen', line));
      carrier.seconds = Math.max(carrier.seconds, speechSeconds(line));
      carrier.scriptText = `${carrier.scriptText}\n\n${speechScript(line)}`;
      carrier.to = Math.max(carrier.to, line.index + line.parts.length);
    }
  }

  /** Words one dialogue shot covers: the pacing's budget, within its longest shot. */
  private speechBudget(): number {
    return Math.min(this.rule.wordsPerShot, this.rule.maxShotSeconds * SPEAKING_WORDS_PER_SECOND);
  }

  private dialogueDraft(
    purpose: ShotDraft['purpose'],
    group: Speech[],
    framing: FramingType,
    characters: string[],
    subject: string,
    description: string,
  ): ShotDraft {
    const first = group[0] as Speech;
    const last = group[group.length - 1] as Speech;
    const seconds = group.reduce((sum, speech) => sum + speechSeconds(speech), 0);
    return {
      purpose,
      framing,
      camera: this.moveFor(
        framing,
        framing === 'close' && seconds > this.rule.maxShotSeconds / 2 ? 'slow push-in' : undefined,
      ),
      characters: [...new Set(characters)].filter((name) => name !== ''),
      subject,
      description: clip(description, TEXT_LIMITS.description),
      action: clip(group.map(speechAction).join(' '), TEXT_LIMITS.description),
      scriptText: group.map(speechScript).join('\n\n'),
      seconds,
      props: [],
      sounds: [],
      slugs: [],
      from: first.index,
      to: last.index + last.parts.length,
      speakers: group.flatMap((speech) => (speech.delivery === 'on' ? speech.speakers : [])),
    };
  }

  private masterShot(state: SceneState, group: Speech[], speakers: string[]): void {
    const framing: FramingType = speakers.length === 2 ? 'two-shot' : 'wide';
    const who = this.ordered(state, speakers);
    const description =
      framing === 'two-shot'
        ? `${joinNames(who)} together in frame as they talk${who.length === 2 ? ` (${who[0]} frame left, ${who[1]} frame right)` : ''}.`
        : `Master shot of ${joinNames(who)} as the exchange begins.`;
    const draft = this.dialogueDraft('master', group, framing, who, `${joinNames(who)} talking`, description);
    this.applySlug(state, draft, group);
    this.add(state, draft);
    state.lastSpeaker = group[group.length - 1]?.speakers[0];
  }

  private ordered(state: SceneState, speakers: string[]): string[] {
    return [...speakers].sort((a, b) => rank(state.sides, a) - rank(state.sides, b));
  }

  private side(state: SceneState, speaker: string): string {
    const at = state.sides.indexOf(speaker);
    if (state.sides.length !== 2 || at < 0) return '';
    return at === 0 ? `${speaker} frame left, looking right.` : `${speaker} frame right, looking left.`;
  }

  private listenerFor(
    state: SceneState,
    speaker: string,
    later: Speech[],
    speakers: string[],
  ): string | undefined {
    if (state.lastSpeaker && state.lastSpeaker !== speaker) return state.lastSpeaker;
    const next = later.find((speech) => speech.delivery === 'on' && !speech.speakers.includes(speaker));
    if (next) return next.speakers[0];
    return (
      speakers.find((name) => name !== speaker) ??
      [...state.present].reverse().find((name) => name !== speaker)
    );
  }

  /** Singles (or over-the-shoulders) following the speaker; long speeches cut to the listener. */
  private singles(
    state: SceneState,
    group: Speech[],
    style: SingleStyle,
    index: number,
    speakers: string[],
    apart = false,
  ): void {
    const first = group[0] as Speech;
    const speaker = first.speakers[0] ?? '';
    if (first.speakers.length > 1) {
      // A joint cue ('MARA AND JOE'): both of them, together.
      this.masterShot(state, group, first.speakers);
      return;
    }
    const facing = state.facing.get(speaker);
    const said = this.addressee(state, first);
    const addressed =
      said !== undefined ? said : facing !== undefined && state.present.includes(facing) ? facing : undefined;
    const other =
      addressed === null ? undefined : (addressed ?? this.listenerFor(state, speaker, [], speakers));
    // Across an intercut (a phone call) the other party is heard, never in the frame: no shoulder and
    // no reaction; a long speech cuts in closer on the speaker, where they are (`add` places it).
    const across = apart || (other !== undefined && this.isApart(state, [speaker, other]));
    const listener = across ? undefined : other;
    const intercutWith = across ? other : undefined;
    const framing = singleFraming(style, index, listener !== undefined);
    const pieces =
      group.length > 1 ? [group] : splitSpeech(first, this.speechBudget()).map((piece) => [piece]);
    pieces.forEach((piece, k) => {
      const reaction = k % 2 === 1 && listener !== undefined;
      if (reaction) {
        const draft = this.dialogueDraft(
          'reaction',
          piece,
          'medium',
          [listener, speaker],
          `${listener} listening to ${speaker}`,
          `Reaction: ${listener} listens as ${speaker} speaks (off frame).`,
        );
        this.add(state, draft);
        return;
      }
      const shotFraming = k === 0 ? framing : 'close';
      const cast = shotFraming === 'over-shoulder' && listener ? [speaker, listener] : [speaker];
      const draft = this.dialogueDraft(
        'single',
        piece,
        shotFraming,
        [...cast, ...first.speakers.slice(1)],
        listener
          ? `${first.speakers.join(' and ')} speaking to ${listener}`
          : intercutWith
            ? `${speaker} speaking (intercut with ${intercutWith})`
            : `${first.speakers.join(' and ')} speaking`,
        `${describeSingle(shotFraming, first.speakers.join(' and '), listener, this.side(state, speaker))}${
          intercutWith ? ` Intercut with ${intercutWith}, who is heard but not seen here.` : ''
        }`,
      );
      if (k === 0) this.applySlug(state, draft, piece);
      this.add(state, draft);
    });
    state.lastSpeaker = speaker;
  }

  /**
   * Whom a speech's parenthetical says it is said to: a person in the scene ('(to Jess)'), nobody
   * ('(to herself)', '(to no one)', '(into phone)': null, a single with no shoulder), or undefined when
   * it does not say.
   */
  private addressee(state: SceneState, speech: Speech): string | null | undefined {
    const aside = speech.parts.find((part) => part.type === 'parenthetical');
    if (aside === undefined || aside.type !== 'parenthetical') return undefined;
    if (TO_NOBODY.test(aside.text)) return null;
    // '(into phone)': said to someone elsewhere; in an intercut the call's other end answers it.
    if (INTO_DEVICE.test(aside.text)) return state.intercut === null ? null : undefined;
    const to = /\bto\s+/i.exec(aside.text);
    if (to === null) return undefined;
    const after = aside.text.slice(to.index + to[0].length);
    const [named] = this.mentionsIn(after);
    // '(to the sparrow)', '(to the photo)': said to a thing, not to anyone in the room.
    if (named === undefined && TO_A_THING.test(after)) return null;
    if (named === undefined || named.start !== 0 || speech.speakers.includes(named.name)) return undefined;
    const here = state.present.includes(named.name) || state.intercut?.has(named.name) === true;
    return here ? named.name : undefined;
  }

  /** In an intercut, whether these people are in different places (one of them is away). */
  private isApart(state: SceneState, people: readonly string[]): boolean {
    if (state.intercut === null || people.length === 0) return false;
    const places = new Set(people.map((name) => this.awayAt(state, name) ?? state.scene));
    return places.size > 1 || (people.length === 1 && state.intercut.has(people[0] as string));
  }

  private applySlug(state: SceneState, draft: ShotDraft, group: Speech[]): void {
    const pending = this.takeSlug(state);
    if (!pending) return;
    const subject = plainText(pending.slug.subject);
    const person =
      subject === '' ? null : this.reading.roster.canonical(subject.toUpperCase().replace(/['’]S$/, ''));
    if (subject !== '' && person === null && pending.slug.kind !== 'pov' && pending.slug.kind !== 'wide') {
      // 'ANGLE ON a crumpled ticket' before a line: the thing gets its insert, and the line stays
      // on the person who speaks it (dialogue is covered on its speakers, never over a prop).
      const insert = this.actionDraft(
        subject,
        pending.slug.text,
        pending.index,
        pending.index,
        this.actionSeconds(subject, false),
      );
      this.shape(insert, pending.slug, subject);
      this.add(state, insert);
      return;
    }
    this.shape(draft, pending.slug, group.map(speechAction).join(' '));
    draft.action = clip(group.map(speechAction).join(' '), TEXT_LIMITS.description);
    draft.from = Math.min(draft.from, pending.index);
  }

  private dualShot(state: SceneState, pair: Speech[], index: number): void {
    const speakers = pair.flatMap((speech) => speech.speakers);
    const draft = this.dialogueDraft(
      'dual',
      pair,
      'two-shot',
      speakers,
      `${speakers.join(' and ')} talking at once`,
      `${speakers.join(' and ')} together in frame, talking over each other.`,
    );
    draft.seconds = Math.max(...pair.map(speechSeconds));
    draft.from = index;
    this.add(state, draft);
  }

  /** Voice-over plays over the picture: the shot before it (or the next one) carries the line. */
  private voiceOver(state: SceneState, speech: Speech): void {
    const sound = speechSound('voice-over', speech);
    const seconds = speechSeconds(speech);
    const script = speechScript(speech);
    const carrier = state.drafts[state.drafts.length - 1];
    if (!carrier) {
      state.pending.push({ sounds: [sound], seconds, script: [script], from: speech.index });
      return;
    }
    // Never a single of the narrator: a shot on them, or one already long, hands over to the place.
    const onSpeaker =
      SINGLE_FRAMINGS.has(carrier.framing) && speech.speakers.includes(carrier.characters[0] ?? '');
    if (
      onSpeaker ||
      (carrier.seconds + seconds > this.rule.maxShotSeconds * 1.5 && carrier.purpose !== 'voice-over')
    ) {
      const place = state.scene.place ?? 'the scene';
      const draft = this.placeDraft(`${place}, as the voice-over goes on`, speech.index);
      draft.seconds = seconds;
      draft.sounds.push(sound);
      draft.scriptText = script;
      draft.to = speech.index + speech.parts.length;
      this.add(state, draft);
      return;
    }
    carrier.sounds.push(sound);
    carrier.seconds = Math.max(carrier.seconds, 0) + seconds * (carrier.purpose === 'voice-over' ? 1 : 0.6);
    carrier.scriptText = `${carrier.scriptText}\n\n${script}`;
    carrier.to = Math.max(carrier.to, speech.index + speech.parts.length);
  }

  /** An off-screen line is covered on whoever hears it. */
  private offScreen(state: SceneState, speech: Speech, later: Speech[]): void {
    const speaker = speech.speakers[0] ?? '';
    const listener =
      (state.lastSpeaker && state.lastSpeaker !== speaker ? state.lastSpeaker : undefined) ??
      later.find((next) => next.delivery === 'on' && !next.speakers.includes(speaker))?.speakers[0] ??
      [...state.present].reverse().find((name) => name !== speaker);
    const sound = speechSound('off-screen', speech);
    const device = deviceOf(speech.cue);
    const where = device === null ? 'off screen' : `on the ${deviceName(device)}`;
    const draft = listener
      ? this.dialogueDraft(
          'off-screen',
          [speech],
          'medium',
          [listener],
          `${listener} hearing ${speaker} ${where}`,
          `${listener} hears ${speaker}, who is ${where}.`,
        )
      : this.dialogueDraft(
          'off-screen',
          [speech],
          'wide',
          [],
          `${state.scene.place ?? 'the scene'}, ${speaker} heard ${where}`,
          `Wide on ${state.scene.place ?? 'the scene'} as ${speaker} is heard ${where}.`,
        );
    draft.sounds.push(sound);
    this.applySlug(state, draft, [speech]);
    this.add(state, draft);
  }

  /**
   * In a two-person conversation of four or more speeches each speaker gets a single: a speaker the
   * coverage never framed alone gets a reaction shot in the other's longest single.
   */
  private ensureSingles(state: SceneState): void {
    const lines = state.drafts.filter((draft) => draft.purpose === 'master' || draft.purpose === 'single');
    const speakerCount = new Map<string, number>();
    for (const draft of state.drafts) {
      if (draft.purpose !== 'master' && draft.purpose !== 'single' && draft.purpose !== 'reaction') continue;
      for (const name of draft.speakers ?? []) speakerCount.set(name, (speakerCount.get(name) ?? 0) + 1);
    }
    if (lines.length === 0 || speakerCount.size !== 2) return;
    const total = [...speakerCount.values()].reduce((sum, n) => sum + n, 0);
    if (total < 4) return;
    for (const name of speakerCount.keys()) {
      const framed = state.drafts.some(
        (draft) => SINGLE_FRAMINGS.has(draft.framing) && draft.characters[0] === name,
      );
      if (framed) continue;
      const other = [...speakerCount.keys()].find((n) => n !== name) ?? '';
      const candidates = state.drafts.filter(
        (draft) => draft.purpose === 'single' && draft.characters[0] === other,
      );
      const target =
        candidates.sort((a, b) => b.seconds - a.seconds)[0] ??
        state.drafts.filter((draft) => draft.purpose === 'master').sort((a, b) => b.seconds - a.seconds)[0];
      if (!target) continue;
      target.purpose = 'reaction';
      target.framing = 'medium';
      target.camera = this.moveFor('medium');
      target.characters = [name, other];
      target.subject = `${name} listening to ${other}`;
      target.description = clip(
        `Reaction: ${name} listens as ${other} speaks (off frame).`,
        TEXT_LIMITS.description,
      );
    }
  }

  // ---------------------------------------------------------------- output

  private toShot(
    scene: FilmScene,
    names: { location: string; prompt: string },
    draft: ShotDraft,
    k: number,
    start: number,
    deciseconds: number,
  ): FirstPassShot {
    const characters = draft.characters.map((name) => this.assets.characterName(name));
    // The asset's look is the person's; at another age (a flashback) the shot's own words describe them.
    const looks = this.assets.characterLooks(draft.characters.filter((name) => !draft.shownAs?.[name]));
    const subject = looks === '' ? draft.subject : `${draft.subject}; featuring ${looks}`;
    return {
      name: clip(
        `${scene.number}.${k} ${FRAMING_LABELS[draft.framing]} – ${plainText(draft.title ?? draft.subject) || names.location || 'scene'}`,
        TEXT_LIMITS.name,
      ),
      description: draft.description,
      action: draft.action,
      script_text: clip(draft.scriptText, TEXT_LIMITS.prompt),
      framing: draft.framing,
      camera_move: draft.camera,
      characters,
      location: names.location,
      ...(draft.props.length > 0 ? { props: draft.props.map((prop) => clip(prop, TEXT_LIMITS.name)) } : {}),
      prompt: clip(
        buildPrompt({
          framing: draft.framing,
          camera: draft.camera,
          subject: plainText(subject),
          location: names.prompt,
          intExt: scene.parts.intExt,
          timeOfDay: scene.parts.timeOfDay,
          style: this.guide.style,
          aspect: this.guide.aspect,
          notes: this.guide.notes,
        }),
        TEXT_LIMITS.prompt,
      ),
      ...(draft.transitionIn ? { transitionIn: draft.transitionIn } : {}),
      ...(draft.sounds.length > 0 ? { sounds: draft.sounds.slice(0, 100) } : {}),
      sceneNumber: scene.number,
      sceneHeading: clip(plainText(scene.heading), TEXT_LIMITS.description),
      elements: { from: Math.min(draft.from, draft.to), to: Math.max(draft.from, draft.to) },
      startTime: start / 10,
      endTime: (start + deciseconds) / 10,
      duration: deciseconds / 10,
    };
  }
}

/** 'A, B and C'. */
function joinNames(names: readonly string[]): string {
  return names.length <= 2
    ? names.join(' and ')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** 'RAY speaking to LUCY' → 'YOUNG RAY speaking to LUCY': the name as a whole word, not already aged. */
function renamed(text: string, name: string, alias: string): string {
  const escaped = escapeRegExp(name);
  const qualifier = alias.endsWith(` ${name}`) ? alias.slice(0, -name.length) : '';
  const pattern = new RegExp(
    `(?<![\\p{L}'’])${qualifier ? `(?<!${qualifier})` : ''}${escaped}(?![\\p{L}])`,
    'gu',
  );
  return text.replace(pattern, alias);
}

function isOn(speech: Speech | undefined): boolean {
  return speech !== undefined && speech.delivery === 'on' && speech.dual === undefined;
}

function rank(sides: string[], name: string): number {
  const at = sides.indexOf(name);
  return at < 0 ? sides.length : at;
}

function sameSpeakers(a: Speech, b: Speech): boolean {
  return a.speakers.join('|') === b.speakers.join('|');
}

/** A line heard over the picture rather than said on camera: who says it, and its words. */
function speechSound(kind: 'voice-over' | 'off-screen', speech: Speech): FirstPassSound {
  return {
    kind,
    speaker: clip(speech.speakers.join(' and '), TEXT_LIMITS.name),
    text: clip(plainText(speechText(speech)), TEXT_LIMITS.description),
  };
}

function speechText(speech: Speech): string {
  return speech.parts
    .filter((part) => part.type === 'dialogue' || part.type === 'lyrics')
    .map((part) => ('text' in part ? part.text : ''))
    .join(' ');
}

function cueKey(name: string): string {
  return normalizeCharacterName(name);
}

/** The move a writer's camera direction asks for ('We PUSH IN', 'PAN across', 'TRACKING'). */
function cameraMoveOf(runs: CapitalsRun[]): CameraMove | undefined {
  for (const run of runs) {
    if (run.kind !== 'camera') continue;
    if (/^PUSH/.test(run.text)) return 'push-in';
    if (/^PAN/.test(run.text)) return 'slow pan';
    if (/^TRACK/.test(run.text)) return 'tracking';
    if (/^DOLL/.test(run.text)) return 'slow dolly';
    if (/^CRANE/.test(run.text)) return 'crane down';
    if (/^HANDHELD/.test(run.text)) return 'handheld';
  }
  return undefined;
}

/** A sentence that is only a pause: it lengthens the shot on screen. */
const PAUSE_SENTENCE =
  /^(?:(?:A |An )?(?:long |short )?(?:beat|pause|moment|silence|stillness|hush)|Silence|Nothing|Quiet|Beat|Then nothing|Dead silence)[.!…]*$/i;

function soundsOf(runs: CapitalsRun[], plain: string): FirstPassSound[] {
  return runs.some((run) => run.kind === 'sound')
    ? [{ kind: 'effect', text: clip(plain, TEXT_LIMITS.description) }]
    : [];
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

function sceneName(scene: FilmScene): string {
  if (scene.prologue && !scene.place)
    return clip(`${DEFAULT_SCENE_NAME} ${scene.number}: Prologue`, TEXT_LIMITS.name);
  const place = scene.parts.location ?? scene.place ?? plainText(scene.heading);
  return clip(
    place === ''
      ? `${DEFAULT_SCENE_NAME} ${scene.number}`
      : `${DEFAULT_SCENE_NAME} ${scene.number}: ${place}`,
    TEXT_LIMITS.name,
  );
}
