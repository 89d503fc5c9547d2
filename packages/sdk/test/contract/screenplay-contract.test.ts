import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  firstPassResponseSchema,
  SCRIPT_FORMATS,
  scriptAnalysisSchema,
  scriptFormatHelpSchema,
  scriptValidationSchema,
} from '../../src/contract/index.js';
import {
  analyzeScreenplay,
  directFirstPass,
  type ScriptAnalysis as EngineAnalysis,
  type FirstPassResult,
  FORMAT_HELP,
  parseFountain,
  type ScriptValidationResult,
  validateScript,
} from '../../src/screenplay/index.js';
import { uuid } from './contract-fixtures.js';

/** The screenplay engine produces what script replies carry; these checks catch drift between the two. */
const SCRIPT = `Title: Night Train
Author: R. Vance

INT. TRAIN CARRIAGE - NIGHT

Rain streaks the windows. MARA (40s, red coat) grips a brass KEY.

MARA
(quietly)
He said the last stop.

TOMAS (V.O.)
He lies.

EXT. PLATFORM - CONTINUOUS

The train pulls away. Mara stands alone.

MARA
Then I wait.
`;

describe('the screenplay engine speaks the contract', () => {
  const screenplay = parseFountain(SCRIPT);

  it('analyzeScreenplay output is a ScriptAnalysis, with no field the contract would drop', () => {
    const analysis = analyzeScreenplay(screenplay);
    expect(analysis.scenes).toHaveLength(2);
    expect(scriptAnalysisSchema.parse(analysis)).toEqual(analysis);
  });

  it('validateScript output is a ScriptValidation, valid or not', () => {
    for (const content of [SCRIPT, '/* unclosed boneyard\n\nMARA\n']) {
      const validation = validateScript(content, 'fountain');
      expect(scriptValidationSchema.parse(validation)).toEqual(validation);
    }
    expect(validateScript('', 'fountain').valid).toBe(false);
  });

  it('format help exists for every script format and fits the reply schema', () => {
    for (const format of SCRIPT_FORMATS) {
      expect(scriptFormatHelpSchema.parse(FORMAT_HELP[format])).toEqual(FORMAT_HELP[format]);
    }
  });

  it('directFirstPass output is a first-pass response', () => {
    const assets = [{ id: uuid(), name: 'Mara', type: 'character' as const }];
    const result = directFirstPass(screenplay, { pacing: 'fast' }, { assets });
    expect(result.shots.length).toBeGreaterThan(0);
    expect(result.linkedAssets.length).toBeGreaterThan(0);
    expect(firstPassResponseSchema.parse(result)).toEqual(result);
  });

  it('the engine types fit the contract types', () => {
    expectTypeOf<EngineAnalysis>().toExtend<z.input<typeof scriptAnalysisSchema>>();
    expectTypeOf<ScriptValidationResult>().toExtend<z.input<typeof scriptValidationSchema>>();
    expectTypeOf<FirstPassResult>().toExtend<z.input<typeof firstPassResponseSchema>>();
  });
});
