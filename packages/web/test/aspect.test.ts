import { describe, expect, it } from 'vitest';
import { aspectValue, projectAspect } from '../src/shots/aspect.js';

const framed = (aspect: unknown) => ({ composition_settings: { aspect } });

describe('projectAspect', () => {
  it('is the settings’ aspect when they name one', () => {
    expect(projectAspect({ settings: { aspect: '1:1' } } as never, [framed('9:16')])).toBe('1:1');
  });

  it('else the aspect most shots were framed at by the first pass', () => {
    expect(projectAspect({ settings: {} } as never, [framed('9:16'), framed('9:16'), framed('16:9')])).toBe(
      '9:16',
    );
    expect(projectAspect(undefined, [{ composition_settings: null }, framed('1:1')])).toBe('1:1');
  });

  it('else 16:9, ignoring what is not an aspect', () => {
    expect(projectAspect(undefined, [])).toBe('16:9');
    expect(projectAspect({ settings: { aspect: '4:3' } } as never, [framed('2.39:1')])).toBe('16:9');
  });

  it('gives width over height', () => {
    expect(aspectValue('9:16')).toBeCloseTo(0.5625);
    expect(aspectValue('16:9')).toBeCloseTo(1.7778, 3);
  });
});
