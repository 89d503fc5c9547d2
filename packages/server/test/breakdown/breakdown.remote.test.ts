import { firstPassResponseSchema, ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { parseFountain } from '@reelbench/sdk/screenplay';
import { afterEach, describe, expect, it } from 'vitest';
import { type BreakdownProvider, createBreakdownProvider } from '../../src/breakdown/index.js';
import { breakdownInput, FOUNTAIN, KITCHEN_ID, MARA_ID, MISDIRECTED_SCRIPT } from './breakdown.fixtures.js';
import { type FakeLlm, type FakeReply, type RecordedRequest, startFakeLlm } from './fake-llm.server.js';

const API_KEY = 'sk-test-very-secret-4242';
const MODEL = 'director-test-1';

type Protocol = 'openai' | 'gemini';

function checkRequestShape(protocol: Protocol, request: RecordedRequest): void {
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  if (protocol === 'openai') {
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({
      model: MODEL,
      temperature: 0.2,
      response_format: { type: 'json_object' },
    });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('film director breaking a screenplay into shots');
    expect(messages[1]?.content).toContain(FOUNTAIN);
    expect(messages[1]?.content).toContain('Pacing: fast');
    expect(messages[1]?.content).toContain('Keep it moody');
    expect(messages[1]?.content).toContain('Mara (character)');
  } else {
    expect(request.url).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(request.url).not.toContain('key=');
    expect(request.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({
      contents: [{ role: 'user' }],
      generationConfig: { responseMimeType: 'application/json', temperature: 0.2 },
    });
    const contents = request.body.contents as { parts: { text: string }[] }[];
    expect(contents[0]?.parts[0]?.text).toContain(FOUNTAIN);
    expect(JSON.stringify(request.body.systemInstruction)).toContain(
      'film director breaking a screenplay into shots',
    );
  }
}

async function failure(promise: Promise<unknown>): Promise<ReelbenchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ReelbenchError);
  return error as ReelbenchError;
}

function expectNoKey(error: ReelbenchError): void {
  expect(error.message).not.toContain(API_KEY);
  expect(JSON.stringify(error.context ?? {})).not.toContain(API_KEY);
  expect(JSON.stringify(error.toJSON())).not.toContain(API_KEY);
}

describe.each(['openai', 'gemini'] as const)('the %s breakdown provider', (protocol) => {
  let fake: FakeLlm | undefined;
  const waits: number[] = [];

  async function setUp(script: FakeReply[] = [], timeoutMs = 5_000): Promise<BreakdownProvider> {
    waits.length = 0;
    fake = await startFakeLlm(protocol, script);
    return createBreakdownProvider(
      { provider: protocol, baseUrl: fake.baseUrl, apiKey: API_KEY, model: MODEL, timeoutMs },
      async (ms) => {
        waits.push(ms);
      },
    );
  }
  /** The breakdown's error against a provider that answers `script`, checked to be `expected`. */
  async function failsWith(
    script: FakeReply[],
    expected: { code: string; statusCode: number; message: string },
    timeoutMs?: number,
  ): Promise<ReelbenchError> {
    const provider = await setUp(script, timeoutMs);
    const error = await failure(provider.breakdown(breakdownInput()));
    expect(error).toMatchObject(expected);
    return error;
  }

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('sends the documented request and returns a consistent, validated first pass', async () => {
    const provider = await setUp();
    const result = await provider.breakdown(breakdownInput());

    expect(provider.name).toBe(protocol);
    expect(fake?.requests).toHaveLength(1);
    checkRequestShape(protocol, fake?.requests[0] as RecordedRequest);
    expect(firstPassResponseSchema.safeParse(result).success).toBe(true);
    expect(result.shots.map((shot) => [shot.sceneHeading, shot.characters])).toEqual([
      ['INT. KITCHEN - NIGHT', ['MARA', 'ELI']],
      ['EXT. HARBOUR - DAWN', []],
    ]);
    // The model's own startTime (99) is ignored; 2.34 s rounds to 2.3 s and 0.2 s is lifted to 1 s.
    expect(result.shots.map((shot) => [shot.startTime, shot.endTime, shot.duration])).toEqual([
      [0, 2.3, 2.3],
      [2.3, 3.3, 1],
    ]);
    expect(result.scenes).toEqual([
      { number: 1, heading: 'INT. KITCHEN - NIGHT', name: 'Scene 1: KITCHEN', shotIndexes: [0] },
      { number: 2, heading: 'EXT. HARBOUR - DAWN', name: 'Scene 2: HARBOUR', shotIndexes: [1] },
    ]);
    expect(result.missingAssets).toEqual([
      { type: 'character', name: 'ELI' },
      { type: 'location', name: 'HARBOUR' },
    ]);
    expect(result.linkedAssets).toEqual([
      { assetId: MARA_ID, type: 'character', name: 'Mara', shotIndexes: [0] },
      { assetId: KITCHEN_ID, type: 'location', name: 'Kitchen', shotIndexes: [0] },
    ]);
  });

  it('passes the model’s shots through the director’s film grammar', async () => {
    const provider = await setUp(['misdirected']);
    const result = await provider.breakdown(
      breakdownInput({ screenplay: parseFountain(MISDIRECTED_SCRIPT), fountain: MISDIRECTED_SCRIPT }),
    );
    expect(firstPassResponseSchema.safeParse(result).success).toBe(true);
    expect(
      result.shots.map((shot) => [shot.framing, shot.characters, shot.script_text.split('\n')[0]]),
    ).toEqual([
      ['establishing', [], 'INT. KITCHEN - NIGHT'],
      ['medium', ['MARA'], 'MARA QUINN (30s) pours coffee.'],
      ['wide', [], 'NARRATOR (V.O.)'],
      ['medium', ['MARA'], 'MARA'],
      ['medium', ['MARA'], 'ELI (O.S.)'],
      ['establishing', [], 'EXT. HARBOUR - DAWN'],
    ]);
    const [opening, mara, narrator, , hears, harbour] = result.shots;
    expect(opening?.transitionIn).toEqual({ kind: 'fade', text: 'FADE IN:' });
    expect(harbour?.transitionIn).toEqual({ kind: 'dissolve', text: 'DISSOLVE TO:' });
    expect(mara?.sounds).toEqual([{ kind: 'effect', text: 'The door SLAMS.' }]);
    expect(mara?.props).toBeUndefined();
    expect(narrator?.sounds).toEqual([
      { kind: 'voice-over', speaker: 'NARRATOR', text: 'She was always late.' },
    ]);
    expect(narrator?.name).not.toContain('NARRATOR speaking');
    expect(hears?.sounds).toEqual([{ kind: 'off-screen', speaker: 'ELI', text: 'Traffic.' }]);
    // The timeline is laid again after the review: back to back from 0.
    expect(result.shots.map((shot) => shot.startTime)).toEqual([0, 3, 9, 12, 15, 18]);
  });

  it('reads an answer wrapped in ``` fences', async () => {
    const provider = await setUp(['fenced']);
    const result = await provider.breakdown(breakdownInput());
    expect(result.shots.map((shot) => shot.sceneNumber)).toEqual([1, 2]);
  });

  it('returns no shots when the model finds none', async () => {
    const provider = await setUp(['empty']);
    const result = await provider.breakdown(breakdownInput());
    expect(result.shots).toEqual([]);
    expect(result.scenes).toEqual([]);
  });

  it.each([401, 403])(
    'reports a refused request (%i) without retrying or leaking the key',
    async (status) => {
      const provider = await setUp([{ status }]);
      const error = await failure(provider.breakdown(breakdownInput()));
      expect(error).toMatchObject({
        code: 'API_ERROR',
        statusCode: 502,
        message: `The breakdown provider refused the request (${status})`,
      });
      expectNoKey(error);
      expect(fake?.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it('retries a 500 and then succeeds', async () => {
    const provider = await setUp([{ status: 500 }]);
    const result = await provider.breakdown(breakdownInput());
    expect(result.shots).toHaveLength(2);
    expect(fake?.requests).toHaveLength(2);
    expect(waits).toEqual([1_000]);
  });

  it('gives up after two retries of 429 with 1 s and 2 s waits', async () => {
    const error = await failsWith([{ status: 429 }, { status: 429 }, { status: 429 }], {
      code: 'API_ERROR',
      statusCode: 502,
      message: 'The breakdown provider failed (429)',
    });
    expectNoKey(error);
    expect(fake?.requests).toHaveLength(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('times out when the provider never answers', async () => {
    const error = await failsWith(
      ['hang'],
      { code: 'TIMEOUT_ERROR', statusCode: 504, message: SERVER_MESSAGES.breakdownTimedOut },
      150,
    );
    expectNoKey(error);
  });

  it('rejects malformed JSON as an unusable answer', async () => {
    const error = await failsWith(['malformed'], {
      code: 'API_ERROR',
      statusCode: 502,
      message: SERVER_MESSAGES.breakdownUnusableAnswer,
    });
    expect(JSON.stringify(error.context)).toContain('Invalid JSON');
  });

  it('rejects shots that do not match the contract, naming the fields', async () => {
    const error = await failsWith(['mismatch'], {
      code: 'API_ERROR',
      statusCode: 502,
      message: SERVER_MESSAGES.breakdownUnusableAnswer,
    });
    const issues = (error.context as { issues: { path: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['shots.0.framing', 'shots.1.framing']);
  });

  it('rejects a reply that is not JSON at all', async () => {
    await failsWith(['html'], {
      code: 'API_ERROR',
      statusCode: 502,
      message: SERVER_MESSAGES.breakdownUnusableAnswer,
    });
    expect(fake?.requests).toHaveLength(1);
  });

  it('retries an unreachable provider, then says it could not be reached', async () => {
    const provider = await setUp();
    await fake?.close();
    fake = undefined;
    const error = await failure(provider.breakdown(breakdownInput()));
    expect(error).toMatchObject({
      code: 'API_ERROR',
      statusCode: 502,
      message: 'The breakdown provider could not be reached',
    });
    expectNoKey(error);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('stops when the caller aborts', async () => {
    const provider = await setUp(['hang']);
    const controller = new AbortController();
    const pending = provider.breakdown(breakdownInput(), controller.signal);
    await fake?.nextRequest();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake?.requests).toHaveLength(1);
  });
});
