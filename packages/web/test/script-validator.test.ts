import { describe, expect, it } from 'vitest';
import { createValidator, localProblems } from '../src/pages/script/validator.js';

describe('the script validator', () => {
  it('reports nothing for a script not yet written', () => {
    expect(localProblems('')).toEqual([]);
    expect(localProblems('  \n\n')).toEqual([]);
  });

  it("reports the engine's findings with their lines", () => {
    const problems = localProblems('INT. DINER - NIGHT\n\n@JOE\n\n[[ never closed\n');
    expect(problems.map((problem) => [problem.line, problem.severity, problem.code])).toEqual([
      [3, 'warning', 'CUE_WITHOUT_DIALOGUE'],
      [5, 'error', 'UNCLOSED_NOTE'],
    ]);
  });

  it('validates on the main thread where there is no Worker (tests, old browsers)', async () => {
    expect(typeof Worker).toBe('undefined');
    const validator = createValidator();
    await expect(validator.validate('@JOE\n')).resolves.toMatchObject([
      { line: 1, code: 'CUE_WITHOUT_DIALOGUE' },
    ]);
    validator.dispose();
  });
});
