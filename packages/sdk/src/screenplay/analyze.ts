import { READING_WORDS_PER_MINUTE } from '../contract/constants.js';
import type { ScriptAnalysis } from '../contract/script.js';

export type { ScriptAnalysis };

import { countWords, plainText } from './emphasis.js';
import type { Screenplay, ScriptElement } from './fountain.types.js';
import { NameMatcher } from './name-matcher.js';
import { type PageModel, paginate, printedText } from './page-model.js';
import {
  characterKey,
  continuesDialogue,
  isPrinted,
  parseSceneHeading,
  titlePageValue,
} from './screenplay.model.js';

type CharacterAnalysis = ScriptAnalysis['characters'][number];
type LocationAnalysis = ScriptAnalysis['locations'][number];

interface CharacterTally extends CharacterAnalysis {
  sceneSet: Set<number>;
}

class CharacterTallies {
  readonly byKey = new Map<string, CharacterTally>();

  /** `name` is how the character is first written ('McCLANE'); `key` groups its spellings. */
  get(key: string, name: string, scene: number | null, line: number): CharacterTally {
    let tally = this.byKey.get(key);
    if (!tally) {
      tally = {
        name,
        dialogueLines: 0,
        speeches: 0,
        words: 0,
        scenes: [],
        sceneSet: new Set(),
        firstAppearance: { scene, line },
      };
      this.byKey.set(key, tally);
    }
    if (scene !== null && !tally.sceneSet.has(scene)) {
      tally.sceneSet.add(scene);
      tally.scenes.push(scene);
    }
    return tally;
  }
}

/** Everything `script:analyze` reports, from one walk over the elements and the page model. */
export function analyzeScreenplay(
  screenplay: Screenplay,
  pageModel: PageModel = paginate(screenplay),
): ScriptAnalysis {
  const speakers = new Set<string>();
  for (const element of screenplay.elements)
    if (element.type === 'character') speakers.add(characterKey(element));
  const mentions = new NameMatcher(speakers, true);
  const tallies = new CharacterTallies();
  const sceneOf = sceneIndexByElement(screenplay);
  const sceneCharacters = screenplay.scenes.map(() => new Set<string>());
  const sceneWords = screenplay.scenes.map(() => 0);
  let wordCount = 0;
  const present = (key: string, name: string, sceneIndex: number, line: number) => {
    const tally = tallies.get(key, name, sceneIndex >= 0 ? sceneIndex + 1 : null, line);
    sceneCharacters[sceneIndex]?.add(tally.name);
    return tally;
  };
  let speaker: CharacterTally | null = null;
  screenplay.elements.forEach((element, index) => {
    const sceneIndex = sceneOf[index] ?? -1;
    const words = isPrinted(element) ? countWords(printedText(element)) : 0;
    wordCount += words;
    if (sceneIndex >= 0) sceneWords[sceneIndex] = (sceneWords[sceneIndex] ?? 0) + words;
    if (element.type === 'character') {
      const name = plainText(element.name).replace(/\s+/g, ' ').trim();
      speaker = present(characterKey(element), name, sceneIndex, element.line);
      speaker.speeches++;
      return;
    }
    if (speaker && continuesDialogue(element)) {
      countSpeech(speaker, element, words);
      return;
    }
    speaker = null;
    if (element.type !== 'action') return;
    for (const key of mentions.find(plainText(element.text))) present(key, key, sceneIndex, element.line);
  });
  return {
    ...titleOf(screenplay),
    scenes: screenplay.scenes.map((scene, i) => {
      const pages = pageModel.scenes[i];
      return {
        number: scene.number,
        ...(scene.heading.sceneNumber === undefined ? {} : { sceneNumber: scene.heading.sceneNumber }),
        heading: scene.heading.text,
        ...parseSceneHeading(scene.heading.text),
        page: pages?.page ?? 1,
        eighths: pages?.eighths ?? '1/8',
        lengthEighths: pages?.lengthEighths ?? 1,
        wordCount: sceneWords[i] ?? 0,
        characters: [...(sceneCharacters[i] ?? [])],
        line: scene.line,
      };
    }),
    characters: [...tallies.byKey.values()].map(({ sceneSet: _, ...character }) => character),
    locations: locationsOf(screenplay),
    pageCount: pageModel.pageCount,
    pages: pageModel.pages,
    estimatedScreenTimeSeconds: pageModel.estimatedScreenTimeSeconds,
    wordCount,
    readingTimeMinutes: Math.ceil(wordCount / READING_WORDS_PER_MINUTE),
  };
}

function countSpeech(speaker: CharacterTally, element: ScriptElement, words: number): void {
  if (element.type !== 'dialogue' && element.type !== 'lyrics') return;
  speaker.words += words;
  for (const line of element.text.split('\n')) if (line.trim() !== '') speaker.dialogueLines++;
}

/** For each element, the index of the scene it belongs to, or -1 before the first heading. */
export function sceneIndexByElement(screenplay: Screenplay): number[] {
  const out = new Array<number>(screenplay.elements.length).fill(-1);
  screenplay.scenes.forEach((scene, index) => {
    out.fill(index, scene.headingIndex, scene.endIndex);
  });
  return out;
}

function titleOf(screenplay: Screenplay): { title?: string } {
  const title = titlePageValue(screenplay, 'title');
  if (title === undefined) return {};
  const plain = plainText(title)
    .split('\n')
    .map((line) => line.trim())
    .join(' ')
    .trim();
  return plain === '' ? {} : { title: plain };
}

function locationsOf(screenplay: Screenplay): LocationAnalysis[] {
  const byName = new Map<string, LocationAnalysis>();
  for (const scene of screenplay.scenes) {
    const { location } = parseSceneHeading(scene.heading.text);
    if (location === null) continue;
    const entry = byName.get(location) ?? { name: location, scenes: [] };
    entry.scenes.push(scene.number);
    byName.set(location, entry);
  }
  return [...byName.values()];
}
