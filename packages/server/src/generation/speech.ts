import type { CharacterVoice, DialogueDelivery, DialogueManner } from '@reelbench/sdk/contract';

/** The longest text one speech request carries (OpenAI's limit; a line longer than a page is cut). */
export const MAX_SPEECH_CHARS = 4096;

/** What the scratch track asks a speech provider for: one line in one voice. */
export interface SpeechRequest {
  text: string;
  voice: CharacterVoice;
  /** How loud the parenthetical says the line is: whispered lines may use a whispering voice. */
  manner: DialogueManner;
  /** Where the voice sits; providers ignore it (the mix applies it), it is here for their prompts. */
  delivery: DialogueDelivery;
  /** The voice's speed times this (a whisper is a little slower, a shout a little faster). */
  rate: number;
  /** Fires when the job is cancelled; a remote provider then cancels its request. */
  signal?: AbortSignal;
}

/** Speech as the provider made it: audio bytes ffmpeg can read (WAV, MP3, …). */
export interface SpokenAudio {
  bytes: Buffer;
  /** 'wav', 'mp3': the file extension the bytes are written with before ffmpeg reads them. */
  format: string;
  /** Facts for logs and the line's record: the engine, model, voice used. */
  meta: Record<string, string | number>;
}

/** Text to speech: one dialogue line spoken in a character's voice. */
export interface SpeechGenerator {
  speak(request: SpeechRequest): Promise<SpokenAudio>;
}
