import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AspectRatio, AssetType } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { FfmpegLocation } from '../../media/ffmpeg-path.js';
import { probeMedia } from '../../media/ffmpeg-process.js';
import { MAX_INPUT_PIXELS, PNG_OPTIONS } from '../../media/sharp-io.js';
import type {
  AssetImageSubject,
  CameraMove,
  ImageMeta,
  RenderedClip,
  RenderedImage,
  ShotImageRequest,
} from '../generation.types.js';
import type { AssetImageOptions, GenerationOperations } from '../provider.js';
import { assetPrompt, shotPrompt } from './prompts.js';
import type { RemoteSession } from './remote-session.js';

/** Width over height of each project aspect. */
export const ASPECT_VALUES: Record<AspectRatio, number> = { '16:9': 16 / 9, '9:16': 9 / 16, '1:1': 1 };
/** Within this relative difference an image already has the wanted shape and is left whole. */
const ASPECT_TOLERANCE = 0.01;

/** The largest centred crop of width x height with the given width/height ratio. */
export function coverCrop(width: number, height: number, ratio: number): { width: number; height: number } {
  if (Math.abs(width / height - ratio) / ratio <= ASPECT_TOLERANCE) return { width, height };
  return width / height > ratio
    ? { width: Math.round(height * ratio), height }
    : { width, height: Math.round(width / ratio) };
}

/**
 * A provider's image as the PNG a RenderedImage carries. With a ratio (a shot's aspect), the image
 * is centre-cropped to it: models answer in their own sizes (OpenAI's 1536x1024 is 3:2), and a shot
 * must match its project. Undecodable bytes are the provider's failure, not the caller's.
 */
export async function toRenderedImage(
  session: RemoteSession,
  bytes: Buffer,
  meta: ImageMeta,
  ratio?: number,
): Promise<RenderedImage> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    const { width, height } = await source.metadata();
    if (!width || !height) throw new Error('no dimensions');
    const target = ratio === undefined ? { width, height } : coverCrop(width, height, ratio);
    const shaped =
      target.width === width && target.height === height
        ? source
        : source.extract({
            left: Math.floor((width - target.width) / 2),
            top: Math.floor((height - target.height) / 2),
            width: target.width,
            height: target.height,
          });
    const png = await shaped.png(PNG_OPTIONS).toBuffer({ resolveWithObject: true });
    return {
      png: png.data,
      width: png.info.width,
      height: png.info.height,
      meta: {
        ...meta,
        sourceWidth: width,
        sourceHeight: height,
        cropped: target.width !== width || target.height !== height,
      },
    };
  } catch (error) {
    session.check();
    throw session.failure(`the provider returned an unreadable image (${(error as Error).message})`);
  }
}

/** Caller-supplied bytes as a PNG: what a data URL or an upload declares as image/png. */
export async function asPng(image: Buffer): Promise<Buffer> {
  const PNG_SIGNATURE = '89504e470d0a1a0a';
  if (image.subarray(0, 8).toString('hex') === PNG_SIGNATURE) return image;
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).png(PNG_OPTIONS).toBuffer();
}

export interface ClipFacts {
  ffmpeg: FfmpegLocation;
  tempDir: string | undefined;
  cameraMove: CameraMove;
  meta: ImageMeta;
}

/**
 * A provider's video written to a temp MP4 and measured with ffmpeg: the clip's facts are what the
 * file holds, not what was asked. The file is removed again when it is not a video.
 */
export async function toRenderedClip(
  session: RemoteSession,
  bytes: Buffer,
  facts: ClipFacts,
): Promise<RenderedClip> {
  const file = path.join(facts.tempDir ?? os.tmpdir(), `reelbench-remote-${randomUUID()}.mp4`);
  await writeFile(file, bytes);
  try {
    const probe = await probeMedia(facts.ffmpeg.path, file).catch(() => undefined);
    if (!probe?.hasVideo || !probe.width || !probe.height || probe.durationSeconds <= 0) {
      throw session.failure('the provider returned no readable video');
    }
    const fps = probe.fps ?? 0;
    return {
      path: file,
      durationSeconds: probe.durationSeconds,
      frames: fps > 0 ? Math.round(probe.durationSeconds * fps) : 0,
      fps,
      width: probe.width,
      height: probe.height,
      cameraMove: facts.cameraMove,
      hasAudio: probe.hasAudio,
      meta: { ...facts.meta, bytes: bytes.length },
    };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/** The shape a prompt image is asked in: a shot's project aspect, or an asset's type. */
export type PromptImageShape = { aspect: AspectRatio } | { assetType: AssetType };

/** One image from a provider: its bytes, the call's session, and what the provider records about it. */
export interface PromptImage {
  session: RemoteSession;
  bytes: Buffer;
  meta: ImageMeta;
}

/**
 * Shot and asset images from a provider that makes one image from a prompt: the prompt is written
 * from the shot or the asset, a shot is cropped to its project's aspect, an asset image records its key.
 */
export function promptImageRenderers(
  generate: (
    prompt: string,
    shape: PromptImageShape,
    signal: AbortSignal | undefined,
  ) => Promise<PromptImage>,
): Pick<GenerationOperations, 'shotImage' | 'assetImage' | 'characterRotation'> {
  async function renderShot(request: ShotImageRequest): Promise<RenderedImage> {
    const prompt = shotPrompt(request);
    const image = await generate(prompt, { aspect: request.aspect }, request.signal);
    return toRenderedImage(image.session, image.bytes, image.meta, ASPECT_VALUES[request.aspect]);
  }

  async function renderAssetImage(
    asset: AssetImageSubject,
    key: string,
    options: AssetImageOptions = {},
  ): Promise<RenderedImage> {
    const prompt = assetPrompt(asset, key, options.prompt);
    const image = await generate(prompt, { assetType: asset.type }, options.signal);
    return toRenderedImage(image.session, image.bytes, { ...image.meta, key });
  }

  const assetImages = { renderAssetImage };
  return { shotImage: { renderShot }, assetImage: assetImages, characterRotation: assetImages };
}
