import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FfmpegLocation } from '../../../src/media/ffmpeg-path.js';
import { runFfmpeg } from '../../../src/media/ffmpeg-process.js';
import { wavFile } from '../../../src/media/wav.js';
import { startFakeHttp } from './fake-http.js';

/**
 * Local stand-ins for the two remote speech APIs, speaking their documented protocols:
 * OpenAI's `POST /v1/audio/speech` (bearer key; JSON model, input, voice, response_format, speed;
 * the audio file back) and ElevenLabs' `POST /v1/text-to-speech/{voice_id}?output_format=…`
 * (`xi-api-key`; JSON text, model_id, voice_settings; MP3 back). The "speech" is a tone a tenth of a
 * second per character, so a longer line is a longer clip.
 */

/** The next answer: audio, a JSON error with a status, a 200 with JSON instead of audio, or no answer. */
export type SpeechReply = 'audio' | 'json-200' | 'hang' | { status: number; message?: string };

export interface RecordedSpeechRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeSpeech {
  baseUrl: string;
  requests: RecordedSpeechRequest[];
  close(): Promise<void>;
}

const OPENAI_FORMATS = new Set(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);
const OPENAI_VOICES = new Set([
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
]);

/** Seconds of tone a text is spoken in. */
export function fakeSpeechSeconds(text: string): number {
  return Math.max(0.3, text.length / 10);
}

function toneWav(seconds: number, rate = 24_000): Buffer {
  const samples = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < samples.length / 2; i++)
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000), i * 2);
  return wavFile(samples, rate);
}

async function toneMp3(ffmpeg: FfmpegLocation, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-fake-speech-'));
  try {
    const file = path.join(dir, 'speech.mp3');
    const run = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, '-ac', '1', file],
      30_000,
    );
    if (run.code !== 0) throw new Error(`ffmpeg could not make the fake MP3: ${run.stderr}`);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiProblem(body: Record<string, unknown>): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return 'model is required';
  if (typeof body.input !== 'string' || body.input === '') return 'input is required';
  if (body.input.length > 4096) return 'input is longer than 4096 characters';
  if (typeof body.voice !== 'string' || !OPENAI_VOICES.has(body.voice))
    return `Invalid voice '${String(body.voice)}'`;
  if (body.response_format !== undefined && !OPENAI_FORMATS.has(String(body.response_format)))
    return 'Invalid response_format';
  if (body.speed !== undefined && (typeof body.speed !== 'number' || body.speed < 0.25 || body.speed > 4))
    return 'speed must be between 0.25 and 4';
  if ('instructions' in body && /^tts-1/.test(body.model)) return 'instructions are not supported by tts-1';
  return undefined;
}

function elevenLabsProblem(body: Record<string, unknown>): string | undefined {
  if (typeof body.text !== 'string' || body.text === '') return 'text is required';
  const settings = body.voice_settings as Record<string, unknown> | undefined;
  const speed = settings?.speed;
  if (speed !== undefined && (typeof speed !== 'number' || speed < 0.7 || speed > 1.2))
    return 'voice_settings.speed must be between 0.7 and 1.2';
  return undefined;
}

/** Starts the fake on 127.0.0.1; `kind` picks the protocol, `key` the only key it accepts. */
export async function startFakeSpeech(
  kind: 'openai' | 'elevenlabs',
  key: string,
  ffmpeg: FfmpegLocation,
  script: SpeechReply[] = [],
): Promise<FakeSpeech> {
  const requests: RecordedSpeechRequest[] = [];
  const server = await startFakeHttp(
    async (req, res, bytes) => {
      const url = req.url ?? '';
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(bytes.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: { message: 'body is not JSON' } });
      }
      requests.push({ url, headers: req.headers, body });
      if (kind === 'openai') {
        if (req.method !== 'POST' || url !== '/v1/audio/speech') return sendJson(res, 404, {});
        if (req.headers.authorization !== `Bearer ${key}`)
          return sendJson(res, 401, {
            error: { message: `Incorrect API key provided: ${req.headers.authorization}` },
          });
      } else {
        const voice = /^\/v1\/text-to-speech\/([A-Za-z0-9]+)(\?output_format=([a-z0-9_]+))?$/.exec(url);
        if (req.method !== 'POST' || !voice) return sendJson(res, 404, { detail: { message: 'Not found' } });
        if (req.headers['xi-api-key'] !== key)
          return sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
      }
      const problem = kind === 'openai' ? openAiProblem(body) : elevenLabsProblem(body);
      if (problem) return sendJson(res, 400, { error: { message: problem } });
      const reply = script.shift() ?? 'audio';
      if (reply === 'hang') return;
      if (typeof reply === 'object')
        return sendJson(res, reply.status, {
          error: { message: reply.message ?? `fake status ${reply.status}` },
        });
      if (reply === 'json-200') return sendJson(res, 200, { error: { message: 'quota exceeded' } });
      const seconds = fakeSpeechSeconds(String(kind === 'openai' ? body.input : body.text));
      if (kind === 'openai') {
        res.writeHead(200, { 'content-type': 'audio/wav' });
        res.end(toneWav(seconds));
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(await toneMp3(ffmpeg, seconds));
    },
    (res, error) => sendJson(res, 500, { error: { message: String(error) } }),
  );
  return { baseUrl: server.baseUrl, requests, close: server.close };
}
