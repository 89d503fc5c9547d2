import { type AspectRatio, MESSAGES, shotAssetPlacementSchema } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES, GenerationCancelledError } from '../../../src/generation/generation.errors.js';
import type { ShotImageRequest } from '../../../src/generation/generation.types.js';
import {
  createOpenAiImageProvider,
  type OpenAiImageOptions,
} from '../../../src/generation/remote/openai-image.provider.js';
import { REMOTE_RETRY_DELAYS_MS } from '../../../src/generation/remote/remote-session.js';
import { asset } from '../generation.fixtures.js';
import {
  type FakeOpenAiImages,
  type ImagesReply,
  startFakeOpenAiImages,
} from './fake-openai-images.server.js';
import { fakeImage } from './fake-replicate.server.js';
import { expectNoSecret, failure, recordingLogger, recordingSleep, rejection } from './remote.fixtures.js';

const KEY = 'sk-test-images-secret-7777';
const crate = asset('prop', 'Crate');
const mara = asset('character', 'Mara');

function shotRequest(aspect: AspectRatio, signal?: AbortSignal): ShotImageRequest {
  return {
    shot: {
      name: 'Crate on the quay',
      action: 'The crate swings on its rope',
      description: null,
      framing: 'insert',
      assets: [shotAssetPlacementSchema.parse({ assetId: crate.id })],
    },
    aspect,
    style: 'stylized-sci-fi',
    assets: [{ asset: crate, image: null }],
    ...(signal ? { signal } : {}),
  };
}

describe('the openai images provider', () => {
  let fake: FakeOpenAiImages | undefined;
  let logger = recordingLogger();
  let recorder = recordingSleep();

  afterEach(async () => {
    for (const line of logger.lines) expect(line).not.toContain(KEY);
    await fake?.close();
    fake = undefined;
  });

  /** The fake API at baseUrl with this test's key, model and deadline. */
  const apiOptions = (baseUrl: string) => ({ baseUrl, apiKey: KEY, model: 'gpt-image-1', timeoutMs: 30_000 });

  /** A provider on a new fake API that answers `script` and accepts `acceptedKey` (the test's key unless told). */
  async function setUp(
    script: ImagesReply[] = [],
    options: Partial<OpenAiImageOptions> = {},
    acceptedKey = KEY,
  ) {
    fake = await startFakeOpenAiImages(acceptedKey, script);
    logger = recordingLogger();
    recorder = recordingSleep();
    return createOpenAiImageProvider({
      ...apiOptions(fake.baseUrl),
      sleep: recorder.sleep,
      logger,
      ...options,
    });
  }

  it.each([
    ['16:9', '1536x1024', [1536, 864]],
    ['9:16', '1024x1536', [864, 1536]],
    ['1:1', '1024x1024', [1024, 1024]],
  ] as const)(
    'renders a %s shot from a %s generation cropped to the aspect',
    async (aspect, size, dimensions) => {
      const provider = await setUp();
      const image = await provider.shotImage.renderShot(shotRequest(aspect));

      const metadata = await sharp(image.png).metadata();
      expect(metadata.format).toBe('png');
      expect([metadata.width, metadata.height]).toEqual(dimensions);
      expect([image.width, image.height]).toEqual(dimensions);
      expect(image.meta).toMatchObject({
        renderer: 'openai',
        model: 'gpt-image-1',
        cropped: aspect !== '1:1',
      });

      const request = fake?.requests[0];
      expect(request?.url).toBe('/v1/images/generations');
      expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request?.fields).toMatchObject({ model: 'gpt-image-1', n: 1, size });
      // GPT image models refuse response_format; the fake answers 400 if it is sent.
      expect(request?.fields).not.toHaveProperty('response_format');
      expect(String(request?.fields.prompt)).toContain('insert shot of a detail: Crate on the quay.');
      expect(String(request?.fields.prompt)).toContain('Stylized sci-fi, neon, contrast');
    },
  );

  it('asks other models for b64_json and downloads a URL answer when that is what comes back', async () => {
    const provider = await setUp(['url'], { model: 'dall-e-2' });
    const image = await provider.assetImage.renderAssetImage(crate, 'default-left');
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expect(fake?.requests[0]?.fields).toMatchObject({
      model: 'dall-e-2',
      response_format: 'b64_json',
      size: '1024x1024',
    });
    expect(String(fake?.requests[0]?.fields.prompt)).toContain(
      'Prop reference of Crate, seen from its left side',
    );
    // The file is on the API's own origin, so the key may go with it.
    expect(fake?.fileRequests).toHaveLength(1);
  });

  it('renders a character rotation at the portrait size, keeping its shape', async () => {
    const provider = await setUp();
    const image = await provider.characterRotation.renderAssetImage(mara, 'default-right', {
      prompt: 'Yellow boots',
    });
    expect([image.width, image.height]).toEqual([1024, 1536]);
    expect(image.meta).toMatchObject({ key: 'default-right', cropped: false });
    expect(fake?.requests[0]?.fields).toMatchObject({ size: '1024x1536' });
    expect(String(fake?.requests[0]?.fields.prompt)).toContain('Yellow boots.');
  });

  it('enhances through the edits endpoint and keeps the original proportions', async () => {
    const provider = await setUp();
    const original = await fakeImage(400, 225, '#556677');
    const enhanced = await provider.enhance.enhance(original, { upscale: false });

    expect(enhanced.width / enhanced.height).toBeCloseTo(16 / 9, 2);
    expect(enhanced.width).toBe(1536);
    expect(enhanced.meta).toMatchObject({ operation: 'enhance' });
    const request = fake?.requests[0];
    expect(request?.url).toBe('/v1/images/edits');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.fields).toMatchObject({ model: 'gpt-image-1', n: '1', size: '1536x1024' });
    expect(request?.fields.image).toMatchObject({ type: 'image/png', name: 'image.png' });
    expect(request?.image?.equals(original)).toBe(true);
    const prompt = String(request?.fields.prompt);
    expect(prompt).toContain('balance the exposure');
    expect(prompt).toContain('sharpen');
    expect(prompt).not.toContain('higher resolution');
  });

  it("refuses unreadable bytes to enhance as the caller's mistake, without calling the API", async () => {
    const provider = await setUp();
    const error = await failure(provider.enhance.enhance(Buffer.from('not an image at all')));
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: GENERATION_MESSAGES.unreadableImage('The image'),
    });
    expect(fake?.requests).toEqual([]);
  });

  it('reports a provider error with its own message', async () => {
    const provider = await setUp([
      { status: 400, message: 'Your request was rejected by the safety system.' },
    ]);
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(error.context).toMatchObject({
      provider: 'openai',
      status: 400,
      reason: 'Your request was rejected by the safety system.',
    });
    expect(fake?.requests).toHaveLength(1);
    expect(recorder.waits).toEqual([]);
  });

  it('reports an answer without an image', async () => {
    const provider = await setUp(['empty']);
    const error = await failure(provider.shotImage.renderShot(shotRequest('1:1')));
    expect(error.context).toMatchObject({ reason: 'the provider answered without an image' });
  });

  it('retries 429 and 500, then succeeds', async () => {
    const provider = await setUp([{ status: 429 }, { status: 500 }]);
    const image = await provider.shotImage.renderShot(shotRequest('1:1'));
    expect(image.width).toBe(1024);
    expect(fake?.requests).toHaveLength(3);
    expect(recorder.waits).toEqual([...REMOTE_RETRY_DELAYS_MS]);
    expect(logger.lines).toHaveLength(2);
  });

  it('gives up after two retries', async () => {
    const provider = await setUp([{ status: 500 }, { status: 502 }, { status: 503 }]);
    const error = await failure(provider.enhance.enhance(await fakeImage(64, 64)));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(error.context).toMatchObject({ status: 503, reason: 'fake status 503' });
    expect(fake?.requests).toHaveLength(3);
  });

  it('never repeats the key a provider echoes in its error', async () => {
    const provider = await setUp([], {}, 'sk-the-right-key');
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error.context).toMatchObject({ status: 401, reason: 'Incorrect API key provided: [redacted].' });
    expectNoSecret(error, KEY);
  });

  it('times out a generation that never answers', async () => {
    const provider = await setUp(['hang'], { timeoutMs: 200 });
    const error = await failure(provider.shotImage.renderShot(shotRequest('16:9')));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed });
    expect(error.context).toMatchObject({ provider: 'openai', reason: 'timed out after 200 ms' });
    expectNoSecret(error, KEY);
  });

  it('stops a generation when the job is cancelled', async () => {
    const provider = await setUp(['hang']);
    const controller = new AbortController();
    const pending = rejection(provider.shotImage.renderShot(shotRequest('16:9', controller.signal)));
    await expect.poll(() => fake?.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(GenerationCancelledError);
  });

  it('stops an asset image when the job is cancelled', async () => {
    const provider = await setUp(['hang']);
    const controller = new AbortController();
    const pending = rejection(
      provider.assetImage.renderAssetImage(crate, 'default', { signal: controller.signal }),
    );
    await expect.poll(() => fake?.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(GenerationCancelledError);
  });
});
