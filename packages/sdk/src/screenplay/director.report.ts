import type { DirectorReportData, FirstPassShot, FramingType, StyleGuide } from '../contract/index.js';
import { FRAMING_TYPES } from '../contract/index.js';
import { type DirectedPass, directScreenplay } from './director.js';
import type { DirectorOptions } from './director.types.js';
import type { Screenplay } from './fountain.types.js';
import { paginate } from './page-model.js';
import { titlePageValue } from './screenplay.model.js';

/**
 * The director's report: what a reviewer needs to judge a first pass on a script they have not read
 * (issue 25). Shots by framing, the inserts and what they show, how every voice-over and off-screen
 * line is covered, each dialogue scene's coverage, the transitions, the writer's slugs carried out,
 * and the cut's running time against the page count.
 */
export type DirectorReport = DirectorReportData;

const ALONE: ReadonlySet<FramingType> = new Set(['medium', 'close', 'extreme-close', 'over-shoulder']);

function coveredOn(shot: FirstPassShot): string {
  const who = shot.characters.length > 0 ? shot.characters.join(', ') : shot.location || 'the scene';
  return `${shot.framing} on ${who}`;
}

export function directorReport(
  screenplay: Screenplay,
  styleGuide: Partial<StyleGuide> = {},
  options: DirectorOptions = {},
  pass: DirectedPass = directScreenplay(screenplay, styleGuide, options),
): DirectorReport {
  const { shots, drafts } = pass;
  const framings = Object.fromEntries(FRAMING_TYPES.map((framing) => [framing, 0])) as Record<
    FramingType,
    number
  >;
  for (const shot of shots) framings[shot.framing]++;
  const inserts = shots.flatMap((shot) =>
    shot.framing === 'insert' ? [{ shot: shot.name, subjects: shot.props ?? [] }] : [],
  );
  const introductions = shots.flatMap((shot, i) =>
    drafts[i]?.purpose === 'introduction' ? [{ shot: shot.name, characters: shot.characters }] : [],
  );
  const voices = shots.flatMap((shot) =>
    (shot.sounds ?? []).flatMap((sound) =>
      sound.kind === 'effect'
        ? []
        : [
            {
              shot: shot.name,
              speaker: sound.speaker ?? '',
              kind: sound.kind,
              line: sound.text,
              coveredOn: coveredOn(shot),
            },
          ],
    ),
  );
  const dialogueScenes = pass.reading.scenes.flatMap((scene) => {
    const speeches = scene.beats.filter((beat) => beat.type === 'speech' && beat.delivery === 'on');
    if (speeches.length === 0) return [];
    const speakers = [
      ...new Set(
        speeches.flatMap((beat) =>
          beat.type === 'speech' ? pass.reading.roster.speakersOf(beat.cue.name.toUpperCase().trim()) : [],
        ),
      ),
    ];
    const sceneShots = (pass.scenes.find((s) => s.number === scene.number)?.shotIndexes ?? []).map(
      (i) => [shots[i] as FirstPassShot, drafts[i]] as const,
    );
    const coverage: Partial<Record<FramingType, number>> = {};
    const singles: Record<string, number> = Object.fromEntries(speakers.map((name) => [name, 0]));
    for (const [shot, draft] of sceneShots) {
      const purpose = draft?.purpose;
      if (
        purpose !== 'master' &&
        purpose !== 'single' &&
        purpose !== 'reaction' &&
        purpose !== 'dual' &&
        purpose !== 'off-screen'
      )
        continue;
      coverage[shot.framing] = (coverage[shot.framing] ?? 0) + 1;
      const first = shot.characters[0];
      if (first !== undefined && ALONE.has(shot.framing) && first in singles)
        singles[first] = (singles[first] ?? 0) + 1;
    }
    return [
      { scene: scene.number, heading: scene.heading, speeches: speeches.length, speakers, coverage, singles },
    ];
  });
  const transitions = shots.flatMap((shot) => [
    ...(shot.transitionIn ? [{ shot: shot.name, position: 'in' as const, ...shot.transitionIn }] : []),
    ...(shot.transitionOut ? [{ shot: shot.name, position: 'out' as const, ...shot.transitionOut }] : []),
  ]);
  const slugs = [
    ...shots.flatMap((shot, i) =>
      (drafts[i]?.slugs ?? []).map((text) => ({ text, shot: shot.name as string | null })),
    ),
    ...pass.unhonouredSlugs.map((text) => ({ text, shot: null })),
  ];
  const pages = paginate(screenplay);
  const running = shots[shots.length - 1]?.endTime ?? 0;
  const title = titlePageValue(screenplay, 'title');
  return {
    ...(title ? { title: title.replace(/[*_]/g, '').replace(/\s+/g, ' ').trim() } : {}),
    shots: shots.length,
    scenes: pass.scenes.length,
    framings,
    inserts,
    introductions,
    voices,
    dialogueScenes,
    transitions,
    slugs,
    soundEffects: shots.reduce(
      (sum, shot) => sum + (shot.sounds ?? []).filter((s) => s.kind === 'effect').length,
      0,
    ),
    runningTimeSeconds: Math.round(running * 10) / 10,
    pageCount: pages.pageCount,
    estimatedScreenTimeSeconds: pages.estimatedScreenTimeSeconds,
    runningTimeRatio:
      pages.estimatedScreenTimeSeconds > 0
        ? Math.round((running / pages.estimatedScreenTimeSeconds) * 100) / 100
        : 0,
  };
}
