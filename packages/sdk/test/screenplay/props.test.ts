import { describe, expect, it } from 'vitest';
import { handledThings, PropFinder } from '../../src/screenplay/props.js';

describe('PropFinder', () => {
  const finder = (handledObjects: boolean, propAssets: string[] = []) =>
    new PropFinder({ propAssets, handledObjects });

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

  it('names a handled thing by its head noun, whatever follows it', () => {
    expect(handledThings('She drops the ring on the counter.')).toEqual(['RING']);
    expect(handledThings('Davies picks up a wet envelope and reads it.')).toEqual(['ENVELOPE']);
    expect(handledThings('Noor walks to the jetty.')).toEqual([]);
  });
});
