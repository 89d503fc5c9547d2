import { ASPECT_RATIOS, type AspectRatio } from '@reelbench/sdk/contract';
import sharp, { type OverlayOptions } from 'sharp';
import { z } from 'zod';
import { parse } from '../../common/validation.js';
import { PNG_OPTIONS, readImageInfo, readingImage } from '../../media/sharp-io.js';
import {
  type CanvasOptions,
  FRAME_SIZES,
  type GridOptions,
  type RenderedImage,
} from '../generation.types.js';

/** Same bounds as the composition:create-grid action of the contract. */
export const COMPOSE_LIMITS = {
  maxImages: 64,
  maxColumns: 8,
  maxGutter: 200,
  minCell: 64,
  maxCell: 2048,
} as const;
const DEFAULT_BACKGROUND = '#101114';
/** A single composition leaves this share of the canvas as margin on each side. */
const SINGLE_MARGIN = 0.04;

const backgroundSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'background must be a #rrggbb colour')
  .default(DEFAULT_BACKGROUND);
const canvasSchema = z.object({
  aspect: z.enum(ASPECT_RATIOS).default('16:9'),
  background: backgroundSchema,
});
const gridSchema = z.object({
  columns: z.number().int().min(1).max(COMPOSE_LIMITS.maxColumns).optional(),
  gutter: z.number().int().min(0).max(COMPOSE_LIMITS.maxGutter).default(16),
  cellAspect: z.enum(ASPECT_RATIOS).default('16:9'),
  cellWidth: z.number().int().min(COMPOSE_LIMITS.minCell).max(COMPOSE_LIMITS.maxCell).default(480),
  background: backgroundSchema,
});
const imageSchema = z.custom<Buffer>(
  (value) => Buffer.isBuffer(value) && value.length > 0,
  'Expected image bytes',
);
const imagesSchema = z
  .array(imageSchema)
  .min(1, 'At least one image is required')
  .max(COMPOSE_LIMITS.maxImages, `At most ${COMPOSE_LIMITS.maxImages} images`);

function cellHeight(width: number, aspect: AspectRatio): number {
  const frame = FRAME_SIZES[aspect];
  return Math.round((width * frame.height) / frame.width);
}

/** The image scaled to fit inside width x height, centred at (left, top) + half the box. */
async function fitted(
  image: Buffer,
  index: number,
  box: { left: number; top: number; width: number; height: number },
) {
  const what = `Image ${index + 1}`;
  const info = await readImageInfo(image, what);
  const scale = Math.min(box.width / info.width, box.height / info.height);
  const width = Math.max(1, Math.round(info.width * scale));
  const height = Math.max(1, Math.round(info.height * scale));
  const input = await readingImage(what, () =>
    sharp(image).resize(width, height, { fit: 'fill' }).png().toBuffer(),
  );
  return {
    input,
    left: box.left + Math.floor((box.width - width) / 2),
    top: box.top + Math.floor((box.height - height) / 2),
  } satisfies OverlayOptions;
}

async function canvas(width: number, height: number, background: string, overlays: OverlayOptions[]) {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .composite(overlays)
    .removeAlpha()
    .png(PNG_OPTIONS)
    .toBuffer();
  return { png, width, height };
}

/** One image centred on a canvas of the aspect's frame size. */
export async function composeSingle(image: Buffer, options: CanvasOptions = {}): Promise<RenderedImage> {
  const checked = parse(imageSchema, image);
  const { aspect, background } = parse(canvasSchema, options);
  const size = FRAME_SIZES[aspect];
  const marginX = Math.round(size.width * SINGLE_MARGIN);
  const marginY = Math.round(size.height * SINGLE_MARGIN);
  const overlay = await fitted(checked, 0, {
    left: marginX,
    top: marginY,
    width: size.width - 2 * marginX,
    height: size.height - 2 * marginY,
  });
  const result = await canvas(size.width, size.height, background, [overlay]);
  return { ...result, meta: { renderer: 'local', composition: 'single', aspect } };
}

/** Each image composed on its own canvas, in order. */
export async function composeBatch(images: Buffer[], options: CanvasOptions = {}): Promise<RenderedImage[]> {
  const checked = parse(imagesSchema, images);
  const results: RenderedImage[] = [];
  for (const image of checked) {
    const single = await composeSingle(image, options);
    results.push({ ...single, meta: { ...single.meta, composition: 'batch', index: results.length } });
  }
  return results;
}

/** N images in a grid, row by row, each fitted into its cell, with gutters between and around. */
export async function composeGrid(images: Buffer[], options: GridOptions = {}): Promise<RenderedImage> {
  const checked = parse(imagesSchema, images);
  const grid = parse(gridSchema, options);
  const columns = Math.min(grid.columns ?? 3, checked.length);
  const rows = Math.ceil(checked.length / columns);
  const cell = { width: grid.cellWidth, height: cellHeight(grid.cellWidth, grid.cellAspect) };
  const width = columns * cell.width + (columns + 1) * grid.gutter;
  const height = rows * cell.height + (rows + 1) * grid.gutter;
  const overlays = await Promise.all(
    checked.map((image, index) =>
      fitted(image, index, {
        left: grid.gutter + (index % columns) * (cell.width + grid.gutter),
        top: grid.gutter + Math.floor(index / columns) * (cell.height + grid.gutter),
        ...cell,
      }),
    ),
  );
  const result = await canvas(width, height, grid.background, overlays);
  return {
    ...result,
    meta: {
      renderer: 'local',
      composition: 'grid',
      columns,
      rows,
      cellWidth: cell.width,
      cellHeight: cell.height,
    },
  };
}
