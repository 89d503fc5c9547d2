import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type Asset,
  type DialogueLine,
  type DialogueTimingReply,
  type DialogueTrackResult,
  HTTP_ROUTES,
  type JobAcceptedReply,
  type Project,
  type Shot,
  type ShotPage,
  type UploadResult,
} from '@reelbench/sdk/contract';
import { dialogueShotSeconds } from '@reelbench/sdk/screenplay';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakOffline } from '../src/generation/local/speech-espeak.js';
import { ProviderRegistry } from '../src/generation/provider.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia, runFfmpeg } from '../src/media/ffmpeg-process.js';
import {
  type FakeSpeech,
  fakeSpeechSeconds,
  startFakeSpeech,
} from './generation/remote/fake-speech.server.js';
import { testDatabases } from './support/databases.js';
import { LIGHTHOUSE_SCRIPT } from './support/dialogue-scripts.js';
import { api, connectSocket, newProject, newUser, request, type TestUser } from './support/factories.js';
import { UNKNOWN_ID, until } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const SCRIPT = LIGHTHOUSE_SCRIPT;

const REVISED = SCRIPT.replace('Who moved the ledger?', 'Who has been reading my ledger?');
const SPEAKER_KEY = 'sk-dialogue-test-9191';

describe.each(testDatabases())('the scratch track on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let socket: Socket;
  let bobSocket: Socket;
  let ffmpeg: FfmpegLocation;
  let fake: FakeSpeech;
  let work: string;
  let project: Project;
  /** The text of every line the counting provider was asked to speak. */
  const spoken: string[] = [];

  async function saveScript(projectId: string, content: string) {
    const saved = await api(server, 'PUT', `/api/script/${projectId}`, {
      token: alice.token,
      body: { content },
    });
    expect(saved.status).toBe(200);
  }

  async function track(projectId: string, provider = 'counting'): Promise<DialogueTrackResult> {
    const accepted = await ask<JobAcceptedReply>(socket, 'audio:generate-dialogue', { projectId, provider });
    const job = await until(
      `dialogue job ${accepted.job.id}`,
      async () => {
        const { jobs } = await ask<{
          jobs: { id: string; status: string; error: string | null; result: unknown }[];
        }>(socket, 'jobs:list', { projectId });
        const found = jobs.find((entry) => entry.id === accepted.job.id);
        return found && ['completed', 'failed', 'cancelled'].includes(found.status) ? found : undefined;
      },
      120_000,
    );
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed' });
    return job.result as DialogueTrackResult;
  }

  const lines = (projectId: string) => ask<DialogueLine[]>(socket, 'audio:list-lines', { projectId });

  /** The clip as the HTTP route serves it, written to a file. */
  async function clipFile(user: TestUser, projectId: string, line: DialogueLine): Promise<string> {
    const route = HTTP_ROUTES.audio.lineFile.path
      .replace(':projectId', projectId)
      .replace(':lineId', line.id);
    const response = await fetch(`${server.url}${route}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const file = path.join(work, `${line.id}-${Date.now()}.wav`);
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return file;
  }

  /** ffmpeg's volumedetect over the whole clip, after an optional filter. */
  async function meanVolume(file: string, filter?: string): Promise<number> {
    const run = await runFfmpeg(
      ffmpeg.path,
      [
        '-hide_banner',
        '-nostdin',
        '-i',
        file,
        '-af',
        filter ? `${filter},volumedetect` : 'volumedetect',
        '-f',
        'null',
        '-',
      ],
      30_000,
    );
    const mean = /mean_volume: (-?[\d.]+) dB/.exec(run.stderr);
    expect(mean).not.toBeNull();
    return Number(mean?.[1]);
  }

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    fake = await startFakeSpeech('openai', SPEAKER_KEY, ffmpeg);
    server = await startTestServer({
      database,
      env: {
        OPENAI_SPEECH_API_KEY: SPEAKER_KEY,
        OPENAI_SPEECH_BASE_URL: fake.baseUrl,
        OPENAI_SPEECH_MODEL: 'tts-1',
      },
    });
    // The offline voice, counting what it is asked to say.
    server.app.get(ProviderRegistry).register('counting', {
      speech: {
        speak: (speechRequest) => {
          spoken.push(speechRequest.text);
          return speakOffline(speechRequest);
        },
      },
    });
    work = await mkdtemp(path.join(os.tmpdir(), 'reelbench-dialogue-test-'));
    alice = await newUser(server);
    bob = await newUser(server);
    socket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
    project = await newProject(server, alice, { name: 'The Lighthouse Ledger' });
    await saveScript(project.id, SCRIPT);
    await ask(socket, 'script:generateShotsFromScript', { projectId: project.id, mode: 'cinematic' });
    await ask(socket, 'project:create-cast', { projectId: project.id });
  });

  afterAll(async () => {
    socket?.close();
    bobSocket?.close();
    await server?.close();
    await fake?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('speaks every line of the script, each clip as long as ffmpeg measures it, under its shot', async () => {
    const result = await track(project.id);
    expect(result).toMatchObject({
      lines: 4,
      spoken: 4,
      reused: 0,
      uploaded: 0,
      removed: 0,
      provider: 'counting',
    });
    expect(spoken).toHaveLength(4);
    const all = await lines(project.id);
    expect(
      all.map(({ order, sceneNumber, character, parenthetical, extension, delivery, manner, source }) => ({
        order,
        sceneNumber,
        character,
        parenthetical,
        extension,
        delivery,
        manner,
        source,
      })),
    ).toEqual([
      {
        order: 0,
        sceneNumber: 1,
        character: 'MARA',
        parenthetical: null,
        extension: null,
        delivery: 'on',
        manner: 'normal',
        source: 'generated',
      },
      {
        order: 1,
        sceneNumber: 1,
        character: 'MARA',
        parenthetical: '(whispering)',
        extension: null,
        delivery: 'on',
        manner: 'whispered',
        source: 'generated',
      },
      {
        order: 2,
        sceneNumber: 1,
        character: 'OLD TOM',
        parenthetical: '(shouting)',
        extension: '(O.S.)',
        delivery: 'off-screen',
        manner: 'shouted',
        source: 'generated',
      },
      {
        order: 3,
        sceneNumber: 2,
        character: 'MARA',
        parenthetical: null,
        extension: '(V.O.)',
        delivery: 'voice-over',
        manner: 'normal',
        source: 'generated',
      },
    ]);
    const { shots } = await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id });
    const shotIds = new Set(shots.map((shot) => shot.id));
    for (const line of all) {
      expect(line.key.startsWith(`projects/${project.id}/dialogue/`)).toBe(true);
      expect(line.shotId === null ? null : shotIds.has(line.shotId)).toBe(true);
      const shot = shots.find((candidate) => candidate.id === line.shotId) as Shot;
      expect(shot.script_text ?? '').toContain(line.text.split(' ')[0]);
      const probe = await probeMedia(ffmpeg.path, await clipFile(alice, project.id, line));
      expect(probe.hasAudio).toBe(true);
      expect(Math.abs(line.durationMs / 1000 - probe.durationSeconds)).toBeLessThanOrEqual(
        probe.durationSeconds * 0.1,
      );
      expect(line.peaks.length).toBeGreaterThan(10);
      expect(Math.max(...line.peaks)).toBeGreaterThan(0.05);
    }
  });

  it('stores the seeded voice on each speaking character, editable as the asset', async () => {
    const assets = await ask<Asset[]>(socket, 'unified-asset:getByProject', { projectId: project.id });
    const mara = assets.find((asset) => asset.name === 'Mara') as Asset;
    const tom = assets.find((asset) => asset.name === 'Old Tom') as Asset;
    expect(mara.config.voice?.variant).toMatch(/^(?:f\d|linda|belinda|anika|steph|annie)$/);
    expect(tom.config.voice?.variant).toBe('grandpa');
    const all = await lines(project.id);
    expect(all.filter((line) => line.character === 'MARA').every((line) => line.assetId === mara.id)).toBe(
      true,
    );
    // A bad voice is the caller's VALIDATION_ERROR.
    expectSocketError(
      await request(socket, 'unified-asset:update', {
        id: mara.id,
        updates: { config: { voice: { pitch: 500, speed: 160, variant: 'f1' } } },
      }),
      'VALIDATION_ERROR',
    );
  });

  it('whispers quieter than it shouts, muffles off screen, keeps voice-over close', async () => {
    const all = await lines(project.id);
    const [plain, whisper, shout, voiceOver] = (await Promise.all(
      all.map((line) => clipFile(alice, project.id, line)),
    )) as [string, string, string, string];
    const whispered = await meanVolume(whisper);
    const shouted = await meanVolume(shout);
    expect(whispered).toBeLessThan(shouted - 6);
    // Quiet, yet loud enough to be heard in a mix (the rough cut's −40 dBFS).
    expect(whispered).toBeGreaterThan(-40);
    // Off screen: the treble above 3 kHz is cut far below an on-screen line's.
    const trebleOf = async (file: string) =>
      (await meanVolume(file, 'highpass=f=3000')) - (await meanVolume(file));
    expect(await trebleOf(shout)).toBeLessThan((await trebleOf(plain)) - 10);
    expect(await trebleOf(voiceOver)).toBeGreaterThan((await trebleOf(shout)) + 10);
  });

  it('re-speaks only the revised line, keeping the other lines and their ids', async () => {
    const before = await lines(project.id);
    spoken.length = 0;
    await saveScript(project.id, REVISED);
    const result = await track(project.id);
    expect(spoken).toEqual(['Who has been reading my ledger?']);
    expect(result).toMatchObject({ lines: 4, spoken: 1, reused: 3, removed: 0 });
    const after = await lines(project.id);
    expect(after.map((line) => line.id)).toEqual(before.map((line) => line.id));
    expect(after[0]?.key).not.toBe(before[0]?.key);
    expect(after.slice(1).map((line) => line.key)).toEqual(before.slice(1).map((line) => line.key));
    // Its old clip is gone from storage.
    expect(
      await server.query('SELECT 1 FROM dialogue_lines WHERE audio_key = $1', [before[0]?.key]),
    ).toHaveLength(0);
  });

  it('a recorded take replaces one line and wins over the next track; regenerating the line brings the voice back', async () => {
    const tone = path.join(work, 'take.wav');
    const made = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1.5', tone],
      30_000,
    );
    expect(made.code).toBe(0);
    const form = new FormData();
    form.append('projectId', project.id);
    form.append('audio', new Blob([await readFile(tone)], { type: 'audio/wav' }), 'take.wav');
    const uploaded = await fetch(`${server.url}${HTTP_ROUTES.files.uploadAudio.path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const file = (await uploaded.json()) as UploadResult;
    const [first] = await lines(project.id);
    const take = await ask<DialogueLine>(socket, 'audio:upload-line', {
      projectId: project.id,
      lineId: first?.id,
      key: file.key,
    });
    expect(take).toMatchObject({ id: first?.id, source: 'uploaded' });
    expect(Math.abs(take.durationMs - 1500)).toBeLessThan(50);

    spoken.length = 0;
    const result = await track(project.id);
    expect(result).toMatchObject({ spoken: 0, uploaded: 1, reused: 3 });
    expect(spoken).toEqual([]);
    expect((await lines(project.id))[0]).toMatchObject({ id: first?.id, source: 'uploaded', key: take.key });

    const again = await ask<DialogueLine>(socket, 'audio:regenerate-line', {
      projectId: project.id,
      lineId: first?.id,
      provider: 'counting',
    });
    expect(again).toMatchObject({ id: first?.id, source: 'generated' });
    expect(spoken).toEqual(['Who has been reading my ledger?']);
  });

  it('times the dialogue shots to their lines and leaves the action shots alone', async () => {
    const before = (await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id })).shots;
    const all = await lines(project.id);
    const reply = await ask<DialogueTimingReply>(socket, 'audio:time-shots', {
      projectId: project.id,
      pacing: 'slow',
    });
    const after = (await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id })).shots;
    const dialogueShots = new Set(all.map((line) => line.shotId));
    expect(reply.unplaced).toBe(0);
    expect(reply.changed.length + reply.unchanged).toBe(dialogueShots.size);
    for (const shot of after) {
      const previous = before.find((candidate) => candidate.id === shot.id) as Shot;
      const change = reply.changed.find((entry) => entry.shotId === shot.id);
      if (!dialogueShots.has(shot.id)) {
        expect(shot.duration).toBe(previous.duration);
        expect(change).toBeUndefined();
        continue;
      }
      const held = all.filter((line) => line.shotId === shot.id);
      expect(shot.duration).toBeCloseTo(dialogueShotSeconds(held, 'slow'), 5);
      if (change) {
        expect(change.previousDuration).toBe(previous.duration);
        expect(change.lineIds).toEqual(held.map((line) => line.id));
      }
    }
    expect(before.some((shot) => !dialogueShots.has(shot.id))).toBe(true);
    // The undo: the previous durations put back in one save.
    for (const change of reply.changed)
      await ask(socket, 'shot:update', {
        shotId: change.shotId,
        updates: { duration: change.previousDuration },
      });
    const undone = (await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id })).shots;
    expect(undone.map((shot) => shot.duration)).toEqual(before.map((shot) => shot.duration));
    // Over HTTP the same action answers the same shape.
    const http = await api(server, 'POST', `/api/audio/${project.id}/timing`, {
      token: alice.token,
      body: {},
    });
    expect(http.status).toBe(201);
    expect((http.body as DialogueTimingReply).pacing).toBe('balanced');
  });

  it("another user can neither list, play, regenerate, replace nor time the project's lines", async () => {
    const [line] = await lines(project.id);
    const lineId = line?.id;
    expectSocketError(
      await request(bobSocket, 'audio:list-lines', { projectId: project.id }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(bobSocket, 'audio:regenerate-line', { projectId: project.id, lineId }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(bobSocket, 'audio:time-shots', { projectId: project.id }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(bobSocket, 'audio:generate-dialogue', { projectId: project.id }),
      'NOT_FOUND_ERROR',
    );
    const route = HTTP_ROUTES.audio.lineFile.path
      .replace(':projectId', project.id)
      .replace(':lineId', lineId ?? '');
    const played = await fetch(`${server.url}${route}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(played.status).toBe(404);
    // Bob's own project does not reach Alice's line either.
    const own = await newProject(server, bob, { name: 'Elsewhere' });
    expectSocketError(
      await request(bobSocket, 'audio:regenerate-line', { projectId: own.id, lineId }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(bobSocket, 'audio:upload-line', { projectId: own.id, lineId, key: line?.key }),
      'NOT_FOUND_ERROR',
    );
    // Alice cannot pass another project's file off as a take.
    expectSocketError(
      await request(socket, 'audio:upload-line', {
        projectId: project.id,
        lineId,
        key: `projects/${own.id}/audio/x.wav`,
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'audio:regenerate-line', { projectId: project.id, lineId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(socket, 'audio:generate-dialogue', { projectId: project.id, provider: 'nobody' }),
      'VALIDATION_ERROR',
    );
  });

  it('speaks through a remote OpenAI-compatible voice (a local fake of the API)', async () => {
    const remote = await newProject(server, alice, { name: 'Remote voices' });
    await saveScript(remote.id, SCRIPT);
    const before = fake.requests.length;
    const result = await track(remote.id, 'openai');
    expect(result).toMatchObject({ lines: 4, spoken: 4, provider: 'openai' });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(4);
    for (const request of sent)
      expect(request.body).toMatchObject({ model: 'tts-1', response_format: 'wav' });
    for (const line of await lines(remote.id)) {
      // The fake speaks a tenth of a second per character; echo and limiter add a few milliseconds.
      expect(line.durationMs / 1000).toBeGreaterThan(fakeSpeechSeconds(line.text) * 0.95);
      expect(line.durationMs / 1000).toBeLessThan(fakeSpeechSeconds(line.text) * 1.1 + 0.2);
    }
  });

  it('a second scratch track asked for while one is under way is that one: no line spoken twice', async () => {
    const before = await lines(project.id);
    spoken.length = 0;
    await saveScript(project.id, SCRIPT.replace('Who moved the ledger?', 'Who took the ledger?'));
    const asked = () =>
      ask<JobAcceptedReply>(socket, 'audio:generate-dialogue', {
        projectId: project.id,
        provider: 'counting',
      });
    const [first, second] = await Promise.all([asked(), asked()]);
    expect(second.job.id).toBe(first.job.id);
    await until(
      'the scratch track',
      async () => {
        const { jobs } = await ask<{ jobs: { id: string; status: string }[] }>(socket, 'jobs:list', {
          projectId: project.id,
        });
        return jobs.find((job) => job.id === first.job.id && job.status === 'completed');
      },
      120_000,
    );
    expect(spoken).toEqual(['Who took the ledger?']);
    const after = await lines(project.id);
    expect(after.map((line) => line.id)).toEqual(before.map((line) => line.id));
  });

  it('refuses a script without dialogue', async () => {
    const silent = await newProject(server, alice, { name: 'Silent' });
    await saveScript(silent.id, 'INT. ROOM - DAY\n\nNobody speaks.\n');
    expectSocketError(
      await request(socket, 'audio:generate-dialogue', { projectId: silent.id }),
      'VALIDATION_ERROR',
    );
  });
});
