import { describe, expect, it } from 'vitest';
import { PropFinder } from '../../src/screenplay/props.js';

describe('PropFinder', () => {
  const finder = (handledObjects: boolean, propAssets: string[] = []) =>
    new PropFinder({ characters: ['MARA VOSS', 'THE STRANGER', 'DR. HALE'], propAssets, handledObjects });

  it('finds noun phrases in capitals, not characters or screenplay shorthand', () => {
    expect(finder(false).find('Mara sets the BRASS KEY beside a FLARE GUN.')).toEqual([
      'BRASS KEY',
      'FLARE GUN',
    ]);
    expect(finder(false).find('MARA VOSS (30s) enters. The STRANGER nods. We hear it O.S.')).toEqual([]);
    expect(finder(false).find('DR. HALE studies the X-RAY.')).toEqual(['X-RAY']);
    expect(finder(false).find('ANGLE ON THE DOOR')).toEqual([]);
  });

  it('finds the project’s prop assets in any case', () => {
    expect(finder(false, ['Ferry Ticket']).find('She hides the ferry ticket in her coat.')).toEqual([
      'Ferry Ticket',
    ]);
  });

  it('with handled objects, takes what a character handles', () => {
    expect(finder(true).find('Kit picks up the photograph and leaves.')).toEqual(['the photograph']);
    expect(finder(true).find('June hides a wet envelope.')).toEqual(['a wet envelope']);
    expect(finder(false).find('Kit picks up the photograph.')).toEqual([]);
  });
});
