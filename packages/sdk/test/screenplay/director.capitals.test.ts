import { describe, expect, it } from 'vitest';
import { CapitalsReader } from '../../src/screenplay/director.capitals.js';

describe('CapitalsReader: what the capitals of an action line mean', () => {
  const characters = new Set(['MARA VOSS', 'MARA', 'THE STRANGER', 'DR. HALE']);
  const reader = new CapitalsReader({ isCharacter: (name) => characters.has(name) });
  const kinds = (sentence: string, following = '') =>
    reader.read(sentence, following).runs.map((run) => [run.kind, run.text]);

  it('finds the objects acted on', () => {
    expect(kinds('Mara sets the BRASS KEY beside a FLARE GUN.')).toEqual([
      ['prop', 'BRASS KEY'],
      ['prop', 'FLARE GUN'],
    ]);
    expect(kinds('DR. HALE studies the X-RAY.')).toEqual([
      ['person', 'DR. HALE'],
      ['prop', 'X-RAY'],
    ]);
  });

  it('hears sounds: a verb in capitals, or a noun and its verb', () => {
    expect(kinds('A FOGHORN MOANS somewhere out in the dark.')).toEqual([['sound', 'FOGHORN MOANS']]);
    expect(kinds('Somewhere a DOOR SLAMS.')).toEqual([['sound', 'DOOR SLAMS']]);
    expect(kinds('The phone RINGS.')).toEqual([['sound', 'RINGS']]);
    expect(kinds('The kettle WHISTLES.')).toEqual([['sound', 'WHISTLES']]);
    expect(kinds('She LAUGHS.')).toEqual([['sound', 'LAUGHS']]);
    expect(kinds('We hear RINGING.')).toEqual([['sound', 'RINGING']]);
    expect(reader.read('A FOGHORN MOANS somewhere out in the dark.').soundOnly).toBe(true);
    expect(reader.read('She LAUGHS.').soundOnly).toBe(false);
  });

  it('knows the camera’s words', () => {
    expect(kinds('We PUSH IN on the door.')).toEqual([['camera', 'PUSH IN']]);
    expect(kinds('LOOK DOWN at the water.')).toEqual([['camera', 'LOOK DOWN']]);
    expect(kinds('She stops. FREEZE FRAME on her face.')).toEqual([['camera', 'FREEZE FRAME']]);
  });

  it('tells people from things: an age, a speaker, an aside about them; a thing that acts is a thing', () => {
    expect(kinds('MARA VOSS (30s), soaked, slams the LEDGER on the table.')).toEqual([
      ['person', 'MARA VOSS'],
      ['prop', 'LEDGER'],
    ]);
    expect(kinds('An OLD WOMAN, bent double, shuffles past with a SHOPPING CART.')).toEqual([
      ['person', 'OLD WOMAN'],
      ['prop', 'SHOPPING CART'],
    ]);
    expect(kinds('PASSERSBY hurry past.', 'They do not look up.')).toEqual([['person', 'PASSERSBY']]);
    // Acting in capitals with nothing said of them: a thing in the place, never an insert (the
    // director inserts only objects acted on).
    expect(reader.read('A BELL clangs on a buoy.').runs).toEqual([
      { kind: 'prop', text: 'BELL', intro: false, role: 'subject' },
    ]);
    expect(kinds('A FERRY idles, its horn low.')).toEqual([['prop', 'FERRY']]);
    expect(reader.read('JOE (60s) steps out.').runs[0]).toMatchObject({ kind: 'person', intro: true });
  });

  it('reads a thing handled in the story, named in a fragment, as the thing shown, never a person or a sound', () => {
    const handled = new CapitalsReader({
      isCharacter: (name) => characters.has(name),
      isThing: (name) => name === 'RING' || name === 'WEDDING RING',
    });
    expect(handled.read('A WEDDING RING, black with silt.').runs).toEqual([
      { kind: 'prop', text: 'WEDDING RING', intro: false, role: 'object' },
    ]);
    // RING only ends like RINGING: without a verb in the clause it is no sound.
    expect(kinds('A WEDDING RING in the mud.')).toEqual([['prop', 'WEDDING RING']]);
    expect(kinds('The phone RINGING.')).toEqual([['sound', 'RINGING']]);
  });

  it('reads a counted or described plural as things, even where the tagger misses the verb', () => {
    expect(kinds('Two BLACK SUVS box him in.')).toEqual([['prop', 'BLACK SUVS']]);
    expect(kinds('The RUSTED GATES creak open.')).toEqual([['prop', 'RUSTED GATES']]);
    expect(kinds('Somewhere DOGS BARK.')).toEqual([['sound', 'DOGS BARK']]);
  });

  it('takes what a colon sets out as the thing shown, but a sound stays a sound', () => {
    const roles = (sentence: string) =>
      reader.read(sentence).runs.map((run) => [run.kind, run.text, run.role]);
    expect(roles('On the floor: a HOSPITAL BRACELET, snapped.')).toEqual([
      ['prop', 'HOSPITAL BRACELET', 'object'],
    ]);
    expect(roles('On the desk: LETTERS.')).toEqual([['prop', 'LETTERS', 'object']]);
    expect(roles('Inside: a dead SPARROW on cotton wool.')).toEqual([['prop', 'SPARROW', 'object']]);
    expect(roles('Then: a SCREAM.')).toEqual([['sound', 'SCREAM', 'subject']]);
  });
});
