import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type AspectRatio, MESSAGES, type Shot, shotAssetPlacementSchema } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES, GenerationCancelledError } from '../../../src/generation/generation.errors.js';
import type { ShotImageRequest } from '../../../src/generation/generation.types.js';
import { REMOTE_RETRY_DELAYS_MS } from '../../../src/generation/remote/remote-session.js';
import {
  createReplicateProvider,
  type ReplicateOptions,
} from '../../../src/generation/remote/replicate.provider.js';
import { type FfmpegLocation, resolveFfmpeg } from '../../../src/media/ffmpeg-path.js';
import { asset } from '../generation.fixtures.js';
import {
  type FakeReplicate,
  fakeImage,
  type ModelBehaviour,
  startFakeReplicate,
} from './fake-replicate.server.js';
import {
  expectNoSecret,
  failure,
  makeTestClip,
  recordingLogger,
  recordingSleep,
  rejection,
} from './remote.fixtures.js';

const TOKEN = 'r8_test-secret-token-0042';
const IMAGE_MODEL = 'black-forest-labs/flux-schnell';
const VIDEO_MODEL = 'minimax/video-01';
const POLL_MS = 10;

const mara = asset('character', 'Mara');
const harbour = asset('location', 'Harbour');

const place = (assetId: string) => shotAssetPlacementSchema.parse({ assetId, position: { x: 0.4, y: 0.6 } });

function shotRequest(aspect: AspectRatio, overrides: Partial<ShotImageRequest> = {}): ShotImageRequest {
  const shot: Pick<Shot, 'name' | 'action' | 'description' | 'framing' | 'assets'> = {
    name: 'Quay at dawn',
    action: 'Mara waits for the ferry',
    description: 'Fog rolls over the water',
    framing: 'close',
    assets: [place(mara.id), place(harbour.id)],
  };
  return {
    shot,
    aspect,
    style: 'gritty-filmic',
    assets: [
      { asset: mara, image: null },
      { asset: harbour, image: null },
    ],
    ...overrides,
  };
}

describe('the replicate provider', () => {
  let ffmpeg: FfmpegLocation;
  let clip: Buffer;
  let fake: FakeReplicate | undefined;
  let logger = recordingLogger();
  let recorder = recordingSleep();
  const clipFiles: string[] = [];

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    clip = await makeTestClip(ffmpeg);
  });

  afterEach(async () => {
    // Whatever a test did, nothing it logged may carry the token.
    for (const line of logger.lines) expect(line).not.toContain(TOKEN);
    await fake?.close();
    fake = undefined;
  });

  afterAll(async () => {
    await Promise.all(clipFiles.map((file) => rm(file, { force: true })));
  });

  /** The fake API at baseUrl with this test's token, models, poll interval and deadline. */
  const apiOptions = (baseUrl: string) => ({
    baseUrl,
    apiToken: TOKEN,
    imageModel: IMAGE_MODEL,
    videoModel: VIDEO_MODEL,
    pollIntervalMs: POLL_MS,
    timeoutMs: 30_000,
  });

  /** A provider on a new fake Replicate with these models that accepts `acceptedToken` (the test's unless told). */
  async function setUp(
    models: Record<string, ModelBehaviour>,
    options: Partial<ReplicateOptions> = {},
    acceptedToken = TOKEN,
  ): Promise<ReturnType<typeof createReplicateProvider>> {
    fake = await startFakeReplicate({ token: acceptedToken, models, video: clip });
    logger = recordingLogger();
    recorder = recordingSleep();
    return createReplicateProvider({
      ...apiOptions(fake.baseUrl),
      ffmpegPath: ffmpeg.path,
      sleep: recorder.sleep,
      logger,
      ...options,
    });
  }

  const succeed = (polls: number, extra: Partial<Extract<ModelBehaviour, { kind: 'succeed' }>> = {}) =>
    ({ kind: 'succeed', polls, output: 'image', ...extra }) as const;

  it.each([
    ['16:9', 16 / 9],
    ['9:16', 9 / 16],
    ['1:1', 1],
  ] as const)('renders a %s shot image through create, polls and a download', async (aspect, ratio) => {
    const provider = await setUp({ [IMAGE_MODEL]: succeed(3) });
    const image = await provider.shotImage.renderShot(shotRequest(aspect));

    const metadata = await sharp(image.png).metadata();
    expect(metadata.format).toBe('png');
    expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
    expect(image.width / image.height).toBeCloseTo(ratio, 2);
    expect(image.meta).toMatchObject({ renderer: 'replicate', model: IMAGE_MODEL, cropped: false });

    const [create, ...polls] = fake?.requests ?? [];
    expect(create?.method).toBe('POST');
    expect(create?.url).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(create?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create?.headers['content-type']).toBe('application/json');
    const input = create?.body?.input as { prompt: string; aspect_ratio: string };
    expect(input.aspect_ratio).toBe(aspect);
    for (const words of [
      'close-up',
      'Quay at dawn',
      'Mara waits for the ferry',
      'Fog rolls',
      'Mara (character)',
    ]) {
      expect(input.prompt).toContain(words);
    }
    expect(input.prompt).toContain('Gritty, filmic, natural light');
    expect(polls.map((poll) => `${poll.method} ${poll.url}`)).toEqual([
      'GET /v1/predictions/pred1',
      'GET /v1/predictions/pred1',
      'GET /v1/predictions/pred1',
    ]);
    expect(recorder.waits).toEqual([POLL_MS, POLL_MS, POLL_MS]);
    // The output lives on another origin: the token never goes there.
    expect(fake?.fileRequests).toHaveLength(1);
    expect(fake?.fileRequests[0]?.headers.authorization).toBeUndefined();
  });

  it('creates by version for owner/name:version and reads a single-URL output', async () => {
    const version = '5599ed30703defd1d160a25a63321b4dec97101d98b4674bcc56e41f62f35637';
    const provider = await setUp(
      { [version]: succeed(1, { shape: 'string' }) },
      { imageModel: `black-forest-labs/flux-dev:${version}` },
    );
    const image = await provider.shotImage.renderShot(shotRequest('1:1'));
    expect([image.width, image.height]).toEqual([256, 256]);
    expect(fake?.requests[0]?.url).toBe('/v1/predictions');
    expect(fake?.requests[0]?.body).toMatchObject({ version, input: { aspect_ratio: '1:1' } });
  });

  it('renders asset images and character rotations per image key', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: succeed(1) });
    const back = await provider.characterRotation.renderAssetImage(mara, 'default-back', {
      prompt: 'Red raincoat, short grey hair',
    });
    expect([back.width, back.height]).toEqual([240, 320]);
    expect(back.meta).toMatchObject({ key: 'default-back' });
    const backInput = fake?.requests[0]?.body?.input as { prompt: string; aspect_ratio: string };
    expect(backInput.aspect_ratio).toBe('3:4');
    expect(backInput.prompt).toContain('character reference of Mara, seen from behind');
    expect(backInput.prompt).toContain('Red raincoat, short grey hair.');

    const reverse = await provider.assetImage.renderAssetImage(harbour, 'default-reverse');
    expect([reverse.width, reverse.height]).toEqual([320, 180]);
    const creates = fake?.requests.filter((request) => request.method === 'POST') ?? [];
    const reverseInput = creates[1]?.body?.input as { prompt: string; aspect_ratio: string };
    expect(reverseInput).toMatchObject({ aspect_ratio: '16:9' });
    expect(reverseInput.prompt).toContain('Location concept art of Harbour, reverse view');
  });

  it('refuses an image key the asset does not support before calling Replicate', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: succeed(1) });
    const error = await failure(provider.assetImage.renderAssetImage(harbour, 'default-back'));
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: GENERATION_MESSAGES.unsupportedImageKey('default-back', 'location'),
    });
    expect(fake?.requests).toEqual([]);
  });

  it('renders a clip from the shot image and measures the downloaded MP4', async () => {
    const provider = await setUp({ [VIDEO_MODEL]: { kind: 'succeed', polls: 2, output: 'video' } });
    const still = await fakeImage(320, 180, '#224466');
    const rendered = await provider.video.renderClip({
      image: still,
      durationSeconds: 2.4,
      framing: 'close',
      aspect: '16:9',
      prompt: 'Mara turns towards the sea',
    });
    clipFiles.push(rendered.path);

    expect(existsSync(rendered.path)).toBe(true);
    expect(rendered.durationSeconds).toBeCloseTo(1, 1);
    expect(rendered).toMatchObject({ fps: 24, frames: 24, width: 320, height: 180, cameraMove: 'push-in' });
    expect(rendered.meta).toMatchObject({
      renderer: 'replicate',
      model: VIDEO_MODEL,
      requestedDurationSeconds: 2.4,
    });

    const create = fake?.requests[0];
    expect(create?.url).toBe('/v1/models/minimax/video-01/predictions');
    const input = create?.body?.input as { prompt: string; image: string; duration: number };
    expect(input.duration).toBe(2);
    expect(input.prompt).toContain('Mara turns towards the sea.');
    expect(input.prompt).toContain('slow push-in');
    expect(input.image.startsWith('data:image/png;base64,')).toBe(true);
    const sent = Buffer.from(input.image.slice('data:image/png;base64,'.length), 'base64');
    expect(sent.equals(still)).toBe(true);
  });

  it('reports a failed prediction with its own error text', async () => {
    const provider = await setUp({
      [IMAGE_MODEL]: { kind: 'fail', polls: 2, error: 'NSFW content detected in the prompt' },
      [VIDEO_MODEL]: { kind: 'fail', polls: 1, error: 'CUDA out of memory' },
    });
    const image = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(image).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(image.context).toMatchObject({
      provider: 'replicate',
      status: 'failed',
      reason: 'NSFW content detected in the prompt',
    });

    const video = await failure(
      provider.video.renderClip({
        image: await fakeImage(64, 36),
        durationSeconds: 1,
        framing: null,
        aspect: '16:9',
      }),
    );
    expect(video).toMatchObject({ code: 'SERVER_ERROR', message: GENERATION_MESSAGES.videoFailed });
    expect(video.context).toMatchObject({ reason: 'CUDA out of memory' });
    expectNoSecret(image, TOKEN);
    expectNoSecret(video, TOKEN);
  });

  it('retries 429 and 5xx on create with a short backoff, then succeeds', async () => {
    const provider = await setUp({
      [IMAGE_MODEL]: { kind: 'status', statuses: [429, 503], afterwards: succeed(1) },
    });
    const image = await provider.shotImage.renderShot(shotRequest('16:9'));
    expect(image.width).toBe(320);
    const creates = fake?.requests.filter((request) => request.method === 'POST') ?? [];
    expect(creates).toHaveLength(3);
    expect(recorder.waits).toEqual([...REMOTE_RETRY_DELAYS_MS, POLL_MS]);
    expect(logger.lines).toEqual([
      `replicate answered 429 to create; retrying in ${REMOTE_RETRY_DELAYS_MS[0]} ms`,
      `replicate answered 503 to create; retrying in ${REMOTE_RETRY_DELAYS_MS[1]} ms`,
    ]);
  });

  it('gives up after two retries, with the status and the provider text', async () => {
    const provider = await setUp({
      [IMAGE_MODEL]: { kind: 'status', statuses: [429, 429, 429, 429], afterwards: succeed(1) },
    });
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(error.context).toMatchObject({ status: 429, reason: 'fake status 429' });
    expect(fake?.requests).toHaveLength(3);
  });

  it('does not retry a refused token, and never repeats the token the API echoed', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: succeed(1) }, {}, 'r8_the-right-one');
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error.context).toMatchObject({ status: 401, reason: 'Invalid token: Bearer [redacted]' });
    expectNoSecret(error, TOKEN);
    expect(fake?.requests).toHaveLength(1);
  });

  it('times out a prediction that never finishes and cancels it on Replicate', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: { kind: 'hang' } }, { timeoutMs: 300 });
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(error.context).toMatchObject({ provider: 'replicate', reason: 'timed out after 300 ms' });
    expect(fake?.cancels).toEqual(['pred1']);
    expect(fake?.predictions.get('pred1')?.status).toBe('canceled');
    expectNoSecret(error, TOKEN);
  });

  it('times out a video the same way, with the video message', async () => {
    const provider = await setUp({ [VIDEO_MODEL]: { kind: 'hang' } }, { timeoutMs: 250 });
    const error = await failure(
      provider.video.renderClip({
        image: await fakeImage(64, 36),
        durationSeconds: 1,
        framing: 'wide',
        aspect: '16:9',
      }),
    );
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: GENERATION_MESSAGES.videoFailed });
    expect(error.context).toMatchObject({ reason: 'timed out after 250 ms' });
    expect(fake?.cancels).toEqual(['pred1']);
  });

  it('cancels the prediction on Replicate when the job is cancelled mid-poll', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: { kind: 'hang' } });
    const controller = new AbortController();
    const pending = rejection(
      provider.shotImage.renderShot(shotRequest('16:9', { signal: controller.signal })),
    );
    await fake?.untilPolled('pred1', 2);
    controller.abort();

    expect(await pending).toBeInstanceOf(GenerationCancelledError);
    expect(fake?.cancels).toEqual(['pred1']);
    expect(fake?.predictions.get('pred1')?.status).toBe('canceled');
    const cancel = fake?.requests.find((request) => request.url.endsWith('/cancel'));
    expect(cancel).toMatchObject({ method: 'POST', url: '/v1/predictions/pred1/cancel' });
    expect(cancel?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('cancels a clip and an asset image the same way', async () => {
    const provider = await setUp({ [VIDEO_MODEL]: { kind: 'hang' }, [IMAGE_MODEL]: { kind: 'hang' } });
    const clipJob = new AbortController();
    const pendingClip = rejection(
      provider.video.renderClip({
        image: await fakeImage(64, 36),
        durationSeconds: 1,
        framing: 'wide',
        aspect: '16:9',
        signal: clipJob.signal,
      }),
    );
    await fake?.untilPolled('pred1', 1);
    clipJob.abort();
    expect(await pendingClip).toBeInstanceOf(GenerationCancelledError);

    const assetJob = new AbortController();
    const pendingAsset = rejection(
      provider.assetImage.renderAssetImage(mara, 'default-front', { signal: assetJob.signal }),
    );
    await fake?.untilPolled('pred2', 1);
    assetJob.abort();
    expect(await pendingAsset).toBeInstanceOf(GenerationCancelledError);
    expect(fake?.cancels).toEqual(['pred1', 'pred2']);
  });

  it('does nothing for a job cancelled before it starts', async () => {
    const provider = await setUp({ [IMAGE_MODEL]: succeed(1) });
    const error = await rejection(
      provider.shotImage.renderShot(shotRequest('16:9', { signal: AbortSignal.abort() })),
    );
    expect(error).toBeInstanceOf(GenerationCancelledError);
    expect(fake?.requests).toEqual([]);
  });

  it('reports an output that is not an image as a failed generation', async () => {
    // The video model's MP4 served where an image is expected.
    const provider = await setUp({ [IMAGE_MODEL]: { kind: 'succeed', polls: 1, output: 'video' } });
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(String(error.context?.reason)).toContain('unreadable image');
  });
});
