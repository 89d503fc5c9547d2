import { plainText } from './emphasis.js';
import type { ScriptElement } from './fountain.types.js';
import type { Mention } from './name-matcher.js';
import { sentenceRanges } from './sentences.js';

/**
 * Who is in the room, read from the action: people who leave ('Jess storms out.') are no longer there
 * to listen or to stand in a wide, and a name written as an owner ('Marcus's pipe', 'Ellen's coat')
 * does not put its owner in the room unless it is part of them ('Ellen's hand trembles').
 */

/** Walking words that leave with out, off or away: 'storms out', 'drives off', 'walks away'. */
const GOING =
  'storms?|walks?|goes|go|heads?|rush(?:es)?|runs?|hurr(?:ies|y)|slips?|stalks?|march(?:es)?|stomps?|bolts?|stumbles?|limps?|strides?|wanders?|drifts?|sneaks?|creeps?|dash(?:es)?|races?|flees?|darts?|sweeps?|shuffles?|drives?|speeds?|sails?|rides?|flounces?|saunters?|trudges?|lopes?|hobbles?|staggers?|hustles?|barrels?|slinks?|sprints?';
/** What a person leaves or goes out of that is the scene's room, not a thing ('leaves the keys'). */
const ROOMS =
  'room|house|home|flat|apartment|building|office|kitchen|bedroom|bathroom|bar|pub|diner|shop|store|church|hall|party|stage|frame|shot|station|ward|cell|car|cabin|tent|garage|studio|restaurant|club|classroom|courtroom|lobby|porch|yard|garden|scene';
/** A place the going is towards or through, after 'out': 'out the door', 'off into the night'. */
const ONWARD = String.raw`(?:the\s+(?:door|back|front|window|gate)|into|through|down|up|across|along|toward|towards|onto|without|after|in\s+a\s+huff|for\s+good|on\s+\w+)\b`;

/** The words that say someone goes, each with what may follow it; tried on the sentence in lower case. */
const EXITS: RegExp[] = [
  /\b(?:exits?|departs?)\b/g,
  new RegExp(
    String.raw`\b(?:${GOING})\s+(?:back\s+)?(?:off|away)\b(?!\s+(?:from\s+)?(?:the\s+)?(?:table|desk|window|wall|counter|bed|edge)\b)`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:${GOING})\s+(?:back\s+)?out\b(?=\s*(?:$|[.,;:!?—–-]|${ONWARD}|of\s+(?:the\s+|this\s+|her\s+|his\s+|their\s+)?(?:${ROOMS}|sight|view)\b))`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:leaves|leave)\b(?=\s*(?:$|[.,;:!?—–-]|${ONWARD}|(?:the|this|her|his|their)\s+(?:${ROOMS})\b))`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:disappears?|vanish(?:es)?)\b(?=\s*(?:$|[.,;:!?—–-]|${ONWARD}|from\s+(?:sight|view)|around|behind|out\b))`,
    'g',
  ),
  /\b(?:is|are)\s+gone\b/g,
];

/** Every word of going holds one of these: most sentences are passed over on this alone. */
const MAY_GO = /exit|depart|off\b|away|out\b|leave|disappear|vanish|gone/i;

/** Words before the going that say it does not happen (yet): 'refuses to leave', 'doesn't go'. */
const NOT_GOING =
  /(?:\bto|\bnot|n['’]t|\bnever|\bwon['’]?t|\bcannot|\bwill|\bwould|\bcould|\bshould|\bmight|\bmay|\bmust|\babout to|\bready to|\bif|\bunless|\bbefore|\buntil|\bcan)\s+$/;
/** Between the person and the going: no full stop, and no other person's line. */
const CLAUSE_BREAK = /[;:]|\s[—–]\s/;

/** Words for a person's body: 'Ellen's hand' is Ellen, in the frame. */
const BODY =
  /^\s*(?:\p{L}+\s+)?(?:hands?|face|eyes?|voice|head|fingers?|lips|mouth|arms?|shoulders?|back|feet|foot|legs?|knees?|jaw|hair|brow|cheeks?|chest|breath|breathing|gaze|expression|smile|knuckles|fists?|body|silhouette|shadow|reflection|grip|heart|pulse|tears?|lap|neck|throat|skin|nose|ears?|chin|forehead|wrists?|palms?|thumb|toes?|mind|attention|look)\b/iu;

function isPossessive(text: string, mention: Mention): boolean {
  return /^['’]s?\b/.test(text.slice(mention.end)) || /^['’](?=\s)/.test(text.slice(mention.end));
}

/**
 * The mentions that put their person in the room: every mention but an owner's of a thing
 * ('Marcus's old pipe'); an owner's body part or voice is the person ('Ellen's voice cracks').
 */
export function presentMentions(text: string, mentions: Mention[]): Mention[] {
  return mentions.filter((mention) => {
    if (!isPossessive(text, mention)) return true;
    const after = text.slice(mention.end).replace(/^['’]s?/, '');
    return BODY.test(after);
  });
}

/**
 * The people a sentence sends out of the scene: the person (or people, 'Jess and Tomas walk away')
 * written last before a word of going, or `pronoun` when the sentence opens with one ('She storms
 * out.'). Going that is wanted, refused or only about to happen is not going.
 */
export function leaversIn(text: string, mentions: Mention[], pronoun?: string): string[] {
  if (!MAY_GO.test(text)) return [];
  const lower = text.toLowerCase();
  // 'Ellen's smile disappears': an owner is never the one who goes.
  const people = mentions.filter((mention) => !isPossessive(text, mention));
  const leaving = new Set<string>();
  for (const pattern of EXITS) {
    for (const match of lower.matchAll(pattern)) {
      const at = match.index;
      const before = lower.slice(0, at);
      if (NOT_GOING.test(before)) continue;
      const subjects = subjectsBefore(text, people, at);
      if (subjects.length > 0) for (const name of subjects) leaving.add(name);
      else if (pronoun !== undefined && /^\s*(?:she|he|they)\b/.test(before)) leaving.add(pronoun);
    }
  }
  return [...leaving];
}

/** The person written last before `at` in the same clause, with anyone joined to them by 'and'. */
function subjectsBefore(text: string, people: Mention[], at: number): string[] {
  const before = people.filter((mention) => mention.end <= at);
  const last = before[before.length - 1];
  if (last === undefined || CLAUSE_BREAK.test(text.slice(last.end, at))) return [];
  const subjects = [last.name];
  for (let i = before.length - 2; i >= 0; i--) {
    const joint = text.slice((before[i] as Mention).end, (before[i + 1] as Mention).start);
    if (!/^\s*(?:,|,?\s*and|&)\s*$/i.test(joint)) break;
    subjects.unshift((before[i] as Mention).name);
  }
  return subjects;
}

/** A look that shows something: 'stares at', 'looks out', 'gazes across', 'watches'. */
const LOOK =
  /\b(?:(?:looks?|glances?|squints?)\s+(?:up\s+|down\s+|back\s+|over\s+|across\s+)?(?:at|out|up|through|into|across|over|toward|towards|down\s+at)\b|(?:stares?|gazes?|peers?|watches|peeks?)\b|(?:turns?|looks?\s+up)\s+to\s+see\b)/g;
const MAY_LOOK = /look|glance|squint|stare|gaze|peer|watch|peek|turn/i;

/** What a look falls on that is a person: their coverage, not a point of view. */
const AT_PERSON =
  /^\s*(?:\w+\s+)?(?:him|them|me|us|each other|one another|her\s*(?:$|[.,;:!?—–-]|\b(?:and|as|for|with)\b))/i;

/**
 * The person who looks at something in a sentence, when what they see is not a person named there:
 * the next picture can be what they see ('Ellen stares out of the window.' → her point of view).
 */
export function lookerIn(text: string, mentions: Mention[], pronoun?: string): string | undefined {
  if (!MAY_LOOK.test(text)) return undefined;
  const lower = text.toLowerCase();
  const people = mentions.filter((mention) => !isPossessive(text, mention));
  for (const match of lower.matchAll(LOOK)) {
    const at = match.index;
    const end = at + match[0].length;
    const before = lower.slice(0, at);
    if (NOT_GOING.test(before)) continue;
    if (people.some((mention) => mention.start >= end) || AT_PERSON.test(lower.slice(end))) return undefined;
    const [subject, ...others] = subjectsBefore(text, people, at);
    if (subject !== undefined) return others.length === 0 ? subject : undefined;
    if (pronoun !== undefined && /^\s*(?:she|he)\b/.test(before)) return pronoun;
  }
  return undefined;
}

export type Pronoun = 'she' | 'he';

/**
 * Words that speak of the one person a sentence names: their own (his, her hands), themselves, what
 * they are (a WOMAN in a long coat). Not 'him' or 'her' as an object ('tosses her the envelope'),
 * nor a subject pronoun: those are as often someone else.
 */
const SHE_WORDS =
  /\b(?:hers|herself|her(?=\s+(?!(?:the|a|an|to|in|on|at|with|from|up|down|back|away|out|off|and|as|for|into|over|again|that|this|it)\b)[a-z])|woman|girl|lady|mother|wife|sister|daughter|aunt|grandmother|queen|actress|waitress)\b/gi;
const HE_WORDS = /\b(?:his|himself|man|boy|guy|father|husband|brother|son|uncle|grandfather|king)\b/gi;
/** Any word SHE_WORDS or HE_WORDS might find. */
const SAYS_WHO =
  /\b(?:hers?|herself|his|himself|wom[ae]n|girl|lady|mother|wife|sister|daughter|aunt|grandmother|queen|actress|waitress|man|boy|guy|father|husband|brother|son|uncle|grandfather|king)\b/i;
const SHE_TITLES = /^(?:MRS|MS|MISS|LADY|SISTER|MOTHER|AUNT|QUEEN|MADAME?|DAME)\b/;
const HE_TITLES = /^(?:MR|SIR|FATHER|BROTHER|UNCLE|LORD|KING|MISTER)\b/;

/**
 * What a sentence says of the one person it names: 'Kai looks over his shoulder' (he), 'A WOMAN in a
 * long coat: LENA (30s)' (she). Nothing when it names several people or says both.
 */
export function pronounVote(text: string, mentions: Mention[]): { name: string; pronoun: Pronoun } | null {
  const name = mentions[0]?.name;
  if (name === undefined || mentions.some((mention) => mention.name !== name)) return null;
  const spoken = text.replace(/"[^"]*"|“[^”]*”/g, '');
  const she = spoken.match(SHE_WORDS)?.length ?? 0;
  const he = spoken.match(HE_WORDS)?.length ?? 0;
  if (she > 0 === he > 0) return null;
  return { name, pronoun: she > 0 ? 'she' : 'he' };
}

/** A title that says who a person is: MRS. PEMBERTON is she, FATHER DOYLE is he. */
export function pronounOfTitle(name: string): Pronoun | null {
  if (SHE_TITLES.test(name)) return 'she';
  if (HE_TITLES.test(name)) return 'he';
  return null;
}

// ---------------------------------------------------------------- devices and whom a line is said to

/** A device in running text that a voice can come through. */
export const DEVICE_WORD =
  /\b(?:tv|television|radio|telephone|phone|intercom|speaker|speakerphone|screen|monitor|laptop|walkie-talkie|tannoy)\b/i;
/** Devices with a picture: the person heard through them is seen on it. */
export const SCREENS = /^(?:TV|TELEVISION|SCREEN|MONITOR|LAPTOP|VIDEO)$/;

/** 'TV' as a person writes it in a sentence: 'the TV', 'the radio'. */
export function deviceName(device: string): string {
  return /^(?:TV|P\.?A\.?)$/.test(device) ? device : device.toLowerCase();
}

/** A parenthetical that says a line goes into a device, to someone who is not in the room. */
export const INTO_DEVICE =
  /\b(?:into|on|over|down)\s+(?:the\s+|a\s+|his\s+|her\s+|their\s+)?(?:phone|telephone|cell|mobile|receiver|handset|radio|walkie(?:-talkie)?|mic|microphone|intercom|dictaphone|recorder)\b/i;

/** A parenthetical that says a line is said to nobody in the room. */
/**
 * After 'to': a thing, not people ('the sparrow', 'his reflection'); a group in the room ('the
 * others', 'the crowd') or a pronoun is someone there.
 */
export const TO_A_THING =
  /^(?:the|a|an|his|her|their|my|its)\s+(?!(?:group|room|crowd|class|table|others?|rest|kids|children|men|women|boys|girls|jury|audience|team|family|guests|officers|police|soldiers|everyone|both)\b)[\p{Ll}'’-]+(?:\s+[\p{Ll}'’-]+)?\s*(?:[,;)]|$)/u;

export const TO_NOBODY =
  /\bto\s+(?:herself|himself|themselves|themself|itself|myself|no\s*one|nobody)\b|^\s*\(?\s*(?:muttering\s+)?under\s+(?:his|her|their|my)\s+breath\s*\)?\s*$/i;

/** What the script calls each person, she or he, where it says: titles, then pronounVote over its action. */
export function pronounsOf(
  elements: readonly ScriptElement[],
  names: readonly string[],
  mentionsIn: (text: string) => Mention[],
): Map<string, Pronoun> {
  const votes = new Map<string, { she: number; he: number }>();
  for (const element of elements) {
    // Most paragraphs say nothing of anyone's: only those with such a word are read.
    if (element.type !== 'action' || !SAYS_WHO.test(element.text)) continue;
    const text = plainText(element.text);
    for (const [start, end] of sentenceRanges(text)) {
      const sentence = text.slice(start, end);
      if (!SAYS_WHO.test(sentence)) continue;
      const vote = pronounVote(sentence, mentionsIn(sentence));
      if (vote === null) continue;
      const tally = votes.get(vote.name) ?? { she: 0, he: 0 };
      tally[vote.pronoun] += 1;
      votes.set(vote.name, tally);
    }
  }
  const pronouns = new Map<string, Pronoun>();
  for (const name of names) {
    const titled = pronounOfTitle(name);
    const tally = votes.get(name);
    if (titled !== null) pronouns.set(name, titled);
    else if (tally && tally.she !== tally.he) pronouns.set(name, tally.she > tally.he ? 'she' : 'he');
  }
  return pronouns;
}

/** A parenthetical that sends its speaker out with the line: '(leaving)', '(heading out)'. */
const GOING_WITH_LINE =
  /\b(?:leaving|exiting|heading (?:out|off)|walking (?:out|off|away)|on (?:her|his|their|the) way out|as (?:she|he|they) (?:goes|leaves|exits))\b/i;

/** The speech's parenthetical says its speaker leaves with it. */
export function leavesAfter(speech: { parts: readonly ScriptElement[] }): boolean {
  return speech.parts.some((part) => part.type === 'parenthetical' && GOING_WITH_LINE.test(part.text));
}

/** Going or turning to someone: 'Maya walks around Brad, straight to Theo', 'She turns to Joe'. */
const TOWARD =
  /\b(?:walks?|cross(?:es)?|goes|turns?|moves?|steps?|heads?|comes?|runs?|hurr(?:ies|y)|strides?|wanders?|march(?:es)?|leans?|sidles?|edges?)\b(?:[^.;:!?]*?)\b(?:to|towards?|up to|over to|back to)\s+$/i;

/**
 * Who turns or goes to whom in a sentence ('Maya walks around Brad, straight to Theo' → Maya to Theo):
 * the next line they say is said to that person.
 */
export function turnsTo(
  text: string,
  mentions: Mention[],
  pronoun?: string,
): { who: string; to: string } | null {
  const people = mentions.filter((mention) => !isPossessive(text, mention));
  for (const target of people) {
    const before = text.slice(0, target.start);
    const verb = TOWARD.exec(before);
    if (verb === null) continue;
    const [who, ...others] = subjectsBefore(text, people, verb.index);
    const subject = who ?? (/^\s*(?:she|he)\b/i.test(before) ? pronoun : undefined);
    if (subject !== undefined && others.length === 0 && subject !== target.name)
      return { who: subject, to: target.name };
  }
  return null;
}
