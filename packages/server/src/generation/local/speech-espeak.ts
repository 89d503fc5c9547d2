import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import { isFemaleVariant, ReelbenchError, VOICE_SPEED } from '@reelbench/sdk/contract';
import { wavFile } from '../../media/wav.js';
import { GENERATION_MESSAGES, invalidInput, throwIfCancelled } from '../generation.errors.js';
import type { SpeechRequest, SpokenAudio } from '../speech.js';

/**
 * The offline voice: eSpeak NG compiled to WebAssembly (@echogarden/espeak-ng-emscripten, its
 * voices and dictionaries inside the package), loaded once per process on the first line and kept.
 * It synthesizes in this thread (a line of a few seconds takes some 30 ms) and answers a WAV.
 */

export const ESPEAK_ENGINE = 'espeak-ng';
/** The accent every offline voice speaks with. */
export const ESPEAK_LANGUAGE = 'en-us';

let worker: Promise<EspeakWorker> | undefined;

function loadWorker(): Promise<EspeakWorker> {
  worker ??= import('@echogarden/espeak-ng-emscripten')
    .then(async ({ default: factory }) => new (await factory()).eSpeakNGWorker())
    .catch((error: unknown) => {
      worker = undefined;
      throw error;
    });
  return worker;
}

/** The eSpeak voice name: the language and the variant; a whispered line takes eSpeak's whispering variant. */
export function espeakVoiceName(request: Pick<SpeechRequest, 'voice' | 'manner'>): string {
  if (request.manner === 'whispered')
    return `${ESPEAK_LANGUAGE}+${isFemaleVariant(request.voice.variant) ? 'whisperf' : 'whisper'}`;
  return `${ESPEAK_LANGUAGE}+${request.voice.variant}`;
}

/** Speaks one line offline: the same request always gives the same length (eSpeak's breath noise is random). */
export async function speakOffline(request: SpeechRequest): Promise<SpokenAudio> {
  throwIfCancelled(request.signal);
  const text = request.text.trim();
  if (text === '') throw invalidInput(GENERATION_MESSAGES.speechEmpty);
  const espeak = await loadWorker();
  const voice = espeakVoiceName(request);
  const rate = Math.round(
    Math.min(VOICE_SPEED.max * 1.2, Math.max(VOICE_SPEED.min * 0.8, request.voice.speed * request.rate)),
  );
  // The worker keeps its settings between calls: every one is set for every line.
  espeak.set_voice(voice);
  espeak.set_rate(rate);
  espeak.set_pitch(request.voice.pitch);
  espeak.set_range(50);
  espeak.set_volume(100);
  const chunks: Buffer[] = [];
  espeak.synthesize(text, (samples) => {
    if (samples && samples.length > 0)
      chunks.push(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    return 0;
  });
  const pcm = Buffer.concat(chunks);
  if (pcm.length === 0)
    throw new ReelbenchError({
      code: 'SERVER_ERROR',
      message: GENERATION_MESSAGES.speechFailed,
      context: { voice },
    });
  return {
    bytes: wavFile(pcm, espeak.get_samplerate()),
    format: 'wav',
    meta: { engine: ESPEAK_ENGINE, voice, rate, pitch: request.voice.pitch },
  };
}
