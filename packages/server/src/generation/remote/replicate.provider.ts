import type { AssetType } from '@reelbench/sdk/contract';
import { z } from 'zod';
import { parse } from '../../common/validation.js';
import { REPLICATE_MODEL_PATTERN } from '../../config/remote.env.js';
import { type FfmpegLocation, type FfmpegSearch, resolveFfmpeg } from '../../media/ffmpeg-path.js';
import { GENERATION_MESSAGES, invalidInput, throwIfCancelled } from '../generation.errors.js';
import { type ClipRequest, clipRequestSchema, type RenderedClip } from '../generation.types.js';
import { clipMove } from '../local/framing.js';
import type { GenerationOperations } from '../provider.js';
import { clipPrompt } from './prompts.js';
import { RemoteApiClient } from './remote-client.js';
import { asPng, promptImageRenderers, toRenderedClip } from './remote-media.js';
import {
  type MediaKind,
  type RemoteLogger,
  type RemoteSession,
  type Sleep,
  sameOrigin,
} from './remote-session.js';

export { REPLICATE_MODEL_PATTERN };

export const REPLICATE_PROVIDER = 'replicate';
/** The cancel call after an abort gets its own short deadline: the caller is not kept waiting long. */
const CANCEL_TIMEOUT_MS = 10_000;
const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export interface ReplicateOptions extends FfmpegSearch {
  baseUrl: string;
  apiToken: string;
  imageModel: string;
  videoModel: string;
  pollIntervalMs: number;
  timeoutMs: number;
  /** Where downloaded clips are written; the system temp directory by default. */
  tempDir?: string;
  /** Waits between polls and retries; tests pass a recording one. */
  sleep?: Sleep;
  logger?: RemoteLogger;
}

const predictionSchema = z.object({
  id: z.string().regex(/^[\w-]{1,128}$/),
  status: z.string(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  urls: z.object({ get: z.string().optional(), cancel: z.string().optional() }).partial().nullish(),
});
type Prediction = z.infer<typeof predictionSchema>;

/** flux-style aspect_ratio per asset type, close to the local renderer's sheet sizes. */
const ASSET_ASPECTS: Record<AssetType, string> = {
  character: '3:4',
  prop: '1:1',
  custom: '1:1',
  location: '16:9',
};

interface ModelRef {
  owner: string;
  name: string;
  version: string | undefined;
}

function modelRef(model: string): ModelRef {
  const [path = '', version] = model.split(':');
  const [owner = '', name = ''] = path.split('/');
  return { owner, name, version };
}

/** The first URL of an output that is a URL or a list whose first item is one. */
function firstOutputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/** Replicate's predictions API: create, poll until done, cancel on abort or timeout, download. */
export class ReplicateClient extends RemoteApiClient {
  constructor(private readonly options: ReplicateOptions) {
    super({ ...options, provider: REPLICATE_PROVIDER, loggerName: 'Replicate', secret: options.apiToken });
  }

  /** Runs one prediction to the end and returns the bytes of its first output. */
  async run(kind: MediaKind, model: string, input: Record<string, unknown>, signal?: AbortSignal) {
    throwIfCancelled(signal);
    const session = this.openSession(kind, signal);
    let prediction = await this.create(session, model, input);
    try {
      while (!TERMINAL.has(prediction.status)) {
        await session.sleep(this.options.pollIntervalMs);
        prediction = await this.poll(session, prediction);
      }
    } catch (error) {
      if (session.cancelled || session.timedOut) await this.cancel(prediction);
      throw session.translate(error);
    }
    const url = this.outputUrl(session, prediction);
    return { session, bytes: await session.download(url, this.bearerFor(url)), predictionId: prediction.id };
  }

  private headers(): Record<string, string> {
    return { ...this.bearer(), 'content-type': 'application/json' };
  }

  private async create(session: RemoteSession, model: string, input: Record<string, unknown>) {
    const ref = modelRef(model);
    const url = ref.version
      ? `${this.base}/v1/predictions`
      : `${this.base}/v1/models/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.name)}/predictions`;
    const body = ref.version ? { version: ref.version, input } : { input };
    const answer = await session.json({
      method: 'POST',
      url,
      headers: this.headers(),
      body: () => JSON.stringify(body),
      retry: true,
      step: 'create',
    });
    return this.prediction(session, answer);
  }

  private async poll(session: RemoteSession, current: Prediction): Promise<Prediction> {
    const answer = await session.json({
      method: 'GET',
      url: this.predictionUrl(current, 'get'),
      headers: this.headers(),
      retry: true,
      step: 'poll',
    });
    return this.prediction(session, answer);
  }

  /** Best effort: the prediction is stopped on Replicate's side; a failure is logged, not thrown. */
  private async cancel(prediction: Prediction): Promise<void> {
    if (TERMINAL.has(prediction.status)) return;
    try {
      const response = await fetch(this.predictionUrl(prediction, 'cancel'), {
        method: 'POST',
        headers: this.headers(),
        signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok)
        this.logger.warn(`cancelling prediction ${prediction.id} answered ${response.status}`);
    } catch (error) {
      this.logger.warn(`could not cancel prediction ${prediction.id}: ${(error as Error).message}`);
    }
  }

  /** urls.get / urls.cancel when they point at the API itself, else the documented path. */
  private predictionUrl(prediction: Prediction, action: 'get' | 'cancel'): string {
    const given = prediction.urls?.[action];
    if (given && sameOrigin(given, this.base)) return given;
    const path = `${this.base}/v1/predictions/${encodeURIComponent(prediction.id)}`;
    return action === 'get' ? path : `${path}/cancel`;
  }

  private prediction(session: RemoteSession, answer: unknown): Prediction {
    const parsed = predictionSchema.safeParse(answer);
    if (!parsed.success)
      throw session.failure('the provider answered with something that is not a prediction');
    return parsed.data;
  }

  private outputUrl(session: RemoteSession, prediction: Prediction): string {
    if (prediction.status !== 'succeeded') {
      const said =
        typeof prediction.error === 'string' && prediction.error.trim() !== '' ? prediction.error : undefined;
      const reason = said ?? `the prediction ended ${prediction.status}`;
      throw session.failure(reason, { predictionId: prediction.id, status: prediction.status });
    }
    const url = firstOutputUrl(prediction.output);
    if (!url)
      throw session.failure('the prediction succeeded without an output URL', {
        predictionId: prediction.id,
      });
    return url;
  }
}

/**
 * The 'replicate' provider: shot and asset images from the image model, clips from the video
 * model. Images are converted to PNG (shots cropped to the project's aspect); clips are written
 * to a temp MP4 and measured with ffmpeg.
 */
export function createReplicateProvider(
  options: ReplicateOptions,
): Pick<GenerationOperations, 'shotImage' | 'assetImage' | 'characterRotation' | 'video'> {
  const client = new ReplicateClient(options);
  let ffmpeg: FfmpegLocation | undefined;
  const locateFfmpeg = () => {
    ffmpeg ??= resolveFfmpeg(options);
    return ffmpeg;
  };

  const images = promptImageRenderers(async (prompt, shape, signal) => {
    const aspect = 'aspect' in shape ? shape.aspect : ASSET_ASPECTS[shape.assetType];
    const input = { prompt, aspect_ratio: aspect };
    const { session, bytes, predictionId } = await client.run('image', options.imageModel, input, signal);
    return {
      session,
      bytes,
      meta: { renderer: REPLICATE_PROVIDER, model: options.imageModel, predictionId, prompt },
    };
  });

  async function renderClip(request: ClipRequest): Promise<RenderedClip> {
    const clip = parse(clipRequestSchema, request);
    const location = locateFfmpeg();
    const image = await asPng(clip.image).catch(() => {
      throw invalidInput(GENERATION_MESSAGES.unreadableImage('The shot image'));
    });
    const prompt = clipPrompt(request);
    const input = {
      prompt,
      image: `data:image/png;base64,${image.toString('base64')}`,
      duration: Math.max(1, Math.round(clip.durationSeconds)),
    };
    const { session, bytes, predictionId } = await client.run(
      'video',
      options.videoModel,
      input,
      request.signal,
    );
    session.check();
    return toRenderedClip(session, bytes, {
      ffmpeg: location,
      tempDir: options.tempDir,
      cameraMove: clipMove(clip.framing, clip.cameraMove),
      meta: {
        renderer: REPLICATE_PROVIDER,
        model: options.videoModel,
        predictionId,
        prompt,
        requestedDurationSeconds: clip.durationSeconds,
      },
    });
  }

  return { ...images, video: { renderClip } };
}
