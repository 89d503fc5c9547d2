import { describe, expect, it } from 'vitest';
import {
  leaversIn,
  lookerIn,
  presentMentions,
  pronounOfTitle,
  pronounVote,
  turnsTo,
} from '../../src/screenplay/director.presence.js';
import { NameMatcher } from '../../src/screenplay/name-matcher.js';

const people = new NameMatcher(['JESS', 'ELLEN', 'TOMAS', 'MARCUS', 'DR. HALE'], true);
const leavers = (sentence: string, pronoun?: string) =>
  leaversIn(sentence, people.mentionsIn(sentence), pronoun);
const present = (sentence: string) =>
  presentMentions(sentence, people.mentionsIn(sentence)).map((m) => m.name);

describe('who leaves the scene', () => {
  it.each([
    ['Jess storms out.', ['JESS']],
    ['Jess grabs her bag and storms out the back door.', ['JESS']],
    ['Ellen watches Jess leave.', ['JESS']],
    ['Jess leaves the kitchen without a word.', ['JESS']],
    ['Jess and Tomas walk away, arm in arm.', ['JESS', 'TOMAS']],
    ['Dr. Hale exits.', ['DR. HALE']],
    ['Tomas hurries out of the room.', ['TOMAS']],
    ['By the time Ellen turns, Jess is gone.', ['JESS']],
    ['Tomas disappears into the crowd.', ['TOMAS']],
    ['The van drives off with Marcus at the wheel.', []],
  ])('%s', (sentence, expected) => {
    expect(leavers(sentence)).toEqual(expected);
  });

  it.each([
    'Jess leaves the keys on the table.',
    'Ellen tells Jess to leave.',
    "Jess doesn't leave.",
    'Jess refuses to go away.',
    'Tomas runs out of patience.',
    'Marcus steps out of the shadows.',
    'Jess pushes away from the table.',
    "Ellen's smile disappears.",
    'Jess is about to leave when the phone rings.',
  ])('not: %s', (sentence) => {
    expect(leavers(sentence)).toEqual([]);
  });

  it("takes 'She' as the person being watched, only when she is the one who goes", () => {
    expect(leavers('She storms out.', 'JESS')).toEqual(['JESS']);
    expect(leavers('She slams the door and walks off.', 'JESS')).toEqual(['JESS']);
    expect(leavers('Ellen turns away from the window.', 'JESS')).toEqual([]);
  });
});

describe('who a sentence puts in the room', () => {
  it('leaves out the owner of a thing, keeps the owner of a hand or a voice', () => {
    expect(present("Ellen stares at Marcus's old pipe on the shelf.")).toEqual(['ELLEN']);
    expect(present("Jess's coat hangs by the door.")).toEqual([]);
    expect(present("Marcus' boots stand by the stove.")).toEqual([]);
    expect(present("Ellen's hand trembles on the cup.")).toEqual(['ELLEN']);
    expect(present("Jess's voice breaks.")).toEqual(['JESS']);
  });
});

describe('who looks at something the next picture can show', () => {
  const looker = (sentence: string, pronoun?: string) =>
    lookerIn(sentence, people.mentionsIn(sentence), pronoun);

  it.each([
    ['Ellen stares at the pipe on the shelf.', 'ELLEN'],
    ['Jess looks out through the blinds.', 'JESS'],
    ['Tomas glances up at the clock.', 'TOMAS'],
    ['Ellen gazes across the harbour.', 'ELLEN'],
    ["Marcus watches the boat's lights fade.", 'MARCUS'],
  ])('%s', (sentence, expected) => {
    expect(looker(sentence)).toBe(expected);
  });

  it.each([
    'Ellen looks tired.',
    'Ellen stares at Jess.',
    'Ellen stares at him.',
    'Jess looks at her, and away.',
    'Ellen and Jess stare out to sea.',
    "Jess won't look at the photo.",
    "Ellen's eyes look at the door.",
  ])('not: %s', (sentence) => {
    expect(looker(sentence)).toBeUndefined();
  });

  it("takes 'She' as the person being watched", () => {
    expect(looker('She looks out of the window.', 'ELLEN')).toBe('ELLEN');
  });
});

describe('what the script calls a person', () => {
  const vote = (sentence: string) => pronounVote(sentence, people.mentionsIn(sentence));

  it('hears it in their own things, themselves and what they are, when the sentence names only them', () => {
    expect(vote('Tomas looks over his shoulder.')).toEqual({ name: 'TOMAS', pronoun: 'he' });
    expect(vote('Ellen digs it out with her fingers.')).toEqual({ name: 'ELLEN', pronoun: 'she' });
    expect(vote('A WOMAN in a long coat steps out of the shadows: Jess.')).toEqual({
      name: 'JESS',
      pronoun: 'she',
    });
  });

  it("does not take an object's pronoun, a quoted one, or a sentence about two people", () => {
    expect(vote('Tomas hesitates, then tosses her the envelope.')).toBeNull();
    expect(vote('Ellen reads the card: "For him, always."')).toBeNull();
    expect(vote('Ellen hands Tomas his coat.')).toBeNull();
    expect(vote('Jess shrugs.')).toBeNull();
  });

  it('reads a title', () => {
    expect(pronounOfTitle('MRS. PEMBERTON')).toBe('she');
    expect(pronounOfTitle('FATHER DOYLE')).toBe('he');
    expect(pronounOfTitle('SGT. DAVIES')).toBeNull();
  });
});

describe('whom a person goes or turns to', () => {
  const turn = (sentence: string, pronoun?: string) =>
    turnsTo(sentence, people.mentionsIn(sentence), pronoun);

  it('finds the one who goes and the one they go to', () => {
    expect(turn('Jess walks around Tomas, straight to Ellen.')).toEqual({ who: 'JESS', to: 'ELLEN' });
    expect(turn('She turns to Marcus.', 'ELLEN')).toEqual({ who: 'ELLEN', to: 'MARCUS' });
    expect(turn('Tomas crosses over to Jess and sits.')).toEqual({ who: 'TOMAS', to: 'JESS' });
  });

  it('finds nothing in a look, a sentence about two who go, or going to a place', () => {
    expect(turn('Ellen looks at Tomas.')).toBeNull();
    expect(turn('Jess and Tomas walk to Ellen.')).toBeNull();
    expect(turn('Jess walks to the door.')).toBeNull();
  });
});
