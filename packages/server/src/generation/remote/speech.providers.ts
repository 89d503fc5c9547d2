import {
  type CharacterVoice,
  isFemaleVariant,
  VOICE_SPEED,
  VOICE_VARIANTS_BY_KIND,
} from '@reelbench/sdk/contract';
import type { GenerationOperations } from '../provider.js';
import type { SpeechRequest, SpokenAudio } from '../speech.js';
import { type KeyedModelOptions, RemoteApiClient } from './remote-client.js';

/**
 * Remote voices for the scratch track: any server speaking OpenAI's `POST /v1/audio/speech`, and
 * ElevenLabs' `POST /v1/text-to-speech/{voice_id}`. A character's `voiceId` names the provider's
 * voice; without one a voice is picked from the character's variant (female variants a female voice).
 * Pitch is eSpeak's alone: remote voices have their own.
 */

export const ELEVENLABS_PROVIDER = 'elevenlabs';

/** OpenAI's built-in voices by the kind of voice they sound like. */
export const OPENAI_VOICES = {
  female: ['nova', 'shimmer', 'coral', 'sage'],
  male: ['onyx', 'echo', 'ash', 'fable'],
} as const;

/** ElevenLabs' premade voices (Sarah, Rachel; George, Adam), used when a character names none. */
export const ELEVENLABS_VOICES = {
  female: ['EXAVITQu4vr4xnSDxMaL', '21m00Tcm4TlvDq8ikWAM'],
  male: ['JBFqnCBsd6RMkjVDRZzb', 'pNInz6obpgDQGcFmaJgB'],
} as const;

/** The provider's voice for a character: theirs when set, else one of `voices` by variant. */
export function remoteVoice(
  voice: CharacterVoice,
  voices: { female: readonly string[]; male: readonly string[] },
): string {
  if (voice.voiceId) return voice.voiceId;
  const female = isFemaleVariant(voice.variant);
  const kind = female ? VOICE_VARIANTS_BY_KIND.female : VOICE_VARIANTS_BY_KIND.male;
  const at = Math.max(0, (kind as readonly string[]).indexOf(voice.variant));
  const list = female ? voices.female : voices.male;
  return list[at % list.length] as string;
}

/** The voice's speed and the manner's rate as a multiple of a normal pace, within [min, max]. */
export function speedFactor(
  request: Pick<SpeechRequest, 'voice' | 'rate'>,
  min: number,
  max: number,
): number {
  const factor = (request.voice.speed / VOICE_SPEED.neutral) * request.rate;
  return Math.round(Math.min(max, Math.max(min, factor)) * 100) / 100;
}

/** How a model that takes instructions is asked to deliver the line. */
function instructionsFor(request: SpeechRequest): string {
  const manner = {
    whispered: 'Whisper the line.',
    quiet: 'Speak quietly.',
    normal: 'Speak naturally, as an actor reading for a scratch track.',
    raised: 'Speak loudly, with urgency.',
    shouted: 'Shout the line.',
  }[request.manner];
  const place = request.delivery === 'voice-over' ? ' It is a voice-over: close and intimate.' : '';
  return `${manner}${place}`;
}

export type OpenAiSpeechOptions = KeyedModelOptions;

/** OpenAI-compatible `/v1/audio/speech`: JSON in, the audio file out (WAV asked for). */
class OpenAiSpeechClient extends RemoteApiClient {
  constructor(private readonly options: OpenAiSpeechOptions) {
    super({ ...options, provider: 'openai', loggerName: 'OpenAiSpeech', secret: options.apiKey });
  }

  async speak(request: SpeechRequest): Promise<SpokenAudio> {
    const session = this.openSession('speech', request.signal);
    const voice = remoteVoice(request.voice, OPENAI_VOICES);
    const body = {
      model: this.options.model,
      input: request.text,
      voice,
      response_format: 'wav',
      speed: speedFactor(request, 0.25, 4),
      // tts-1 and tts-1-hd refuse instructions; the newer models follow them.
      ...(/^tts-1/i.test(this.options.model) ? {} : { instructions: instructionsFor(request) }),
    };
    try {
      const answer = await session.bytes({
        method: 'POST',
        url: `${this.base}/v1/audio/speech`,
        headers: { ...this.bearer(), 'content-type': 'application/json' },
        body: () => JSON.stringify(body),
        retry: true,
        step: 'speech',
      });
      return {
        bytes: answer.bytes,
        format: /mpeg|mp3/i.test(answer.contentType) ? 'mp3' : 'wav',
        meta: { engine: 'openai', model: this.options.model, voice },
      };
    } catch (error) {
      throw session.translate(error);
    }
  }
}

export type ElevenLabsOptions = KeyedModelOptions;

/** ElevenLabs' text to speech: the voice in the path, the key in `xi-api-key`, MP3 back. */
class ElevenLabsClient extends RemoteApiClient {
  constructor(private readonly options: ElevenLabsOptions) {
    super({ ...options, provider: ELEVENLABS_PROVIDER, loggerName: 'ElevenLabs', secret: options.apiKey });
  }

  async speak(request: SpeechRequest): Promise<SpokenAudio> {
    const session = this.openSession('speech', request.signal);
    const voice = remoteVoice(request.voice, ELEVENLABS_VOICES);
    const body = {
      text: request.text,
      model_id: this.options.model,
      voice_settings: {
        stability: request.manner === 'normal' ? 0.5 : 0.3,
        similarity_boost: 0.75,
        speed: speedFactor(request, 0.7, 1.2),
      },
    };
    try {
      const answer = await session.bytes({
        method: 'POST',
        url: `${this.base}/v1/text-to-speech/${encodeURIComponent(voice)}?output_format=mp3_44100_128`,
        headers: {
          'xi-api-key': this.options.apiKey,
          'content-type': 'application/json',
          accept: 'audio/mpeg',
        },
        body: () => JSON.stringify(body),
        retry: true,
        step: 'text-to-speech',
      });
      return {
        bytes: answer.bytes,
        format: /wav/i.test(answer.contentType) ? 'wav' : 'mp3',
        meta: { engine: ELEVENLABS_PROVIDER, model: this.options.model, voice },
      };
    } catch (error) {
      throw session.translate(error);
    }
  }
}

export function createOpenAiSpeech(options: OpenAiSpeechOptions): Pick<GenerationOperations, 'speech'> {
  const client = new OpenAiSpeechClient(options);
  return { speech: { speak: (request) => client.speak(request) } };
}

export function createElevenLabsProvider(options: ElevenLabsOptions): Pick<GenerationOperations, 'speech'> {
  const client = new ElevenLabsClient(options);
  return { speech: { speak: (request) => client.speak(request) } };
}
