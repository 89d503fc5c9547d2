import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogueMixGraph } from '../src/cuts/rough-cut.audio.js';
import { type RoughCutEvent, renderRoughCut } from '../src/cuts/rough-cut.render.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia } from '../src/media/ffmpeg-process.js';
import { spanVolume, writeTone } from './support/audio-levels.js';

/** Three black shots at 24 fps: 2 s, 3 s and 2 s. */
const EVENTS: RoughCutEvent[] = [48, 72, 48].map((frames, index) => ({
  name: `Shot ${index + 1}`,
  frames,
  sourceIn: 0,
  transition: { type: 'cut' },
  video: null,
  image: null,
}));
const SECONDS = 7;
/** Where each line plays (a 2.5 kHz tone stands in for a voice; the music is a 200 Hz tone). */
const LINES = [
  { start: 0.4, seconds: 1 },
  { start: 2.4, seconds: 1.2 },
  { start: 5.4, seconds: 0.8 },
];
/** Only the music's tone: the voice's 2.5 kHz is some 90 dB down after three low-passes. */
const MUSIC_ONLY = 'lowpass=f=500,lowpass=f=500,lowpass=f=500';

describe('the rough cut mixes the scratch track', () => {
  let ffmpeg: FfmpegLocation;
  let directory: string;
  const lineFiles: string[] = [];
  let music: string;

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-dialogue-mix-'));
    for (const [index, line] of LINES.entries()) {
      // Mono 22.05 kHz WAVs, as eSpeak speaks them; the third is longer than its place (cut there).
      const file = path.join(directory, `line-${index}.wav`);
      await writeTone(ffmpeg, file, 2500, line.seconds + (index === 2 ? 0.7 : 0), [
        '-ar',
        '22050',
        '-ac',
        '1',
      ]);
      lineFiles.push(file);
    }
    music = path.join(directory, 'music.wav');
    await writeTone(ffmpeg, music, 200, 12, ['-ar', '44100', '-ac', '2']);
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const render = (name: string, soundtrack: { path: string; offsetSeconds: number } | null) =>
    renderRoughCut({
      ffmpeg,
      frameRate: 24,
      width: 320,
      height: 180,
      events: EVENTS,
      soundtrack,
      dialogue: LINES.map((line, index) => ({
        path: lineFiles[index] as string,
        startSeconds: line.start,
        seconds: line.seconds,
      })),
      burnIn: false,
      workDir: directory,
      output: path.join(directory, name),
      signal: new AbortController().signal,
      onProgress: async () => undefined,
    });

  it('writes every line at its place, silence between, the whole exactly the cut long', () => {
    const graph = dialogueMixGraph(
      LINES.map((line, index) => ({
        path: `line-${index}`,
        startSeconds: line.start,
        seconds: line.seconds,
      })),
      SECONDS,
      null,
    );
    // 0.4 s of silence, the first line (48,000 samples), 1 s of silence, …, then the tail.
    expect(graph).toContain('atrim=end_sample=19200');
    expect(graph).toContain('[0:a]aresample=48000');
    expect(graph).toMatch(/atrim=end_sample=48000,asetpts=N\/SR\/TB\[l0\]/);
    expect(graph).toMatch(/atrim=end_sample=38400,asetpts=N\/SR\/TB\[l2\]/);
    expect(graph).toContain('concat=n=7:v=0:a=1');
    const samples = [...graph.matchAll(/end_sample=(\d+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(samples).toBe(SECONDS * 48_000);
  });

  it('is louder than −40 dBFS during each line and silent between lines without music', async () => {
    const outcome = await render('spoken.mp4', null);
    expect(outcome).toMatchObject({ frames: 168, hasAudio: true });
    const file = path.join(directory, 'spoken.mp4');
    const probe = await probeMedia(ffmpeg.path, file);
    expect(probe.hasAudio).toBe(true);
    expect(Math.abs(probe.durationSeconds - SECONDS)).toBeLessThan(0.1);
    for (const line of LINES) {
      const during = await spanVolume(ffmpeg, file, line.start + 0.1, line.seconds - 0.2);
      expect(during.mean).toBeGreaterThan(-40);
    }
    const gaps = [
      [0, 0.3],
      [1.5, 0.8],
      [3.7, 1.6],
      [6.3, 0.6],
    ] as const;
    for (const [from, seconds] of gaps) {
      const between = await spanVolume(ffmpeg, file, from, seconds);
      expect(between.mean, `${from}+${seconds}`).toBeLessThan(-60);
    }
  }, 120_000);

  it('ducks the music under each line and brings it back between lines', async () => {
    await render('ducked.mp4', { path: music, offsetSeconds: 0 });
    const file = path.join(directory, 'ducked.mp4');
    for (const line of LINES) {
      const voice = await spanVolume(ffmpeg, file, line.start + 0.1, line.seconds - 0.2);
      expect(voice.mean).toBeGreaterThan(-40);
    }
    // Music heard alone (the voice filtered out): lower while a line plays than after it ends.
    const under = async (from: number, seconds: number) =>
      (await spanVolume(ffmpeg, file, from, seconds, MUSIC_ONLY)).mean;
    const clear = [await under(4.3, 0.9), await under(1.9, 0.4)];
    for (const line of LINES) {
      const ducked = await under(line.start + 0.15, line.seconds - 0.25);
      for (const level of clear) expect(ducked).toBeLessThan(level - 6);
    }
    // Between lines the music is as loud as the track itself (it is not turned down overall).
    const alone = await spanVolume(ffmpeg, music, 4.3, 0.9, MUSIC_ONLY);
    expect(Math.abs((clear[0] ?? 0) - alone.mean)).toBeLessThan(1.5);
  }, 120_000);
});
