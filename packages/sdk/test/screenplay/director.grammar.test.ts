import { describe, expect, it } from 'vitest';
import type { FirstPassShot } from '../../src/contract/index.js';
import { analyzeScreenplay } from '../../src/screenplay/analyze.js';
import { directFirstPass, type FirstPassResult } from '../../src/screenplay/director.js';
import { parseFdx, toFdx } from '../../src/screenplay/fdx.js';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { Screenplay } from '../../src/screenplay/fountain.types.js';
import { readFixture } from './screenplay-fixtures.js';

/**
 * One test per rule of FILM.md's grammar (issue 25), each on a small screenplay written for it, read
 * from Fountain and from the Final Draft file the same script saves as.
 */
const FORMATS = {
  fountain: (source: string) => parseFountain(source),
  fdx: (source: string) => parseFdx(toFdx(parseFountain(source))),
} as const;

function pass(source: string, format: keyof typeof FORMATS, styleGuide = {}): FirstPassResult {
  return directFirstPass(FORMATS[format](source), styleGuide);
}

const lines = (shots: FirstPassShot[]) => shots.map((shot) => shot.script_text);
const named = (shots: FirstPassShot[], text: string) => shots.find((shot) => shot.script_text.includes(text));

describe.each(Object.keys(FORMATS) as (keyof typeof FORMATS)[])(
  'the director reads %s as a film maker does',
  (format) => {
    it('makes no shot of a transition: a dissolve or a fade joins the shots around it, a cut is nothing', () => {
      const result = pass(
        `FADE IN:

EXT. PIER - NIGHT

Rain on the boards.

CUT TO:

INT. CABIN - NIGHT

A lamp gutters.

DISSOLVE TO:

EXT. LIGHTHOUSE - DAWN

The light goes out.

FADE OUT.
`,
        format,
      );
      expect(lines(result.shots).filter((text) => /TO:|FADE/.test(text))).toEqual([]);
      expect(result.shots[0]?.transitionIn).toEqual({ kind: 'fade', text: 'FADE IN:' });
      const cabin = result.scenes[1]?.shotIndexes[0] ?? -1;
      expect(result.shots[cabin]?.transitionIn).toBeUndefined();
      const lighthouse = result.scenes[2]?.shotIndexes[0] ?? -1;
      expect(result.shots[lighthouse]?.transitionIn).toEqual({ kind: 'dissolve', text: 'DISSOLVE TO:' });
      expect(result.shots.at(-1)?.transitionOut).toEqual({ kind: 'fade', text: 'FADE OUT.' });
    });

    it('films nothing of the title page, an epigraph before FADE IN, OPENING TITLES or THE END', () => {
      const result = pass(
        `Title: Low Water
Credit: Written by
Author: A. Writer
Draft date: Shooting Draft

"The sea gives back what it takes."
-- Old saying

FADE IN:

OPENING TITLES

EXT. RIVER - DAY

Water slides under a bridge.

CUT TO BLACK.

THE END
`,
        format,
      );
      expect(lines(result.shots)).toEqual(['EXT. RIVER - DAY\n\nWater slides under a bridge.']);
      expect(result.shots.at(-1)?.transitionOut).toEqual({ kind: 'cut-to-black', text: 'CUT TO BLACK.' });
      expect(result.scenes.map((scene) => scene.name)).toEqual(['Scene 1: RIVER']);
    });

    it('makes material before the first heading a scene of its own, placed by its own words or flagged a prologue', () => {
      const placed = pass(
        `BLACK WATER UNDER A PIER, NIGHT.

Something glints on the seabed.

INT. BEDROOM - DAY

Mara wakes.
`,
        format,
      );
      expect(placed.scenes.map((scene) => scene.name)).toEqual([
        'Scene 1: BLACK WATER UNDER A PIER',
        'Scene 2: BEDROOM',
      ]);
      expect(placed.shots[0]).toMatchObject({
        framing: 'establishing',
        location: 'BLACK WATER UNDER A PIER',
        sceneNumber: 1,
      });
      expect(placed.shots[0]?.prompt).toContain('night');
      expect(named(placed.shots, 'glints')?.location).toBe('BLACK WATER UNDER A PIER');

      const unplaced = pass(
        `A voice in the dark counts to ten.\n\nINT. BEDROOM - DAY\n\nMara wakes.\n`,
        format,
      );
      expect(unplaced.scenes.map((scene) => scene.name)).toEqual(['Scene 1: Prologue', 'Scene 2: BEDROOM']);
      expect(named(unplaced.shots, 'counts to ten')).toMatchObject({ location: '', sceneNumber: 1 });
    });

    it('reads every common heading form, with place, sub-location and time of day apart', () => {
      const source = `INT. HARBOR MARKET, NIGHT

Stalls shuttered.

INT./EXT. CAR - MOVING - DAY

Wipers beat.

I/E TRUCK - NIGHT

Headlights.

INT. LIGHTHOUSE - KEEPER'S KITCHEN - DAWN

A kettle.

.UNDERWATER

Bubbles rise.
`;
      const screenplay = FORMATS[format](source);
      const scenes = analyzeScreenplay(screenplay).scenes;
      expect(scenes.map((scene) => [scene.intExt, scene.location, scene.timeOfDay])).toEqual([
        ['INT', 'HARBOR MARKET', 'NIGHT'],
        ['INT/EXT', 'CAR - MOVING', 'DAY'],
        ['INT/EXT', 'TRUCK', 'NIGHT'],
        ['INT', "LIGHTHOUSE - KEEPER'S KITCHEN", 'DAWN'],
        [null, null, null],
      ]);
      const result = directFirstPass(screenplay);
      expect(result.scenes.map((scene) => scene.name)).toEqual([
        'Scene 1: HARBOR MARKET',
        'Scene 2: CAR - MOVING',
        'Scene 3: TRUCK',
        "Scene 4: LIGHTHOUSE - KEEPER'S KITCHEN",
        'Scene 5: UNDERWATER',
      ]);
      const kitchen = result.shots[result.scenes[3]?.shotIndexes[0] ?? -1];
      expect(kitchen).toMatchObject({ location: 'LIGHTHOUSE', framing: 'establishing' });
      expect(kitchen?.prompt).toContain("LIGHTHOUSE, keeper's kitchen (interior), dawn");
    });

    it("carries out the writer's slugs on the next shot and never makes them shots or scenes", () => {
      const result = pass(
        `INT. KITCHEN - NIGHT

MARA (30s) waits by the stove. JOE (60s) reads at the table.

ANGLE ON MARA

She bites her lip.

JOE'S POV

The back door, ajar.

INSERT - THE LETTER

It is signed with an initial.

BACK TO SCENE

Joe folds the paper away.

.MARA

She turns off the gas.

FREEZE FRAME.
`,
        format,
      );
      expect(result.scenes).toHaveLength(1);
      expect(
        lines(result.shots).filter((text) => /^(ANGLE|JOE'S POV|INSERT|BACK|\.?MARA$|FREEZE)/.test(text)),
      ).toEqual([]);
      expect(named(result.shots, 'bites her lip')).toMatchObject({ framing: 'medium', characters: ['MARA'] });
      expect(named(result.shots, 'ajar')?.framing).toBe('pov');
      expect(named(result.shots, 'signed with an initial')).toMatchObject({
        framing: 'insert',
        props: ['LETTER'],
      });
      expect(named(result.shots, 'folds the paper')?.framing).toBe('wide');
      const gas = named(result.shots, 'turns off the gas');
      expect(gas).toMatchObject({ framing: 'medium', characters: ['MARA'] });
      expect(gas?.description).toContain('freeze frame');
    });

    it('hears sounds in capitals as notes on the shot, never as shots or inserts', () => {
      const result = pass(
        `EXT. HARBOUR - NIGHT

Mara walks the quay. A FOGHORN MOANS.

Somewhere a DOOR SLAMS.

The phone RINGS. She lets it ring.
`,
        format,
      );
      expect(result.shots.some((shot) => shot.framing === 'insert')).toBe(false);
      expect(lines(result.shots).some((text) => text.startsWith('Somewhere a DOOR'))).toBe(false);
      const heard = result.shots.flatMap((shot) => (shot.sounds ?? []).map((sound) => sound.text));
      expect(heard).toEqual(['A FOGHORN MOANS.', 'Somewhere a DOOR SLAMS.', 'The phone RINGS.']);
    });

    it('makes an insert only of an object the action names, never a person, a sound, a verb or a camera direction', () => {
      const result = pass(
        `EXT. MARKET - DAY

PASSERSBY hurry past the stalls. An OLD WOMAN feeds the pigeons.

Kit LAUGHS. Somewhere a bell is RINGING. We PUSH IN on the crowd.

LOOK DOWN at the cobbles.

Kit picks up a WALLET from the cobbles.

KIT
Somebody dropped this.
`,
        format,
      );
      const inserts = result.shots.filter((shot) => shot.framing === 'insert');
      expect(inserts.map((shot) => shot.props)).toEqual([['WALLET']]);
      expect(named(result.shots, 'PASSERSBY')?.framing).not.toBe('insert');
      expect(named(result.shots, 'OLD WOMAN')?.framing).not.toBe('insert');
    });

    it("shoots a character's introduction as a medium shot of them, their description in the prompt", () => {
      const result = pass(
        `EXT. HARBOUR WALL - DUSK

MARA QUINN (30s), soaked to the bone, climbs onto the wall with a LETTER.

MARA
Nobody comes here anymore.
`,
        format,
      );
      const intro = named(result.shots, 'MARA QUINN');
      expect(intro).toMatchObject({ framing: 'medium', characters: ['MARA'] });
      expect(intro?.prompt).toContain('soaked to the bone');
      expect(result.shots.filter((shot) => shot.framing === 'insert')).toEqual([]);
    });

    it('covers two people talking with a two-shot, then over-the-shoulders that follow the speaker', () => {
      const result = pass(
        `INT. DINER - NIGHT

ELI
You should go home.

MARA
Not without the ledger.

ELI
It is gone.

MARA
Then so am I.
`,
        format,
      );
      const dialogue = result.shots.filter((shot) => shot.framing !== 'establishing');
      expect(dialogue.map((shot) => [shot.framing, shot.characters[0]])).toEqual([
        ['two-shot', 'ELI'],
        ['over-shoulder', 'MARA'],
        ['over-shoulder', 'ELI'],
        ['over-shoulder', 'MARA'],
      ]);
    });

    it('cuts to the listener during a long speech, and a parenthetical directs the line after it', () => {
      const speech = Array.from(
        { length: 4 },
        (_, i) => `I waited on that pier for ${i + 2} winters and nobody came.`,
      ).join(' ');
      const result = pass(
        `INT. DINER - NIGHT

ELI
Why?

MARA
${speech}
(closer)
And then you wrote.
`,
        format,
        { pacing: 'balanced' },
      );
      const mara = result.shots.filter(
        (shot) => shot.script_text.includes('winters') || shot.script_text.includes('(closer)'),
      );
      expect(mara.some((shot) => shot.characters[0] === 'ELI' && shot.name.includes('listening'))).toBe(true);
      const closer = mara.find((shot) => shot.script_text.includes('(closer)'));
      expect(closer?.script_text).toMatch(/\(closer\)\nAnd then you wrote\.$/);
      for (const shot of mara) expect(shot.script_text.trimEnd().endsWith('(closer)')).toBe(false);
    });

    it('plays voice-over over the picture and covers an off-screen line on the listener', () => {
      const result = pass(
        `EXT. RIVER - DAWN

Mist on the water. MARA (30s) watches a boat drift.

NARRATOR (V.O.)
Every town keeps one book it never shows anybody.

Mara wades in to her knees.

A boat drifts.

JOE (O.S.)
Mara! Come back!

She does not turn.
`,
        format,
      );
      expect(result.shots.some((shot) => shot.characters.includes('NARRATOR'))).toBe(false);
      const carrier = result.shots.find((shot) => shot.sounds?.some((sound) => sound.kind === 'voice-over'));
      expect(carrier?.script_text).toContain('watches a boat drift');
      expect(carrier?.sounds?.[0]).toEqual({
        kind: 'voice-over',
        speaker: 'NARRATOR',
        text: 'Every town keeps one book it never shows anybody.',
      });
      const offScreen = result.shots.find((shot) =>
        shot.sounds?.some((sound) => sound.kind === 'off-screen'),
      );
      expect(offScreen).toMatchObject({ characters: ['MARA'] });
      expect(offScreen?.characters).not.toContain('JOE');
    });

    it('keeps a dual-dialogue side spoken off screen out of the frame: it is heard over the other', () => {
      const result = pass(
        `INT. KITCHEN - NIGHT

DR. HALE (60s) scrubs her hands at the sink.

DR. HALE
Put the kettle on and stop shouting at me.

KIT (O.S.) ^
I can't hear you, the tap is running!

Hale turns the tap off.

DR. HALE
Tea?

NELL (V.O.)
They always asked at the same time.

BRAM (O.S.) ^
Nobody ever answered.
`,
        format,
      );
      expect(result.shots.some((shot) => shot.characters.includes('KIT'))).toBe(false);
      expect(result.shots.some((shot) => /talking at once/.test(shot.name))).toBe(false);
      const carrier = result.shots.find((shot) => shot.sounds?.some((sound) => sound.speaker === 'KIT'));
      expect(carrier?.characters[0]).toBe('DR. HALE');
      expect(carrier?.script_text).toContain('stop shouting at me');
      expect(carrier?.script_text).toContain('the tap is running');
      expect(carrier?.sounds).toContainEqual({
        kind: 'off-screen',
        speaker: 'KIT',
        text: "I can't hear you, the tap is running!",
      });
      // A pair with nobody in the room: a voice over the picture and a line from off screen.
      expect(
        result.shots.some((shot) => shot.characters.some((name) => name === 'NELL' || name === 'BRAM')),
      ).toBe(false);
      const sounds = result.shots.flatMap((shot) => shot.sounds ?? []);
      expect(sounds).toContainEqual(expect.objectContaining({ kind: 'voice-over', speaker: 'NELL' }));
      expect(sounds).toContainEqual(expect.objectContaining({ kind: 'off-screen', speaker: 'BRAM' }));
      // Every line is still in some shot's script text.
      const all = lines(result.shots).join('\n');
      for (const line of ['stop shouting at me', 'the tap is running', 'same time', 'Nobody ever answered'])
        expect(all).toContain(line);
    });

    it('cuts action only between sentences', () => {
      const long = `Mara drags the net up the slipway, past the upturned hulls and the rusted winch and the old men mending their lines in the last of the light, until her hands bleed and the gulls give up on her and the tide turns behind her.`;
      const result = pass(`EXT. SLIPWAY - DUSK\n\n${long} She sits.\n`, format, { pacing: 'fast' });
      const action = result.shots.filter((shot) => shot.framing !== 'establishing');
      for (const shot of action) expect(shot.script_text).toMatch(/^[A-Z]/);
      expect(action.map((shot) => shot.script_text).join(' ')).toBe(`${long} She sits.`);
    });

    it('lets the template shape the coverage without dropping the grammar', () => {
      const source = `INT. DINER - NIGHT

ELI
You should go home, it is late and the roads are bad tonight.

MARA
Not without the ledger, not after what it cost me to find it.

ELI
It is gone and it is not coming back to either of us.

MARA
Then neither am I, and you can tell them that yourself.

NARRATOR (V.O.)
She never went home.
`;
      for (const template of ['two-shot', 'over-shoulder', 'single-close', 'triangular', 'insert'] as const) {
        const result = pass(source, format, { template });
        for (const speaker of ['ELI', 'MARA']) {
          const single = result.shots.find(
            (shot) =>
              ['medium', 'close', 'over-shoulder'].includes(shot.framing) && shot.characters[0] === speaker,
          );
          expect(single, `${template}: a single of ${speaker}`).toBeDefined();
        }
        expect(
          result.shots.some((shot) => shot.characters.includes('NARRATOR')),
          template,
        ).toBe(false);
      }
      const close = pass(source, format, { template: 'single-close' }).shots.filter((shot) =>
        shot.name.includes('speaking'),
      );
      expect(new Set(close.map((shot) => shot.framing))).toEqual(new Set(['close']));
    });

    it('shows no emphasis markup in names, descriptions or prompts', () => {
      const result = pass(
        `INT. **VAULT** - NIGHT

_MARA_ (30s) opens the **STRONGBOX**.

MARA
It's *empty*.
`,
        format,
      );
      for (const shot of result.shots) {
        const texts = [shot.name, shot.description, shot.prompt, shot.location, shot.sceneHeading];
        for (const text of [...texts, ...shot.characters]) expect(text).not.toMatch(/\*|(^|\s)_|_(\s|$)/);
      }
      for (const scene of result.scenes) expect(`${scene.heading} ${scene.name}`).not.toMatch(/\*|_/);
    });

    it('gives a slug on a thing its insert, and the line after it stays on the speaker', () => {
      const result = pass(
        `EXT. QUAY - NIGHT

RUTH (60s) walks the pier with a torch.

ANGLE ON - A crumpled ticket pinned under a stone.

RUTH
(quietly)
Last one out, then.
`,
        format,
      );
      const insert = named(result.shots, 'ANGLE ON');
      expect(insert).toMatchObject({ framing: 'insert', characters: [] });
      expect(insert?.script_text).not.toContain('Last one out');
      const line = named(result.shots, 'Last one out');
      expect(line?.framing).not.toBe('insert');
      expect(line?.characters[0]).toBe('RUTH');
    });

    it("reads 'She' as the person the shot is on, not the last one who spoke", () => {
      const result = pass(
        `INT. CABIN - NIGHT

DANNY (30s) sits across from RUTH (60s).

RUTH
I left it for you.

DANNY
For me?

Ruth looks out at the black water. She doesn't answer.

EXT. PIER - NIGHT

Ruth walks the length of the pier.

RUTH (V.O.)
Forty years I kept that light.

She stops at the ticket booth.
`,
        format,
      );
      expect(named(result.shots, "She doesn't answer")?.characters).toEqual(['RUTH']);
      // After a voice-over (carried by the place, with no one in frame): the last person seen in the scene.
      expect(named(result.shots, 'She stops')?.characters).toEqual(['RUTH']);
    });

    it('films a phone call written as an intercut at each end of the line, never in one frame', () => {
      const result = pass(readFixture('director/phone-call.fountain'), format);
      const kitchen = result.shots.filter((shot) => shot.sceneNumber === 2);
      // Nobody across the line shares a frame: no master, two-shot, over-the-shoulder or reaction.
      for (const shot of kitchen) {
        expect(shot.characters.length, shot.name).toBeLessThanOrEqual(1);
        expect(['two-shot', 'over-shoulder', 'wide']).not.toContain(shot.framing);
      }
      const ellen = kitchen.filter((shot) => shot.characters.includes('ELLEN'));
      const danny = kitchen.filter((shot) => shot.characters.includes('DANNY'));
      // Each end is filmed where that person is: Ellen at the terminal she was last seen in.
      expect(ellen.map((shot) => shot.location)).toEqual([
        'FERRY TERMINAL',
        'FERRY TERMINAL',
        'FERRY TERMINAL',
      ]);
      expect(ellen.map((shot) => shot.script_text)).toEqual([
        "ELLEN\n(into phone)\nAt the terminal. The last boat's gone.",
        'Ellen closes her eyes.',
        'ELLEN\nPut him on.',
      ]);
      expect(ellen[0]?.prompt).toMatch(/ferry terminal/i);
      expect(ellen[0]?.prompt).not.toMatch(/kitchen/i);
      expect(danny.length).toBeGreaterThanOrEqual(3);
      for (const shot of danny) expect(shot.location).toBe('PARK HOUSE');
      expect(named(kitchen, 'Mom? Where are you?')?.name).toBe(
        '2.3 Medium – DANNY speaking (intercut with ELLEN)',
      );
      // The cut goes back and forth by line, in script order, all in the kitchen scene's numbering.
      expect(
        kitchen.filter((shot) => shot.characters.length === 1).map((shot) => shot.characters[0]),
      ).toEqual(['DANNY', 'DANNY', 'ELLEN', 'DANNY', 'ELLEN', 'ELLEN', 'DANNY']);
      // END INTERCUT: the scene is one place again, and Ellen was never in the kitchen.
      expect(named(kitchen, 'runs for the stairs')?.location).toBe('PARK HOUSE');
      expect(named(kitchen, 'runs for the stairs')?.characters).toEqual(['DANNY']);
    });

    it('cuts away from an intercut called inside a scene, and back to one room after BACK TO SCENE', () => {
      const result = pass(
        `INT. PRECINCT - NIGHT

DETECTIVE OKAFOR (50s) pins a photo to the board.

INT. MARA'S CAR - NIGHT

MARA (30s) drives, phone to her ear.

INTERCUT WITH:

OKAFOR
Where are you now?

MARA
Bridge Street. He's two cars ahead.

BACK TO SCENE

JOE (60s) sits up in the back seat.

JOE
Was that him?

MARA
Stay down.
`,
        format,
      );
      const car = result.shots.filter((shot) => shot.sceneNumber === 2);
      expect(named(car, 'Where are you now?')?.location).toBe('PRECINCT');
      expect(named(car, 'Where are you now?')?.characters).toEqual(['OKAFOR']);
      expect(named(car, 'Bridge Street')?.location).toBe("MARA'S CAR");
      expect(named(car, 'Bridge Street')?.characters).toEqual(['MARA']);
      // Back in the car: Joe and Mara share it, and the camera may hold both.
      expect(car.some((shot) => shot.characters.includes('JOE') && shot.characters.includes('MARA'))).toBe(
        true,
      );
      for (const shot of car) if (shot.characters.includes('JOE')) expect(shot.location).toBe("MARA'S CAR");
      expect(car.some((shot) => shot.characters.includes('OKAFOR') && shot.characters.length > 1)).toBe(
        false,
      );
    });

    it('hears a knock and holds a silence on the picture there is, and films a flashback in its own place', () => {
      const result = pass(
        `INT. MOTEL ROOM - NIGHT

RAY (30s), unshaven, sits on the end of the bed.

He kills the TV with the remote.

Silence.

A KNOCK at the door. A SCREAM echoes down the hall. MUSIC thumps through the wall.

RAY
Who is it?

LUCY (20s) strides in and drops a SET OF KEYS on the bed.

FLASHBACK - INT. DINER - DAY

YOUNG RAY (20) slides a milkshake across the counter.

YOUNG RAY
Don't tell Mom.

BACK TO PRESENT

INT. MOTEL ROOM - CONTINUOUS

Lucy grabs a BOX OF MATCHES.
`,
        format,
      );
      // No picture of a pause or of a sound: they ride on the shot of the TV going dark.
      expect(result.shots.some((shot) => /^Silence|^A KNOCK|^A SCREAM|^MUSIC/.test(shot.script_text))).toBe(
        false,
      );
      const dark = named(result.shots, 'He kills the TV');
      expect(dark?.script_text).toContain('Silence.');
      expect(dark?.sounds?.map((sound) => sound.text)).toEqual([
        'A KNOCK at the door.',
        'A SCREAM echoes down the hall.',
        'MUSIC thumps through the wall.',
      ]);
      // Keys and matches are things handled ('a SET OF KEYS'), not sounds.
      expect(named(result.shots, 'SET OF KEYS')?.sounds ?? []).toEqual([]);
      expect(
        result.shots.find((shot) => shot.framing === 'insert' && shot.props?.includes('BOX OF MATCHES')),
      ).toBeDefined();
      // The flashback is a scene of its own, in the diner, and the young man is Ray.
      expect(result.scenes.map((scene) => scene.heading)).toEqual([
        'INT. MOTEL ROOM - NIGHT',
        'FLASHBACK - INT. DINER - DAY',
        'INT. MOTEL ROOM - CONTINUOUS',
      ]);
      expect(named(result.shots, 'milkshake')?.location).toBe('DINER');
      expect(named(result.shots, "Don't tell Mom")?.characters).toEqual(['RAY']);
    });

    it('reads a titled name in capitals as one person (MRS. O’HARA), and PRE-LAP: as no shot', () => {
      const result = pass(
        `INT. O'HARA FAMILY KITCHEN - MORNING

MRS. O'HARA (60s) flips pancakes. Her son TOMMY (30s) sits at the table.

TOMMY
I sold the boat.

MRS. O'HARA
Your father's boat.

PRE-LAP:

MRS. O'HARA (V.O.)
Get out.

EXT. O'HARA HOUSE - DAY

Tommy sits in his truck, engine off.
`,
        format,
      );
      const everyone = new Set(result.shots.flatMap((shot) => shot.characters));
      expect([...everyone].sort()).toEqual(["MRS. O'HARA", 'TOMMY']);
      expect(result.shots.some((shot) => /PRE-LAP/.test(shot.name))).toBe(false);
      // The pre-lapped line is heard under the kitchen's last picture, before the cut outside.
      const heard = result.shots.find((shot) => shot.sounds?.some((sound) => sound.text === 'Get out.'));
      expect(heard?.sceneNumber).toBe(1);
    });

    it("films HOPE'S POV - THROUGH THE REAR WINDOW as her point of view, and a CHILD'S DRAWING as a thing", () => {
      const result = pass(
        `INT./EXT. WILL'S CAR - MOVING - NIGHT

HOPE (20s) rides shotgun, counting cash. A SIREN wails behind them. Hope twists around.

HOPE'S POV - THROUGH THE REAR WINDOW

Blue lights, gaining.

BACK TO SCENE

HOPE
Go left!

INT. APARTMENT - BEDROOM - NIGHT

Will unpins a CHILD'S DRAWING from the wall.
`,
        format,
      );
      const pov = named(result.shots, 'Blue lights');
      expect(pov?.framing).toBe('pov');
      expect(pov?.name).toBe(
        "1.3 POV – HOPE's point of view, through the rear window: Blue lights, gaining.",
      );
      expect(result.shots.flatMap((shot) => shot.props ?? [])).not.toContain('THROUGH THE REAR WINDOW');
      const drawing = named(result.shots, "CHILD'S DRAWING");
      expect(drawing?.sounds ?? []).toEqual([]);
      expect(drawing?.props).toEqual(["CHILD'S DRAWING"]);
    });

    it('takes BEGIN FLASHBACK and END FLASHBACK for structure: no shot, no sound', () => {
      const result = pass(
        `EXT. HOSPITAL ROOF - NIGHT

We PUSH IN on Bryce's face as he closes his eyes.

BEGIN FLASHBACK:

INT. OPERATING ROOM - DAY

A monitor FLATLINES. Bryce, younger, stares at the screen.

END FLASHBACK.

EXT. HOSPITAL ROOF - NIGHT

Ada takes his hand.
`,
        format,
      );
      const written = result.shots.flatMap((shot) => [
        shot.name,
        shot.description,
        ...(shot.sounds ?? []).map((sound) => sound.text),
      ]);
      expect(written.filter((text) => /FLASHBACK/.test(text))).toEqual([]);
      expect(result.scenes.map((scene) => scene.heading)).toEqual([
        'EXT. HOSPITAL ROOF - NIGHT',
        'INT. OPERATING ROOM - DAY',
        'EXT. HOSPITAL ROOF - NIGHT',
      ]);
    });

    it('lets a person who walks out go: no shoulder, listener or wide of them after, until they are back', () => {
      const result = pass(
        `INT. LIGHTHOUSE KITCHEN - NIGHT

ELLEN VOSS (40s) scrubs a pot. JESS (17) slouches at the table. Marcus's old coat hangs by the stove.

JESS
Dad would've let me go.

ELLEN
Dad isn't here.

Jess storms out. The door slams.

JESS (O.S.)
You never listen!

ELLEN
Neither did he.

A long moment. The kettle starts to sing.

Jess comes back in, wet through.

JESS
(to Ellen)
The boat's gone.

ELLEN
(to herself)
Of course it is.
`,
        format,
      );
      const alone = named(result.shots, 'Neither did he.');
      expect(alone?.characters).toEqual(['ELLEN']);
      expect(alone?.framing).not.toBe('over-shoulder');
      expect(alone?.name).not.toContain('JESS');
      // Nobody owns a coat in the frame: the coat's owner is not a person in the scene.
      expect(result.shots.some((shot) => shot.characters.includes('MARCUS'))).toBe(false);
      // Back in, she is in the scene again: the two of them are shown together before the cutting.
      expect(named(result.shots, "The boat's gone.")?.characters).toEqual(['JESS', 'ELLEN']);
      // Said to herself, with Jess in the room: a single, nobody's shoulder.
      const toHerself = named(result.shots, 'Of course it is.');
      expect(toHerself?.characters).toEqual(['ELLEN']);
      expect(toHerself?.framing).not.toBe('over-shoulder');
    });

    it('shows what a person looks at as their point of view, then goes back to them', () => {
      const result = pass(
        `INT. FLAT - NIGHT

RUTH (50s) sits by the window with cold tea. She looks out through the blinds.

A black car idles at the kerb, lights off.

Ruth lets the blind fall. She looks tired.

DANNY (20s) shuffles in, hood up.

DANNY
You're up late.

Ruth stares at him. Danny drops his keys in the bowl.

RUTH
Whose car is that?
`,
        format,
      );
      const names = result.shots.map((shot) => shot.name.replace(/^\d+\.\d+ /, ''));
      const car = result.shots.findIndex((shot) => shot.script_text.startsWith('A black car idles'));
      expect(result.shots[car]).toMatchObject({ framing: 'pov', characters: [] });
      expect(result.shots[car]?.prompt).toContain("RUTH's point of view: A black car idles at the kerb");
      expect(result.shots[car - 1]?.script_text).toContain('She looks out through the blinds.');
      expect(result.shots[car - 1]?.characters).toEqual(['RUTH']);
      expect(result.shots[car + 1]?.characters).toEqual(['RUTH']);
      // 'She looks tired' is how she looks, and a look at a person is the scene's coverage, not a POV.
      expect(names.filter((name) => name.startsWith('POV'))).toHaveLength(1);
      expect(named(result.shots, 'Danny drops his keys')?.characters).toEqual(['DANNY']);
    });

    it('keeps a voice only ever heard ON TV out of the room: the set is shown, the line is on who hears it', () => {
      const result = pass(
        `INT. LIGHTHOUSE KITCHEN - NIGHT

ELLEN (40s) scrubs a pot. The TV mutters in the corner.

A NEWSREADER drones.

NEWSREADER (ON TV)
Storm warnings for the whole coast tonight.

Ellen switches it off.

INT. HARBOUR OFFICE - NIGHT

TOMAS (18) at the desk. The radio hisses.

DISPATCHER (OVER RADIO)
All boats to harbour.

TOMAS
Copy that.
`,
        format,
      );
      expect(result.shots.some((shot) => shot.characters.includes('NEWSREADER'))).toBe(false);
      expect(result.shots.some((shot) => shot.characters.includes('DISPATCHER'))).toBe(false);
      const set = named(result.shots, 'A NEWSREADER drones.');
      expect(set).toMatchObject({ framing: 'insert', props: ['TV'], characters: [] });
      expect(set?.name).toContain('close detail of the TV, NEWSREADER on its screen');
      const news = named(result.shots, 'Storm warnings');
      expect(news).toMatchObject({ framing: 'medium', characters: ['ELLEN'] });
      expect(news?.name).toContain('ELLEN hearing NEWSREADER on the TV');
      expect(named(result.shots, 'All boats to harbour.')?.name).toContain(
        'TOMAS hearing DISPATCHER on the radio',
      );
    });

    it('shows a found thing in its insert, holds a point of view over what follows, and plays a phone line alone', () => {
      const result = pass(
        `EXT. MUDFLATS - DAWN

NOOR HASSAN (30s), waders, a bucket of bait, trudges across the flats.

Noor kneels and digs it out with her fingers. A WEDDING RING, black with silt.

INT. POLICE STATION - CONTINUOUS

SGT. DAVIES (50s) looks up from a crossword.

NOOR
I found this on the flats.

She drops the ring on the counter.

DAVIES
Best leave it with me.

Davies picks up the phone.

DAVIES
(into phone)
It's me. She's found it.

EXT. OLD JETTY - DAY

Noor stares down at the water. A shape under the surface. A car roof.

Noor backs away.
`,
        format,
      );
      const ring = named(result.shots, 'A WEDDING RING, black with silt.');
      expect(ring).toMatchObject({ framing: 'insert', props: ['WEDDING RING'], characters: [] });
      expect(ring?.sounds ?? []).toEqual([]);
      expect(result.shots.some((shot) => shot.characters.includes('WEDDING RING'))).toBe(false);
      const call = named(result.shots, "It's me. She's found it.");
      expect(call?.characters).toEqual(['DAVIES']);
      expect(call?.framing).not.toBe('over-shoulder');
      const seen = named(result.shots, 'A shape under the surface.');
      expect(seen).toMatchObject({ framing: 'pov', characters: [] });
      expect(seen?.script_text).toBe('A shape under the surface. A car roof.');
      expect(named(result.shots, 'Noor backs away.')?.characters).toEqual(['NOOR']);
    });

    it('cuts in from the wide round the table, and shows the room again once someone has left it', () => {
      const result = pass(
        `INT. DINING ROOM - NIGHT

Around the table: GRETA (60s), regal; her son PHILIP (30s); his wife ANIKA (30s), watchful.

PHILIP
She's brilliant, Mother.

Greta doesn't laugh. Anika glances at Philip.

GRETA
And what do you paint?

ANIKA
Houses, mostly.

Greta rises and sweeps out.

ANIKA
(whispering)
She hates me.

PHILIP
She hates everyone.
`,
        format,
      );
      const framings = result.shots.map((shot) => [shot.framing, shot.characters.join('+')]);
      // The introduction's wide holds all three: the talk between two of them needs no new two-shot.
      expect(framings.filter(([framing]) => framing === 'two-shot' || framing === 'wide')).toEqual([
        ['wide', 'GRETA+PHILIP+ANIKA'],
        ['two-shot', 'ANIKA+PHILIP'],
      ]);
      expect(named(result.shots, 'And what do you paint?')?.framing).toBe('over-shoulder');
      expect(named(result.shots, 'She hates me.')?.characters).toEqual(['ANIKA', 'PHILIP']);
    });

    it("takes 'She' as the woman in the scene when the man was the last one watched", () => {
      const result = pass(
        `EXT. ALLEY - NIGHT

KAI (20s), a padded envelope strapped to his chest, skids to a halt. Two BLACK SUVS block the street behind him.

A WOMAN in a long coat steps out of the shadows: LENA (30s).

LENA
Give me the envelope, Kai.

Kai hesitates, then tosses her the envelope. She catches it and is gone.

KAI
Who the hell was that?
`,
        format,
      );
      expect(named(result.shots, 'She catches it')?.characters).toEqual(['LENA']);
      // Lena went; Kai is alone with his line: no shoulder of her.
      expect(named(result.shots, 'Who the hell was that?')?.characters).toEqual(['KAI']);
      expect(result.shots.flatMap((shot) => shot.sounds ?? []).some((sound) => /SUVS/.test(sound.text))).toBe(
        false,
      );
    });

    it('cuts back to a place it has just shown without establishing it again, unless the day has moved on', () => {
      const result = pass(
        `EXT. CITY BRIDGE - NIGHT

Traffic crawls. KAI (20s) weaves his motorbike between the cars.

INT. CONTROL ROOM - NIGHT

VOSS (40s) watches a dot cross a map.

EXT. CITY BRIDGE - CONTINUOUS

The lights turn red. Kai brakes.

INT. CONTROL ROOM - MOMENTS LATER

Voss throws down her headset.

INT. CONTROL ROOM - DAY

Cold coffee. Voss has not moved.
`,
        format,
      );
      const openings = result.scenes.map((scene) => result.shots[scene.shotIndexes[0] ?? -1]?.framing);
      expect(openings).toEqual(['establishing', 'establishing', 'medium', 'medium', 'establishing']);
    });

    it('plays a line said (to the sparrow) on its speaker alone, and shows what a colon sets out', () => {
      const result = pass(
        `INT./EXT. PICKUP TRUCK - MOVING - NIGHT

DEL (60s) drives. His granddaughter SUNNY (12) rides shotgun, a shoebox on her lap.

SUNNY
Are we nearly there?

DEL
Nearly.

Sunny lifts the lid of the shoebox. Inside: a dead SPARROW on cotton wool.

SUNNY
(to the sparrow)
Nearly there.
`,
        format,
      );
      expect(named(result.shots, 'Inside: a dead SPARROW')).toMatchObject({
        framing: 'insert',
        props: ['SPARROW'],
      });
      const toBird = named(result.shots, 'Nearly there.');
      expect(toBird?.characters).toEqual(['SUNNY']);
      expect(toBird?.framing).not.toBe('over-shoulder');
    });

    it('establishes the place under a SUPER that opens the scene, its first line of weather on it', () => {
      const result = pass(
        `EXT. DOCKS - NIGHT

SUPER: "LONDON, 1944"

Fog.

A lone DOCKER (50s) smokes by a crate.
`,
        format,
      );
      const [opening] = result.shots;
      expect(opening?.framing).toBe('establishing');
      expect(opening?.description).toContain('Title over the picture: “LONDON, 1944”.');
      expect(opening?.script_text).toContain('Fog.');
      expect(result.shots.map((shot) => shot.framing)).toEqual(['establishing', 'medium']);
    });

    it('lets a speaker who goes with the line (heading out) go: the answer is said to the room', () => {
      const result = pass(
        `INT. KITCHEN - NIGHT

ELLEN (40s) at the sink. JESS (17) grabs her coat.

JESS
(heading out)
Don't wait up.

ELLEN
I never do.
`,
        format,
      );
      expect(named(result.shots, "Don't wait up.")?.characters).toEqual(['JESS', 'ELLEN']);
      const answer = named(result.shots, 'I never do.');
      expect(answer?.characters).toEqual(['ELLEN']);
      expect(answer?.framing).not.toBe('over-shoulder');
    });

    it('plays a line against the one the speaker just went to, and a line under the breath alone', () => {
      const result = pass(
        `INT. SCHOOL GYM - NIGHT

THEO (17), rented tux a size too big, hovers by the punch bowl. MAYA (17) walks in.

THEO
(under his breath)
Okay. Okay.

BRAD (18), letterman jacket, cuts in front of Theo.

BRAD
Maya. You made it.

MAYA
I said I would.

Maya walks around Brad, straight to Theo.

MAYA
Dance?
`,
        format,
      );
      const breath = named(result.shots, 'Okay. Okay.');
      expect(breath?.characters).toEqual(['THEO']);
      expect(breath?.framing).not.toBe('over-shoulder');
      const ask = named(result.shots, 'Dance?');
      expect(ask?.name).toContain('MAYA speaking to THEO');
    });

    it('plays a line written (to Mara) against Mara, not against whoever spoke last', () => {
      const result = pass(
        `INT. BOATHOUSE - DAY

MARA (30s), JOE (60s) and KIT (20s) haul a hull onto the slip.

JOE
She'll float by Friday.

KIT
(to Mara)
He said that last year.

MARA
(to Kit)
And the year before.
`,
        format,
        { template: 'over-shoulder' },
      );
      const kit = named(result.shots, 'He said that last year.');
      expect(kit?.characters).toEqual(['KIT', 'MARA']);
      expect(kit?.name).toContain('KIT speaking to MARA');
      expect(named(result.shots, 'And the year before.')?.characters).toEqual(['MARA', 'KIT']);
    });

    it('lays a SUPER over the picture on screen, and films a montage item without its bullet', () => {
      const result = pass(
        `EXT. HARBOUR - DAWN

Fishing boats nose out past the breakwater.

SUPER: "Port Ellen, 1998"

MONTAGE - THE SEARCH

-- Mara tacks a map to the wall.
-- A ferry timetable, circled in red.

END MONTAGE
`,
        format,
      );
      const harbour = result.shots[0];
      expect(harbour?.framing).toBe('establishing');
      expect(harbour?.description).toContain('Title over the picture: “Port Ellen, 1998”.');
      expect(harbour?.script_text).toContain('SUPER: "Port Ellen, 1998"');
      expect(result.shots.some((shot) => /Port Ellen/.test(shot.name))).toBe(false);
      const items = result.shots.slice(1).map((shot) => shot.name);
      expect(items).toEqual([
        '1.2 Wide – Mara tacks a map to the wall.',
        '1.3 Wide – A ferry timetable, circled in red.',
      ]);
    });
  },
);

/** FILM.md's worked example, verbatim. */
const HARBOUR_WALL = `EXT. HARBOUR WALL - DUSK

Gulls wheel over black water. MARA QUINN (30s), oilskin coat, walks the wall with a LETTER.

JOE (O.S.)
You came.

She turns. JOE (60s) steps out of the lamplight.

MARA
(holding up the letter)
You wrote it.

JOE
I wrote a lot of things.

A DOG BARKS somewhere below.

CLOSE ON the letter: "Come home."

DISSOLVE TO:

EXT. ROAD - NIGHT

A car waits.
`;

describe.each(Object.keys(FORMATS) as (keyof typeof FORMATS)[])("FILM.md's worked example (%s)", (format) => {
  it('is covered shot for shot as the table in FILM.md says', () => {
    const result = pass(HARBOUR_WALL, format);
    const scene = (result.scenes[0]?.shotIndexes ?? []).map((i) => result.shots[i] as FirstPassShot);
    expect(scene.map((shot) => [shot.framing, shot.characters])).toEqual([
      ['establishing', []],
      ['medium', ['MARA']],
      ['medium', ['MARA']],
      ['wide', ['JOE', 'MARA']],
      ['over-shoulder', ['MARA', 'JOE']],
      ['over-shoulder', ['JOE', 'MARA']],
      ['insert', []],
    ]);
    const [opening, intro, hears, joe, mara, reply, insert] = scene;
    expect(opening?.script_text).toContain('Gulls wheel over black water.');
    expect(intro?.script_text).toContain('walks the wall with a LETTER');
    expect(hears?.sounds).toEqual([{ kind: 'off-screen', speaker: 'JOE', text: 'You came.' }]);
    expect(hears?.script_text).toContain('She turns.');
    expect(joe?.script_text).toBe('JOE (60s) steps out of the lamplight.');
    expect(mara?.script_text).toBe('MARA\n(holding up the letter)\nYou wrote it.');
    expect(reply?.sounds).toEqual([{ kind: 'effect', text: 'A DOG BARKS somewhere below.' }]);
    expect(insert).toMatchObject({ props: ['letter'], script_text: 'CLOSE ON the letter: "Come home."' });
    expect(result.shots[scene.length]?.transitionIn).toEqual({ kind: 'dissolve', text: 'DISSOLVE TO:' });
    const names = result.shots.map((shot) => shot.name).join('\n');
    expect(names).not.toMatch(/FADE|DOG BARKS|DISSOLVE|Insert – .*MARA/);
  });
});

describe('the page model honours forced page breaks', () => {
  const fdx = `<?xml version="1.0" encoding="UTF-8"?>
<FinalDraft DocumentType="Script" Version="5">
  <Content>
    <Paragraph Type="Scene Heading"><Text>INT. KITCHEN - NIGHT</Text></Paragraph>
    <Paragraph Type="Action"><Text>A kettle boils.</Text></Paragraph>
    <Paragraph Type="Scene Heading" StartsNewPage="Yes"><Text>EXT. YARD - NIGHT</Text></Paragraph>
    <Paragraph Type="Action"><Text>Snow.</Text></Paragraph>
    <Paragraph Type="Shot"><Text>ANGLE ON THE GATE</Text></Paragraph>
    <Paragraph Type="Action"><Text>It swings open.</Text></Paragraph>
    <Paragraph Type="Transition"><Text>DISSOLVE TO:</Text></Paragraph>
    <Paragraph Type="Scene Heading"><Text>EXT. ROAD - DAWN</Text></Paragraph>
    <Paragraph Type="Action"><Text>Tyre tracks.</Text></Paragraph>
  </Content>
</FinalDraft>`;

  it.each([
    ['fdx StartsNewPage', parseFdx(fdx)],
    [
      'fountain ===',
      parseFountain('INT. KITCHEN - NIGHT\n\nA kettle boils.\n\n===\n\nEXT. YARD - NIGHT\n\nSnow.\n'),
    ],
  ])(
    '%s: the next scene starts a page; the scene before it ends with its own lines',
    (_, screenplay: Screenplay) => {
      const analysis = analyzeScreenplay(screenplay);
      expect(analysis.scenes.map((scene) => [scene.page, scene.eighths])).toEqual(
        [
          [1, '1/8'],
          [2, '1/8'],
        ].concat(analysis.scenes.length > 2 ? [[2, '1/8']] : []),
      );
    },
  );

  it('reads a Final Draft Shot paragraph as a slug and a Transition as the join', () => {
    const result = directFirstPass(parseFdx(fdx));
    expect(lines(result.shots)).not.toContain('ANGLE ON THE GATE');
    expect(named(result.shots, 'It swings open.')).toMatchObject({ framing: 'insert', props: ['GATE'] });
    expect(result.shots[result.scenes[2]?.shotIndexes[0] ?? -1]?.transitionIn?.kind).toBe('dissolve');
  });
});
