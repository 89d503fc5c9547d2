import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FIRST_PASS_DEFAULTS, type FramingType } from '../../src/contract/index.js';
import { analyzeScreenplay } from '../../src/screenplay/analyze.js';
import { directFirstPass } from '../../src/screenplay/director.js';
import {
  deliveryOf,
  readScreenplay,
  readSlug,
  readTransition,
} from '../../src/screenplay/director.reading.js';
import { reviewShots } from '../../src/screenplay/director.review.js';
import { plainText } from '../../src/screenplay/emphasis.js';
import { parseScript } from '../../src/screenplay/index.js';
import { FEATURE_TIMEOUT_MS, readFixture, SCREENPLAY_GENERATOR } from './screenplay-fixtures.js';

/**
 * What must hold of the first pass on every screenplay we can write or generate (issue 25): the
 * generator at 10 and 120 pages, plain and real-world, the tricky scripts in fixtures/director (a
 * title page and epigraph, a cold open, narration over a series of shots, O.S., ages, sounds in
 * capitals, comma headings, INT./EXT., sub-locations, slugs, dual dialogue, Final Draft with
 * StartsNewPage) and the engine's other fixtures.
 */
const ALONE: ReadonlySet<FramingType> = new Set(['medium', 'close', 'extreme-close', 'over-shoulder']);
const CAMERA =
  /^(?:PUSH|PULL|PAN|TILT|ZOOM|DOLLY|TRACK|CRANE|ANGLE|CLOSE|WIDE|POV|INSERT|FREEZE|LOOK (?:UP|DOWN)|BACK TO)\b/;
const SENTENCE_START = /^[\p{Lu}\p{N}"“'‘([~>\-—.…*_!]/u;

function generated(...args: string[]): string {
  return execFileSync(process.execPath, [SCREENPLAY_GENERATOR, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

const SCRIPTS: [string, () => string][] = [
  ['generated, 10 pages', () => generated('--pages', '10')],
  ['generated, 10 pages, real-world', () => generated('--pages', '10', '--real-world')],
  ['generated, 120 pages', () => generated('--pages', '120')],
  ['generated, 120 pages, real-world', () => generated('--pages', '120', '--real-world')],
  ['cold-open.fountain', () => readFixture('director/cold-open.fountain')],
  ['narrated-montage.fountain', () => readFixture('director/narrated-montage.fountain')],
  ['harbour.fdx', () => readFixture('director/harbour.fdx')],
  ['night-ferry.fountain', () => readFixture('night-ferry.fountain')],
  ['night-ferry.fdx', () => readFixture('night-ferry.fdx')],
  ['interrogation.fountain', () => readFixture('interrogation.fountain')],
  ['quiet-hour.fountain', () => readFixture('quiet-hour.fountain')],
];

describe.each(SCRIPTS)('the first pass of %s', { timeout: FEATURE_TIMEOUT_MS }, (_, source) => {
  it('keeps the film grammar', () => {
    const text = source();
    const screenplay = parseScript(text, 'auto');
    const reading = readScreenplay(screenplay);
    const result = directFirstPass(screenplay, {});
    const problems: string[] = [];
    const titleValues = new Set(
      screenplay.titlePage.flatMap((entry) => entry.value.split('\n').map((line) => plainText(line).trim())),
    );
    const isName = (name: string) => reading.roster.isPerson(name);
    const speakers = new Set(
      screenplay.elements.flatMap((element) =>
        element.type === 'character' ? reading.roster.speakersOf(element.name.toUpperCase().trim()) : [],
      ),
    );

    result.shots.forEach((shot, i) => {
      const where = `shot ${i + 1} '${shot.name}'`;
      const written = plainText(shot.script_text).trim();
      for (const line of written.split('\n')) {
        if (readTransition(line.trim())) problems.push(`${where} holds the transition '${line}'`);
        if (titleValues.has(line.trim())) problems.push(`${where} films the title page's '${line}'`);
      }
      if (!written.includes('\n') && readSlug(written, isName) && !written.includes(':'))
        problems.push(`${where} is the slug '${written}'`);
      if (!SENTENCE_START.test(written))
        problems.push(`${where} starts mid-sentence: '${written.slice(0, 40)}'`);
      if (shot.framing === 'insert') {
        for (const prop of shot.props ?? []) {
          const upper = prop.toUpperCase();
          if (isName(upper) || speakers.has(upper))
            problems.push(`${where} is an insert of the person ${prop}`);
          if (CAMERA.test(upper)) problems.push(`${where} is an insert of a camera direction, ${prop}`);
          const read = reading.capitals.read(written.split('\n')[0] ?? '');
          if (read.runs.some((run) => run.kind === 'sound' && run.text.includes(upper)))
            problems.push(`${where} is an insert of the sound ${prop}`);
        }
        if (shot.characters.length > 0) problems.push(`${where} is an insert with people in it`);
      }
      for (const sound of shot.sounds ?? []) {
        if (sound.kind === 'voice-over' && ALONE.has(shot.framing) && shot.characters[0] === sound.speaker)
          problems.push(`${where} puts ${sound.speaker}'s voice-over on a single of them`);
      }
    });

    // Two people talking, four speeches or more: a single (or an over-the-shoulder) on each. A dual
    // dialogue said by two people in the room is their two-shot; one side said from out of the room
    // leaves the other an ordinary speech on camera.
    const speakersOf = (cue: { name: string }) => reading.roster.speakersOf(cue.name.toUpperCase().trim());
    for (const scene of reading.scenes) {
      const speeches = scene.beats.flatMap((beat) => {
        if (beat.type === 'speech') return beat.delivery === 'on' ? [speakersOf(beat.cue)] : [];
        if (beat.type !== 'dual') return [];
        const [first, ...rest] = beat.speeches
          .filter((side) => deliveryOf(side.cue) === 'on')
          .map((side) => speakersOf(side.cue));
        const heard = beat.speeches
          .filter((side) => deliveryOf(side.cue) !== 'on')
          .flatMap((side) => speakersOf(side.cue));
        // (One person written on both sides stays a two-shot.)
        const alone = first !== undefined && rest.length === 0 && heard.length > 0;
        return alone && !heard.some((name) => first.includes(name)) ? [first] : [];
      });
      const people = new Set(speeches.flat());
      if (people.size !== 2 || speeches.length < 4 || speeches.some((who) => who.length > 1)) continue;
      const shots = (result.scenes.find((s) => s.number === scene.number)?.shotIndexes ?? []).map(
        (index) => result.shots[index],
      );
      for (const person of people) {
        if (!shots.some((shot) => shot && ALONE.has(shot.framing) && shot.characters[0] === person))
          problems.push(`scene ${scene.number} (${scene.heading}) has no single of ${person}`);
      }
    }

    const estimate = analyzeScreenplay(screenplay).estimatedScreenTimeSeconds;
    const runtime = result.shots.at(-1)?.endTime ?? 0;
    const ratio = runtime / estimate;
    if (ratio < 0.8 || ratio > 1.25)
      problems.push(`running time ${runtime} s is ${ratio.toFixed(2)}× the ${estimate} s estimate`);

    // The same rules, checked the way a remote provider's shots are: they change nothing.
    const reviewed = reviewShots(screenplay, result.shots, { ...FIRST_PASS_DEFAULTS }, reading);
    problems.push(...reviewed.changes.map((change) => `the review would change ${change}`));

    expect(problems.slice(0, 30)).toEqual([]);
  });
});
