import { describe, expect, it } from 'vitest';
import { NameMatcher } from '../../src/screenplay/name-matcher.js';

describe('NameMatcher', () => {
  const people = new NameMatcher(['DR. HALE', 'ELI', 'KIT', 'THE STRANGER', 'MARA VOSS', 'MARA'], true);

  it('finds names word by word, ignoring punctuation and possessives, longest name first', () => {
    expect(people.find("Dr. Hale hands Eli's coat to Mara Voss.")).toEqual(['DR. HALE', 'ELI', 'MARA VOSS']);
    expect(people.find('The Stranger waits for Mara.')).toEqual(['THE STRANGER', 'MARA']);
  });

  it('asks for a capital letter when told, so a noun is not a name', () => {
    expect(people.find('She opens the first-aid kit.')).toEqual([]);
    expect(new NameMatcher(['KIT'], false).find('She opens the kit.')).toEqual(['KIT']);
  });

  it('finds nothing when it knows no names', () => {
    expect(new NameMatcher([], true).find('Anyone at all.')).toEqual([]);
  });
});
