import type { FirstPassScene, ProjectSettings } from '@reelbench/sdk/contract';
import { normalizedScriptText, shotSources, sourceFingerprint } from '@reelbench/sdk/screenplay';
import { describe, expect, it } from 'vitest';
import { planRevision, type RevisedShot, textSimilarity, weave } from '../src/script/first-pass.revise.js';

/** A script as scenes of shot texts: [heading, texts…]. */
type Script = [string, ...string[]][];

function passOf(script: Script) {
  const shots = script.flatMap(([heading, ...texts], s) =>
    texts.map((text) => ({ script_text: text, sceneNumber: s + 1, sceneHeading: heading })),
  );
  const sources = shotSources(shots);
  let next = 0;
  const scenes: FirstPassScene[] = script.map(([heading, ...texts], s) => ({
    number: s + 1,
    heading,
    name: heading,
    shotIndexes: texts.map(() => next++),
  }));
  return {
    scenes,
    shots: shots.map((shot, i) => ({ scriptText: shot.script_text, source: sources[i] as never })),
  };
}

/** The shots of a first pass of `script` as stored: ids o1…, settings scenes A, B, C… */
function made(script: Script): { previous: RevisedShot[]; settings: ProjectSettings } {
  const pass = passOf(script);
  const sceneIds = pass.scenes.map((_, s) => String.fromCharCode(65 + s));
  const previous = pass.shots.map((shot, i) => ({
    id: `o${i + 1}`,
    sceneId: sceneIds[pass.scenes.findIndex((scene) => scene.shotIndexes.includes(i))] as string,
    source: shot.source,
    scriptText: shot.scriptText,
  }));
  return {
    previous,
    settings: {
      scenes: pass.scenes.map((scene, s) => ({
        id: sceneIds[s] as string,
        name: scene.name,
        color: '#ef4444',
        shotIds: scene.shotIndexes.map((i) => `o${i + 1}`),
      })),
      shotOrder: previous.map((shot) => shot.id),
    },
  };
}

function revise(before: Script, after: Script, edit?: (settings: ProjectSettings) => ProjectSettings) {
  const { previous, settings } = made(before);
  let shot = 0;
  let scene = 0;
  return planRevision({
    settings: edit ? edit(settings) : settings,
    previous,
    ...passOf(after),
    newShotId: () => `n${++shot}`,
    newSceneId: () => `S${++scene}`,
    sceneColor: () => '#22c55e',
  });
}

const SCRIPT: Script = [
  ['INT. DINER - NIGHT', 'June pours coffee.', 'JUNE: You look tired.', 'MARA: I slept in the car.'],
  ['EXT. PIER - DAY', 'Gulls wheel.', 'ELI: Third one this month.'],
  ['INT. LIGHTHOUSE - NIGHT', 'The lamp turns.'],
];

describe('the source fingerprint', () => {
  it('reads re-flowed, re-cased and re-punctuated text the same, and tells places apart', () => {
    expect(normalizedScriptText('MARA\n  *Who*   moved\nthe ledger?')).toBe('mara who moved the ledger');
    expect(sourceFingerprint('Who moved the ledger?', 'INT. DINER - NIGHT')).toBe(
      sourceFingerprint('who  moved\nthe LEDGER', 'EXT. DINER - DAY'),
    );
    expect(sourceFingerprint('Who moved the ledger?', 'INT. DINER - NIGHT')).not.toBe(
      sourceFingerprint('Who moved the ledger?', 'INT. PIER - NIGHT'),
    );
  });

  it('counts repeats of the same text in the same place', () => {
    const sources = shotSources([
      { script_text: 'Yes.', sceneNumber: 1, sceneHeading: 'INT. KITCHEN - DAY' },
      { script_text: 'Yes.', sceneNumber: 2, sceneHeading: 'INT. KITCHEN - NIGHT' },
      { script_text: 'Yes.', sceneNumber: 3, sceneHeading: 'EXT. YARD - NIGHT' },
    ]);
    expect(sources.map((source) => source.occurrence)).toEqual([0, 1, 0]);
  });

  it('measures likeness by shared words', () => {
    expect(textSimilarity('the tide never waits', 'The tide never waits!')).toBe(1);
    expect(textSimilarity('a b c d', 'x y z w')).toBe(0);
  });
});

describe('planRevision', () => {
  it('keeps everything when nothing changed, and says the settings are the same', () => {
    const plan = revise(SCRIPT, SCRIPT);
    expect(plan.kept).toEqual(['o1', 'o2', 'o3', 'o4', 'o5', 'o6']);
    expect([plan.changed, plan.added, plan.removed]).toEqual([[], [], []]);
    expect(plan.settingsChanged).toBe(false);
  });

  it('changes the shot of an edited line in place, whatever else moved', () => {
    const after: Script = [
      SCRIPT[2] as [string, ...string[]],
      [
        'INT. DINER - NIGHT',
        'June pours coffee.',
        'JUNE: You look like you slept in a hedge.',
        'MARA: I slept in the car.',
      ],
      SCRIPT[1] as [string, ...string[]],
    ];
    const plan = revise(SCRIPT, after);
    expect(plan.changed).toEqual(['o2']);
    expect(plan.ids).toEqual(['o6', 'o1', 'o2', 'o3', 'o4', 'o5']);
    expect(plan.settings.scenes.map((scene) => scene.id)).toEqual(['C', 'A', 'B']);
    expect(plan.settings.shotOrder).toEqual(plan.ids);
  });

  it('adds new material where the script puts it and removes what is gone', () => {
    const after: Script = [
      ['INT. DINER - NIGHT', 'June pours coffee.', 'MARA: I slept in the car.', 'JUNE: Go home, Mara.'],
      ['EXT. CHURCHYARD - DAY', 'A fresh grave.'],
      SCRIPT[2] as [string, ...string[]],
    ];
    const plan = revise(SCRIPT, after);
    // 'You look tired' went and 'Go home' came, in different gaps: one removed, one added.
    expect(plan.kept).toEqual(['o1', 'o3', 'o6']);
    expect(plan.added).toEqual(['n1', 'n2']);
    expect(plan.removed.sort()).toEqual(['o2', 'o4', 'o5']);
    expect(plan.settings.scenes.map((scene) => scene.id)).toEqual(['A', 'S1', 'C']);
  });

  it('keeps hand-made shots after the shot they followed, and hand-made scenes where they were', () => {
    const after: Script = [SCRIPT[1] as [string, ...string[]], SCRIPT[0] as [string, ...string[]]];
    const plan = revise(SCRIPT, after, (settings) => ({
      scenes: [
        ...settings.scenes.slice(0, 1).map((scene) => ({ ...scene, shotIds: [...scene.shotIds, 'h1'] })),
        { id: 'H', name: 'Pickups', color: '#000000', shotIds: ['h2'] },
        ...settings.scenes.slice(1),
      ],
      shotOrder: ['o1', 'o2', 'h1', 'o3', 'h2', 'o4', 'o5', 'o6'],
    }));
    expect(plan.settings.shotOrder).toEqual(['o4', 'o5', 'o1', 'o2', 'h1', 'o3', 'h2']);
    expect(plan.removed).toEqual(['o6']);
    expect(plan.settings.scenes.map((scene) => [scene.id, scene.shotIds])).toEqual([
      ['B', ['o4', 'o5']],
      ['A', ['o1', 'o2', 'o3', 'h1']],
      ['H', ['h2']],
    ]);
  });

  it('weaves items it does not own back after their neighbour', () => {
    expect(
      weave(
        ['h0', 'a', 'h1', 'b', 'h2', 'c'],
        ['c', 'a', 'd'],
        (id) => !id.startsWith('h'),
        (id) => id !== 'b',
      ),
    ).toEqual(['h0', 'c', 'a', 'h1', 'h2', 'd']);
  });
});
