import { directFirstPass } from '@reelbench/sdk/screenplay';
import { describe, expect, it } from 'vitest';
import {
  createBreakdownProvider,
  GeminiBreakdownProvider,
  LocalBreakdownProvider,
  OpenAiCompatibleBreakdownProvider,
} from '../../src/breakdown/index.js';
import { breakdownConfigFromEnv } from '../../src/config/breakdown.env.js';
import { configProblems, type Env } from '../support/config-problems.js';
import { breakdownInput, KITCHEN_ID, MARA_ID } from './breakdown.fixtures.js';

const problemsOf = (env: Env) => configProblems(breakdownConfigFromEnv, env);

const REMOTE = {
  BREAKDOWN_BASE_URL: 'https://llm.example.test/v1',
  BREAKDOWN_API_KEY: 'sk-config-secret',
  BREAKDOWN_MODEL: 'gpt-test',
};

describe('breakdownConfigFromEnv', () => {
  it('defaults to the local director', () => {
    expect(breakdownConfigFromEnv({})).toEqual({ provider: 'local' });
    expect(breakdownConfigFromEnv({ BREAKDOWN_PROVIDER: '' })).toEqual({ provider: 'local' });
  });

  it('reads a remote provider with the 60 s default timeout', () => {
    expect(breakdownConfigFromEnv({ BREAKDOWN_PROVIDER: 'openai', ...REMOTE })).toEqual({
      provider: 'openai',
      baseUrl: 'https://llm.example.test/v1',
      apiKey: 'sk-config-secret',
      model: 'gpt-test',
      timeoutMs: 60_000,
    });
    expect(
      breakdownConfigFromEnv({ BREAKDOWN_PROVIDER: 'gemini', ...REMOTE, BREAKDOWN_TIMEOUT_MS: '1500' }),
    ).toMatchObject({ provider: 'gemini', timeoutMs: 1_500 });
  });

  it('names every variable a remote provider is missing', () => {
    const problems = problemsOf({ BREAKDOWN_PROVIDER: 'gemini', BREAKDOWN_MODEL: 'gemini-test' });
    expect(problems).toEqual({
      BREAKDOWN_BASE_URL: 'required when BREAKDOWN_PROVIDER=gemini',
      BREAKDOWN_API_KEY: 'required when BREAKDOWN_PROVIDER=gemini',
    });
  });

  it('rejects an unknown provider, a bad URL and a bad timeout without echoing the key', () => {
    const env = {
      ...REMOTE,
      BREAKDOWN_PROVIDER: 'claude',
      BREAKDOWN_BASE_URL: 'not a url',
      BREAKDOWN_TIMEOUT_MS: 'soon',
    };
    expect(Object.keys(problemsOf(env)).sort()).toEqual([
      'BREAKDOWN_BASE_URL',
      'BREAKDOWN_PROVIDER',
      'BREAKDOWN_TIMEOUT_MS',
    ]);
    expect(() => breakdownConfigFromEnv(env)).toThrow(/BREAKDOWN_PROVIDER/);
    expect(() => breakdownConfigFromEnv(env)).not.toThrow(/sk-config-secret/);
  });
});

describe('createBreakdownProvider', () => {
  it('builds the configured provider', () => {
    const remote = { baseUrl: REMOTE.BREAKDOWN_BASE_URL, apiKey: 'k', model: 'm', timeoutMs: 1_000 };
    expect(createBreakdownProvider({ provider: 'local' })).toBeInstanceOf(LocalBreakdownProvider);
    expect(createBreakdownProvider({ provider: 'openai', ...remote })).toBeInstanceOf(
      OpenAiCompatibleBreakdownProvider,
    );
    expect(createBreakdownProvider({ provider: 'gemini', ...remote })).toBeInstanceOf(
      GeminiBreakdownProvider,
    );
  });
});

describe('LocalBreakdownProvider', () => {
  it('returns exactly what the embedded director returns', async () => {
    const input = breakdownInput();
    const result = await new LocalBreakdownProvider().breakdown(input);
    const expected = directFirstPass(input.screenplay, input.styleGuide, {
      assets: [
        { id: MARA_ID, name: 'Mara', type: 'character', visualIdentifier: 'red coat' },
        { id: KITCHEN_ID, name: 'Kitchen', type: 'location' },
      ],
    });
    expect(result).toEqual(expected);
    expect(result.shots.length).toBeGreaterThan(2);
    expect(result.linkedAssets.map((asset) => asset.assetId)).toContain(MARA_ID);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new LocalBreakdownProvider().breakdown(breakdownInput(), controller.signal),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
