import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type Cut,
  type CutImportResultReply,
  type DialogueLine,
  type DialogueTrackResult,
  HTTP_ROUTES,
  type JobAcceptedReply,
  type Project,
  type ReviewLink,
  type ReviewView,
  type RoughCut,
  type UploadResult,
} from '@reelbench/sdk/contract';
import { type PlacedCutDialogueLine, placeCutDialogue, withDialogue } from '@reelbench/sdk/editorial';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFcpxml } from '../../sdk/test/editorial/fcpxml-dtd.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia } from '../src/media/ffmpeg-process.js';
import { spanVolume, writeTone } from './support/audio-levels.js';
import { testDatabases } from './support/databases.js';
import { FERRY_SCRIPT } from './support/dialogue-scripts.js';
import { api, connectSocket, newProject, newUser, type TestUser } from './support/factories.js';
import { until } from './support/harness.js';
import { ask } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { unzip } from './support/unzip.js';

const SCRIPT = FERRY_SCRIPT;

/** The music bed: a 50 Hz hum, below the voices' fundamentals, so a low-pass hears it alone. */
const MUSIC_HZ = 50;
const MUSIC_ONLY = 'lowpass=f=80,lowpass=f=80,lowpass=f=80,lowpass=f=80';

describe.each(testDatabases())('the scratch track in the cut and out on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let socket: Socket;
  let ffmpeg: FfmpegLocation;
  let work: string;
  let project: Project;
  let lines: DialogueLine[];
  let cut: Cut;

  async function jobResult<T>(jobId: string): Promise<T> {
    const job = await until(
      `job ${jobId}`,
      async () => {
        const { jobs } = await ask<{
          jobs: { id: string; status: string; error: string | null; result: unknown }[];
        }>(socket, 'jobs:list', { projectId: project.id });
        const found = jobs.find((entry) => entry.id === jobId);
        return found && ['completed', 'failed', 'cancelled'].includes(found.status) ? found : undefined;
      },
      180_000,
    );
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed' });
    return job.result as T;
  }

  /** Renders the cut's rough cut and writes it to a file. */
  async function roughCut(cutId: string, name: string): Promise<{ rough: RoughCut; file: string }> {
    const accepted = await ask<JobAcceptedReply>(socket, 'cut:render-rough-cut', {
      projectId: project.id,
      cutId,
    });
    await jobResult(accepted.job.id);
    const rough = await ask<RoughCut>(socket, 'cut:get-rough-cut', { projectId: project.id, cutId });
    const response = await fetch(new URL(rough.url, server.url));
    expect(response.status).toBe(200);
    const file = path.join(work, name);
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return { rough, file };
  }

  /** Where the server places each line: the SDK's placement over the stored cut. */
  function placed(of: Cut): PlacedCutDialogueLine[] {
    return placeCutDialogue(withDialogue(of, lines));
  }

  const seconds = (frames: number) => frames / 24;

  async function exported(cutId: string, format: string): Promise<string> {
    const response = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cutId}/export/${format}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    server = await startTestServer({ database, env: { JOB_CONCURRENCY: '2' } });
    work = await mkdtemp(path.join(os.tmpdir(), 'reelbench-dialogue-cut-'));
    alice = await newUser(server);
    bob = await newUser(server);
    socket = await connectSocket(server, alice.token);
    project = await newProject(server, alice, { name: 'The Last Ferry' });
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: SCRIPT },
    });
    expect(saved.status).toBe(200);
    await ask(socket, 'script:generateShotsFromScript', { projectId: project.id, mode: 'cinematic' });
    // The offline voice speaks the script; the dialogue shots are timed to their lines.
    const accepted = await ask<JobAcceptedReply>(socket, 'audio:generate-dialogue', {
      projectId: project.id,
    });
    const track = await jobResult<DialogueTrackResult>(accepted.job.id);
    expect(track.lines).toBe(4);
    await ask(socket, 'audio:time-shots', { projectId: project.id });
    lines = await ask<DialogueLine[]>(socket, 'audio:list-lines', { projectId: project.id });
    expect(lines.every((line) => line.shotId !== null)).toBe(true);
    cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Spoken assembly' });
  }, 300_000);

  afterAll(async () => {
    socket?.close();
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('places every line of a cut timed to its dialogue in full, one after another', () => {
    const places = placed(cut);
    expect(places).toHaveLength(lines.length);
    expect(places.some((place) => place.clipped)).toBe(false);
    for (const [index, place] of places.entries()) {
      const next = places[index + 1];
      if (next) expect(place.recordOut).toBeLessThanOrEqual(next.recordIn);
    }
  });

  it('renders the rough cut with every line heard at its place and silence between lines', async () => {
    const { rough, file } = await roughCut(cut.id, 'spoken.mp4');
    expect(rough).toMatchObject({ hasAudio: true, hasSoundtrack: false, dialogueLines: lines.length });
    const probe = await probeMedia(ffmpeg.path, file);
    expect(probe.hasAudio).toBe(true);
    const places = placed(cut);
    for (const place of places) {
      const from = seconds(place.recordIn);
      const during = await spanVolume(ffmpeg, file, from, seconds(place.recordOut) - from);
      expect(during.mean, `line ${place.line.lineId}`).toBeGreaterThan(-40);
    }
    for (const [index, place] of places.entries()) {
      const next = places[index + 1];
      const end = next ? seconds(next.recordIn) : rough.durationSeconds;
      const from = seconds(place.recordOut) + 0.05;
      if (end - from < 0.1) continue;
      const between = await spanVolume(ffmpeg, file, from, end - from - 0.05);
      expect(between.mean, `after line ${index}`).toBeLessThan(-60);
    }
    // The review page plays this rough cut: the voices come with it.
    const link = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    const view = await api<ReviewView>(server, 'GET', `/api/review/${link.body.token}`);
    expect(view.body.roughCut).toEqual({ url: expect.any(String), duration: rough.durationSeconds });
    const played = await fetch(new URL(view.body.roughCut?.url ?? '', server.url));
    expect(Buffer.from(await played.arrayBuffer()).equals(await readFile(file))).toBe(true);
  }, 300_000);

  it('ducks the soundtrack while someone speaks', async () => {
    const music = path.join(work, 'hum.wav');
    await writeTone(ffmpeg, music, MUSIC_HZ, 60, ['-ar', '48000', '-ac', '2', '-af', 'volume=4']);
    const form = new FormData();
    form.append('projectId', project.id);
    form.append('audio', new Blob([await readFile(music)], { type: 'application/octet-stream' }), 'hum.wav');
    const uploaded = await fetch(`${server.url}${HTTP_ROUTES.files.uploadAudio.path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { key } = (await uploaded.json()) as UploadResult;
    await ask(socket, 'audio:set', { projectId: project.id, key, offsetSeconds: 0 });
    const scored = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Scored' });
    const { rough, file } = await roughCut(scored.id, 'scored.mp4');
    expect(rough).toMatchObject({ hasSoundtrack: true, dialogueLines: lines.length });
    const places = placed(scored);
    const clear: number[] = [];
    for (const [index, place] of places.entries()) {
      const next = places[index + 1];
      // Half a second after a line, the music is back (the compressor lets go in 0.3 s).
      const from = seconds(place.recordOut) + 0.5;
      const end = next ? seconds(next.recordIn) : rough.durationSeconds;
      if (end - from >= 0.3) clear.push((await spanVolume(ffmpeg, file, from, end - from, MUSIC_ONLY)).mean);
    }
    expect(clear.length).toBeGreaterThan(0);
    const loudestClear = Math.max(...clear);
    for (const place of places) {
      const from = seconds(place.recordIn) + 0.1;
      const ducked = await spanVolume(ffmpeg, file, from, seconds(place.recordOut) - from, MUSIC_ONLY);
      expect(ducked.mean, `music under line ${place.line.lineId}`).toBeLessThan(loudestClear - 6);
    }
  }, 300_000);

  it('writes the lines into the EDL (A2), the OTIO (an audio track) and the FCPXML (lane -1), and reads them back unchanged', async () => {
    const places = placed(cut);
    const edl = await exported(cut.id, 'edl');
    const events = edl.match(/^\d{3} {2}[0-9A-F]{8} A2 {4}C {8}.*$/gm) ?? [];
    expect(events).toHaveLength(lines.length);
    for (const line of lines) expect(edl).toContain(`* REELBENCH LINE: ${line.id} SHOT: ${line.shotId}`);
    const first = places[0] as PlacedCutDialogueLine;
    const tc = (frames: number) => {
      const total = 24 * 3600 + frames;
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${pad(Math.floor(total / 86_400))}:${pad(Math.floor(total / 1440) % 60)}:${pad(Math.floor(total / 24) % 60)}:${pad(total % 24)}`;
    };
    expect(events[0]).toContain(`${tc(first.recordIn)} ${tc(first.recordOut)}`);

    const otio = JSON.parse(await exported(cut.id, 'otio')) as {
      tracks: { children: { kind: string; name: string; children: Record<string, unknown>[] }[] };
    };
    const dialogue = otio.tracks.children.find((track) => track.name === 'Dialogue');
    expect(dialogue?.kind).toBe('Audio');
    const clips = dialogue?.children.filter((child) => child.OTIO_SCHEMA === 'Clip.2') ?? [];
    expect(clips).toHaveLength(lines.length);
    expect(clips.map((clip) => (clip.metadata as { reelbench: unknown }).reelbench)).toEqual(
      places.map((place) => ({
        dialogueLineId: place.line.lineId,
        shotId: place.line.shotId,
        character: place.line.character,
        text: place.line.text,
      })),
    );

    const fcpxml = await exported(cut.id, 'fcpxml');
    validateFcpxml(fcpxml, 'server-dialogue');
    expect(fcpxml.match(/lane="-1"[^>]*audioRole="dialogue"/g)).toHaveLength(lines.length);

    for (const format of ['edl', 'otio'] as const) {
      const text = await exported(cut.id, format);
      const preview = await ask<CutImportResultReply>(socket, 'cut:import', {
        projectId: project.id,
        cutId: cut.id,
        format,
        text,
        dryRun: true,
      });
      expect(preview.cut.events).toEqual(cut.events);
      expect(preview.unmatched).toEqual([]);
      expect(preview.removed).toEqual([]);
    }
  });

  it('puts every line file in the hand-off package, under the names its lists use', async () => {
    const response = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cut.id}/package`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.status).toBe(200);
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()];
    const lineFiles = names.filter((name) => name.startsWith('media/dialogue/'));
    expect(lineFiles).toHaveLength(lines.length);
    for (const name of lineFiles) {
      expect(name).toMatch(/^media\/dialogue\/\d{4}-(JONAS|ANA)-[0-9A-F]{8}\.wav$/);
      expect(entries.get(name)?.subarray(0, 4).toString('latin1')).toBe('RIFF');
    }
    const text = (suffix: string) =>
      entries.get(names.find((name) => name.endsWith(suffix)) ?? '')?.toString() ?? '';
    const fcpxml = text('.fcpxml');
    validateFcpxml(fcpxml, 'package-dialogue');
    for (const name of lineFiles) {
      expect(fcpxml).toContain(`src="${name}"`);
      expect(text('.otio')).toContain(`"target_url": "${name}"`);
      expect(text('.edl')).toContain(`* SOURCE FILE: ${name.slice('media/dialogue/'.length)}`);
    }
    expect(text('README.txt')).toContain(`media/dialogue/ ${lines.length} dialogue lines`);
    // Another user gets nothing.
    const stranger = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cut.id}/export/edl`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(stranger.status).toBe(404);
  });
});
