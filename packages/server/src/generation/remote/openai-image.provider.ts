import type { AspectRatio, AssetType } from '@reelbench/sdk/contract';
import { z } from 'zod';
import { readImageInfo } from '../../media/sharp-io.js';
import type { EnhanceOptions, RenderedImage } from '../generation.types.js';
import type { GenerationOperations } from '../provider.js';
import { type KeyedModelOptions, RemoteApiClient } from './remote-client.js';
import { asPng, promptImageRenderers, toRenderedImage } from './remote-media.js';
import type { RemoteSession } from './remote-session.js';

export const OPENAI_IMAGE_PROVIDER = 'openai';

/** The three sizes every OpenAI image model accepts, by shape. */
export const OPENAI_IMAGE_SIZES = {
  landscape: '1536x1024',
  portrait: '1024x1536',
  square: '1024x1024',
} as const;
type OpenAiSize = (typeof OPENAI_IMAGE_SIZES)[keyof typeof OPENAI_IMAGE_SIZES];

const ASPECT_SIZES: Record<AspectRatio, OpenAiSize> = {
  '16:9': OPENAI_IMAGE_SIZES.landscape,
  '9:16': OPENAI_IMAGE_SIZES.portrait,
  '1:1': OPENAI_IMAGE_SIZES.square,
};

const ASSET_SIZES: Record<AssetType, OpenAiSize> = {
  character: OPENAI_IMAGE_SIZES.portrait,
  prop: OPENAI_IMAGE_SIZES.square,
  custom: OPENAI_IMAGE_SIZES.square,
  location: OPENAI_IMAGE_SIZES.landscape,
};

export type OpenAiImageOptions = KeyedModelOptions;

const imagesResponseSchema = z.object({
  data: z
    .array(z.object({ b64_json: z.string().min(1).optional(), url: z.string().min(1).optional() }))
    .min(1),
});

/** The size of the shape closest to an image's own, so an edit keeps its proportions. */
function closestSize(width: number, height: number): OpenAiSize {
  const ratio = width / height;
  if (ratio > 1.2) return OPENAI_IMAGE_SIZES.landscape;
  if (ratio < 1 / 1.2) return OPENAI_IMAGE_SIZES.portrait;
  return OPENAI_IMAGE_SIZES.square;
}

/**
 * GPT image models always answer base64 and refuse `response_format` as an unknown parameter;
 * DALL·E and most compatible servers default to a URL unless asked for b64_json.
 */
function responseFormat(model: string): { response_format?: 'b64_json' } {
  return /^gpt-image/i.test(model) ? {} : { response_format: 'b64_json' };
}

/** What the enhance options ask for, in words an edit model follows. */
function enhancePrompt(options: EnhanceOptions = {}): string {
  const asks = [
    options.normalise !== false ? 'balance the exposure and contrast' : undefined,
    options.sharpen !== false ? 'sharpen soft details' : undefined,
    options.upscale !== false ? 'add fine detail as if at a higher resolution' : undefined,
  ].filter((ask) => ask !== undefined);
  const work = asks.length > 0 ? asks.join(', ') : 'clean up compression artefacts';
  return `Enhance this image without changing its content, composition or colours: ${work}.`;
}

/** Any endpoint speaking OpenAI's Images API: generations for new images, edits for enhance. */
export class OpenAiImageClient extends RemoteApiClient {
  constructor(private readonly options: OpenAiImageOptions) {
    super({
      ...options,
      provider: OPENAI_IMAGE_PROVIDER,
      loggerName: 'OpenAiImages',
      secret: options.apiKey,
    });
  }

  session(signal: AbortSignal | undefined): RemoteSession {
    return this.openSession('image', signal);
  }

  async generate(session: RemoteSession, prompt: string, size: OpenAiSize): Promise<Buffer> {
    session.check();
    const body = { model: this.options.model, prompt, n: 1, size, ...responseFormat(this.options.model) };
    const answer = await session.json({
      method: 'POST',
      url: `${this.base}/v1/images/generations`,
      headers: { ...this.bearer(), 'content-type': 'application/json' },
      body: () => JSON.stringify(body),
      retry: true,
      step: 'generate',
    });
    return this.imageBytes(session, answer);
  }

  async edit(session: RemoteSession, image: Buffer, prompt: string, size: OpenAiSize): Promise<Buffer> {
    session.check();
    const form = () => {
      const data = new FormData();
      data.append('image', new Blob([image], { type: 'image/png' }), 'image.png');
      data.append('prompt', prompt);
      data.append('model', this.options.model);
      data.append('n', '1');
      data.append('size', size);
      const format = responseFormat(this.options.model).response_format;
      if (format) data.append('response_format', format);
      return data;
    };
    const answer = await session.json({
      method: 'POST',
      url: `${this.base}/v1/images/edits`,
      headers: this.bearer(),
      body: form,
      retry: true,
      step: 'edit',
    });
    return this.imageBytes(session, answer);
  }

  /** data[0].b64_json, else data[0].url downloaded (with the key only on the API's own origin). */
  private async imageBytes(session: RemoteSession, answer: unknown): Promise<Buffer> {
    const parsed = imagesResponseSchema.safeParse(answer);
    const first = parsed.success ? parsed.data.data[0] : undefined;
    if (first?.b64_json) {
      const bytes = Buffer.from(first.b64_json, 'base64');
      if (bytes.length > 0) return bytes;
    }
    if (first?.url) return session.download(first.url, this.bearerFor(first.url));
    throw session.failure('the provider answered without an image');
  }
}

/**
 * The 'openai' provider: shot and asset images from the generations endpoint (shots cropped from
 * OpenAI's 3:2 sizes to the project's aspect), enhance through the edits endpoint.
 */
export function createOpenAiImageProvider(
  options: OpenAiImageOptions,
): Pick<GenerationOperations, 'shotImage' | 'assetImage' | 'characterRotation' | 'enhance'> {
  const client = new OpenAiImageClient(options);
  const meta = (prompt: string) => ({ renderer: OPENAI_IMAGE_PROVIDER, model: options.model, prompt });
  const images = promptImageRenderers(async (prompt, shape, signal) => {
    const session = client.session(signal);
    const size = 'aspect' in shape ? ASPECT_SIZES[shape.aspect] : ASSET_SIZES[shape.assetType];
    return { session, bytes: await client.generate(session, prompt, size), meta: meta(prompt) };
  });

  /** The edit comes back in one of three sizes; it is cropped back to the original's proportions. */
  async function enhance(image: Buffer, enhanceOptions?: EnhanceOptions): Promise<RenderedImage> {
    const info = await readImageInfo(image, 'The image');
    const png = await asPng(image);
    const prompt = enhancePrompt(enhanceOptions);
    const session = client.session(undefined);
    const bytes = await client.edit(session, png, prompt, closestSize(info.width, info.height));
    return toRenderedImage(
      session,
      bytes,
      { ...meta(prompt), operation: 'enhance' },
      info.width / info.height,
    );
  }

  return { ...images, enhance: { enhance } };
}
