import { type CharacterVoice, MESSAGES } from '@reelbench/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { remoteConfigFromEnv } from '../../src/config/remote.env.js';
import { GENERATION_MESSAGES, GenerationCancelledError } from '../../src/generation/generation.errors.js';
import { espeakVoiceName, speakOffline } from '../../src/generation/local/speech-espeak.js';
import { ProviderRegistry } from '../../src/generation/provider.js';
import { registerRemoteProviders } from '../../src/generation/remote/remote.config.js';
import { REMOTE_RETRY_DELAYS_MS } from '../../src/generation/remote/remote-session.js';
import {
  createElevenLabsProvider,
  createOpenAiSpeech,
  ELEVENLABS_VOICES,
  OPENAI_VOICES,
} from '../../src/generation/remote/speech.providers.js';
import type { SpeechRequest } from '../../src/generation/speech.js';
import { resolveFfmpeg } from '../../src/media/ffmpeg-path.js';
import { type FakeSpeech, type SpeechReply, startFakeSpeech } from './remote/fake-speech.server.js';
import {
  expectNoSecret,
  failure,
  recordingLogger,
  recordingSleep,
  rejection,
} from './remote/remote.fixtures.js';

const ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
const KEY = 'sk-test-speech-secret-4242';
const woman: CharacterVoice = { pitch: 62, speed: 160, variant: 'f3' };
const man: CharacterVoice = { pitch: 42, speed: 150, variant: 'm3' };

function request(overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return {
    text: 'Who moved the ledger?',
    voice: woman,
    manner: 'normal',
    delivery: 'on',
    rate: 1,
    ...overrides,
  };
}

/** Samples of a 16-bit mono WAV, from its data chunk. */
function wavSeconds(bytes: Buffer): number {
  expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
  const rate = bytes.readUInt32LE(24);
  return bytes.readUInt32LE(40) / 2 / rate;
}

describe('the offline voice (eSpeak NG)', () => {
  it('speaks a line as a WAV, the same length every time', async () => {
    const first = await speakOffline(request());
    const again = await speakOffline(request());
    expect(first.format).toBe('wav');
    expect(first.meta).toMatchObject({ engine: 'espeak-ng', voice: 'en-us+f3' });
    expect(wavSeconds(first.bytes)).toBeGreaterThan(0.8);
    expect(wavSeconds(first.bytes)).toBeLessThan(3);
    // eSpeak's breath noise is random; the timing is not.
    expect(again.bytes.length).toBe(first.bytes.length);
  });

  it('follows the voice: another variant and pitch sound different, a faster speed is shorter', async () => {
    const hers = await speakOffline(request());
    const his = await speakOffline(request({ voice: man }));
    expect(his.bytes.length).not.toBe(hers.bytes.length);
    const slow = await speakOffline(request({ voice: { ...woman, speed: 100 } }));
    const fast = await speakOffline(request({ voice: { ...woman, speed: 300 } }));
    expect(wavSeconds(fast.bytes)).toBeLessThan(wavSeconds(slow.bytes) * 0.6);
  });

  it('whispers with the whispering variant of the voice', () => {
    expect(espeakVoiceName({ voice: woman, manner: 'whispered' })).toBe('en-us+whisperf');
    expect(espeakVoiceName({ voice: man, manner: 'whispered' })).toBe('en-us+whisper');
    expect(espeakVoiceName({ voice: man, manner: 'shouted' })).toBe('en-us+m3');
  });

  it('refuses an empty line and a cancelled request', async () => {
    const empty = await failure(speakOffline(request({ text: '   ' })));
    expect(empty).toMatchObject({ code: 'VALIDATION_ERROR', message: GENERATION_MESSAGES.speechEmpty });
    const controller = new AbortController();
    controller.abort();
    expect(await rejection(speakOffline(request({ signal: controller.signal })))).toBeInstanceOf(
      GenerationCancelledError,
    );
  });
});

describe.each(['openai', 'elevenlabs'] as const)('the %s speech adapter', (kind) => {
  let fake: FakeSpeech | undefined;
  const logger = recordingLogger();

  afterEach(async () => {
    for (const line of logger.lines) expect(line).not.toContain(KEY);
    await fake?.close();
    fake = undefined;
  });

  async function setUp(script: SpeechReply[] = [], key = KEY, timeoutMs = 30_000) {
    fake = await startFakeSpeech(kind, key, ffmpeg, script);
    const options = {
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      model: kind === 'openai' ? 'gpt-4o-mini-tts' : 'eleven_multilingual_v2',
      timeoutMs,
      sleep: recordingSleep().sleep,
      logger,
    };
    const provider = kind === 'openai' ? createOpenAiSpeech(options) : createElevenLabsProvider(options);
    return { fake, speech: provider.speech };
  }

  it('sends the documented request and answers the audio', async () => {
    const { fake, speech } = await setUp();
    const audio = await speech.speak(request({ manner: 'whispered', rate: 0.92 }));
    expect(audio.bytes.length).toBeGreaterThan(1000);
    const [sent] = fake.requests;
    if (kind === 'openai') {
      expect(audio.format).toBe('wav');
      expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent?.body).toMatchObject({
        model: 'gpt-4o-mini-tts',
        input: 'Who moved the ledger?',
        voice: OPENAI_VOICES.female[2],
        response_format: 'wav',
        speed: 0.92,
        instructions: 'Whisper the line.',
      });
    } else {
      expect(audio.format).toBe('mp3');
      expect(sent?.url).toBe(`/v1/text-to-speech/${ELEVENLABS_VOICES.female[0]}?output_format=mp3_44100_128`);
      expect(sent?.headers['xi-api-key']).toBe(KEY);
      expect(sent?.headers.authorization).toBeUndefined();
      expect(sent?.body).toMatchObject({
        text: 'Who moved the ledger?',
        model_id: 'eleven_multilingual_v2',
        voice_settings: { speed: 0.92 },
      });
    }
  });

  it("uses the character's own voice id when it has one, and a male voice for a male variant", async () => {
    const { fake, speech } = await setUp();
    await speech.speak(request({ voice: { ...woman, voiceId: kind === 'openai' ? 'verse' : 'AbCdEf123' } }));
    await speech.speak(request({ voice: man }));
    const voices = fake.requests.map((sent) =>
      kind === 'openai' ? sent.body.voice : /text-to-speech\/(\w+)/.exec(sent.url)?.[1],
    );
    const male = kind === 'openai' ? OPENAI_VOICES.male : ELEVENLABS_VOICES.male;
    expect(voices[0]).toBe(kind === 'openai' ? 'verse' : 'AbCdEf123');
    expect(male).toContain(voices[1]);
  });

  it('retries a 429 and a 5xx, then succeeds', async () => {
    const { fake, speech } = await setUp([{ status: 429 }, { status: 503 }]);
    const audio = await speech.speak(request());
    expect(audio.bytes.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(REMOTE_RETRY_DELAYS_MS.length + 1);
  });

  it("fails with 'Speech generation failed' and the provider's reason, never the key", async () => {
    const { speech } = await setUp([], 'another-key');
    const error = await failure(speech.speak(request()));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: GENERATION_MESSAGES.speechFailed });
    expect(error.message).not.toBe(MESSAGES.imageGenerationFailed);
    expect(error.context?.status).toBe(401);
    expectNoSecret(error, KEY);
  });

  it('refuses a 200 that carries JSON instead of audio', async () => {
    const { speech } = await setUp(['json-200']);
    const error = await failure(speech.speak(request()));
    expect(error.context?.reason).toBe('quota exceeded');
  });

  it('times out, and stops when the job is cancelled', async () => {
    const slow = await setUp(['hang'], KEY, 200);
    const timedOut = await failure(slow.speech.speak(request()));
    expect(String(timedOut.context?.reason)).toMatch(/timed out after 200 ms/);
    await fake?.close();
    const { speech } = await setUp(['hang']);
    const controller = new AbortController();
    const pending = speech.speak(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await rejection(pending)).toBeInstanceOf(GenerationCancelledError);
  });
});

describe('speech settings', () => {
  it('registers openai speech beside openai images, and elevenlabs, from their keys', () => {
    const config = remoteConfigFromEnv({
      OPENAI_IMAGE_API_KEY: 'a',
      OPENAI_SPEECH_API_KEY: 'b',
      OPENAI_SPEECH_BASE_URL: 'http://127.0.0.1:9/',
      ELEVENLABS_API_KEY: 'c',
    });
    expect(config.openAiSpeech).toMatchObject({ baseUrl: 'http://127.0.0.1:9/', model: 'gpt-4o-mini-tts' });
    expect(config.elevenLabs).toMatchObject({
      baseUrl: 'https://api.elevenlabs.io',
      model: 'eleven_multilingual_v2',
    });
    const registry = new ProviderRegistry({ speech: 'elevenlabs' });
    expect(registerRemoteProviders(registry, config)).toEqual(['openai', 'elevenlabs']);
    expect(registry.get('speech', 'openai')).toBeDefined();
    expect(registry.get('shotImage', 'openai')).toBeDefined();
    expect(registry.get('speech')).toBeDefined();
  });

  it('names a bad setting', () => {
    expect(() => remoteConfigFromEnv({ ELEVENLABS_BASE_URL: 'ftp://x' })).toThrow(/ELEVENLABS_BASE_URL/);
    expect(remoteConfigFromEnv({}).elevenLabs).toBeUndefined();
  });
});
