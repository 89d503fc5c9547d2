import type { ColourGrade, VisualStyle } from '@reelbench/sdk/contract';
import sharp, { type Sharp } from 'sharp';
import { parse } from '../../common/validation.js';
import {
  FRAME_PNG_OPTIONS,
  fromRaw,
  pngHeaderSize,
  type RawImage,
  readImageInfo,
  readingImage,
  toRaw,
} from '../../media/sharp-io.js';
import { renderFailure } from '../generation.errors.js';
import {
  FRAME_SIZES,
  type FramePlacement,
  type FrameRenderInput,
  frameRenderInputSchema,
  type RenderedImage,
} from '../generation.types.js';
import { stageBackdropBody } from './backdrops.js';
import { moveMarkup, povMarkup } from './frame-marks.js';
import { FRAMING_ZOOM } from './framing.js';
import { hasTransparency, matteRgba } from './matte.js';
import {
  applyGrade,
  blendTile,
  enlargeGraded,
  type GradeMap,
  gradeMap,
  shadeRows,
  type Tile,
} from './pixels.js';
import { contentKey, framePixelCache } from './render-cache.js';
import { type SetSpec, setBody, surfaceBody } from './sets.js';
import { PLACEMENT_BASE_SIZE, silhouetteShape } from './silhouettes.js';
import { gradeOf, STYLE_GRADES, type StyleGrade } from './style-grade.js';
import { dataUri, num, svgDocument } from './svg.js';
import { fitText, type TextStyle, textPathData, wrapText } from './text-paths.js';

/** Cut-outs are embedded at most this many pixels on their longest side; larger ones are scaled by the SVG. */
const CUTOUT_MAX_EMBED = 2048;
/** Cut-outs whose diagonal exceeds this many frame sides go through the SVG renderer, which clips. */
const RASTER_CUTOUT_LIMIT = 2;
const ACTION_MAX_LINES = 2;
/**
 * Cut-outs are scaled with the Mitchell filter: measured on 768x1024 cut-outs drawn at about 60%,
 * it costs 12% less CPU than sharp's default Lanczos-3 and looks the same at that size (a little
 * less ringing at hard edges). Decoding and scaling stay one libvips pipeline, off the JavaScript
 * thread (a JavaScript area-average shrink measured faster alone, but not inside whole renders).
 */
const CUTOUT_RESIZE = { fit: 'fill', kernel: 'mitchell' } as const;
const LOCATION_IMAGE = 'The location image';

interface Size {
  width: number;
  height: number;
}

/** The grade a frame is drawn with, and a key naming it for the pixel cache. */
interface FrameLook {
  grade: StyleGrade;
  key: string;
}

function frameLook(style: VisualStyle, grade: ColourGrade | undefined): FrameLook {
  if (grade === undefined) return { grade: STYLE_GRADES[style], key: style };
  return { grade: gradeOf(grade), key: JSON.stringify(grade) };
}

/** The backdrop framed and graded for the style, prepared once per image, framing and style. */
async function backdropPixels(backdrop: Buffer | null, frame: Size, zoom: number, look: FrameLook) {
  const source = backdrop ? contentKey(backdrop) : 'stage';
  const key = `backdrop:${source}:${frame.width}x${frame.height}@${zoom}:${look.key}`;
  const shared = await framePixelCache.remember(key, () =>
    gradedBackdrop(backdrop, frame, zoom, gradeMap(look.grade, frame.width, frame.height)),
  );
  // The frame is drawn into this buffer, so it gets its own copy.
  return { data: Buffer.from(shared.data), info: shared.info };
}

/** The set drawn through the camera: zoomed about the centre (vector, so a close framing stays sharp). */
function framedSetBody(set: SetSpec, frame: Size, zoom: number, insert: boolean): string {
  const { width, height } = frame;
  // An insert is a close look at a thing: it lies on the set's table top or ground.
  if (insert) return surfaceBody(set, width, height);
  // Further back than the layout: the set is drawn for a larger frame (its geometry follows the size) and scaled down.
  if (zoom < 1)
    return `<g transform="scale(${num(zoom, 4)})">${setBody(set, width / zoom, height / zoom)}</g>`;
  const cx = num(width / 2);
  const cy = num(height / 2);
  return `<g transform="translate(${cx},${cy}) scale(${num(zoom, 4)}) translate(-${cx},-${cy})">${setBody(set, width, height)}</g>`;
}

/** A location's set (no image yet) framed and graded, prepared once per set, framing and style. */
async function setPixels(set: SetSpec, frame: Size, zoom: number, insert: boolean, look: FrameLook) {
  const key = `set:${set.kind}:${set.interior}:${set.light}:${set.seed}:${insert ? 'surface' : 'set'}:${frame.width}x${frame.height}@${zoom}:${look.key}`;
  const shared = await framePixelCache.remember(key, async () => {
    const svg = svgDocument(frame.width, frame.height, framedSetBody(set, frame, zoom, insert));
    const raw = await toRaw(sharp(svg).flatten({ background: '#000000' }).toColourspace('srgb'));
    applyGrade(raw.data, frame.width, frame.height, gradeMap(look.grade, frame.width, frame.height));
    return raw;
  });
  return { data: Buffer.from(shared.data), info: shared.info };
}

/** The centre part of the source that the frame shows at a zoom of 1 or more. */
function zoomRegion(source: Size, frame: Size, zoom: number) {
  const cover = Math.max((frame.width * zoom) / source.width, (frame.height * zoom) / source.height);
  const width = Math.min(source.width, Math.max(1, Math.round(frame.width / cover)));
  const height = Math.min(source.height, Math.max(1, Math.round(frame.height / cover)));
  return {
    left: Math.floor((source.width - width) / 2),
    top: Math.floor((source.height - height) / 2),
    width,
    height,
  };
}

/**
 * The backdrop seen through the camera, scaled by the zoom about the centre, and graded: above 1
 * the centre region the frame shows is cut out of the source first (cheaper than scaling the whole
 * source up); below 1 the scaled source is mirrored out to fill the frame. A region no larger than
 * the frame (the usual case: a location image at frame size seen through a closer framing) is
 * decoded once and enlarged and graded by enlargeGraded in one pass.
 */
async function gradedBackdrop(backdrop: Buffer | null, frame: Size, zoom: number, grade: GradeMap) {
  const info = backdrop
    ? (pngHeaderSize(backdrop, LOCATION_IMAGE) ?? (await readImageInfo(backdrop, LOCATION_IMAGE)))
    : { width: frame.width, height: frame.height };
  const source = sharp(
    backdrop ?? svgDocument(frame.width, frame.height, stageBackdropBody(frame.width, frame.height)),
  );
  let framed: Sharp;
  if (zoom >= 1) {
    const region = zoomRegion(info, frame, zoom);
    if (region.width <= frame.width && region.height <= frame.height) {
      const cut = await readingImage(LOCATION_IMAGE, () =>
        toRaw(source.extract(region).toColourspace('srgb')),
      );
      const pixels = { data: cut.data, ...cut.info };
      const data = enlargeGraded(pixels, frame.width, frame.height, grade);
      return { data, info: { width: frame.width, height: frame.height, channels: 3 } } satisfies RawImage;
    }
    framed = source.extract(region).resize(frame.width, frame.height, { fit: 'fill', kernel: 'lanczos3' });
  } else {
    const width = Math.max(1, Math.round(frame.width * zoom));
    const height = Math.max(1, Math.round(frame.height * zoom));
    const left = Math.floor((frame.width - width) / 2);
    const top = Math.floor((frame.height - height) / 2);
    framed = source.resize(width, height, { fit: 'cover' }).extend({
      left,
      top,
      right: frame.width - width - left,
      bottom: frame.height - height - top,
      extendWith: 'mirror',
    });
  }
  const raw = await readingImage(LOCATION_IMAGE, () =>
    toRaw(framed.flatten({ background: '#000000' }).removeAlpha().toColourspace('srgb')),
  );
  applyGrade(raw.data, frame.width, frame.height, grade);
  return raw;
}

interface PlacementBox {
  cx: number;
  cy: number;
  size: number;
}

/** Where a placement lands once the camera zooms about the frame centre. */
function placementBox(placement: FramePlacement, frame: Size, zoom: number): PlacementBox {
  const unit = Math.sqrt(frame.width * frame.height);
  return {
    cx: frame.width / 2 + zoom * (placement.x * frame.width - frame.width / 2),
    cy: frame.height / 2 + zoom * (placement.y * frame.height - frame.height / 2),
    size: unit * PLACEMENT_BASE_SIZE[placement.type] * placement.scale * zoom,
  };
}

function isOffscreen({ cx, cy, size }: PlacementBox, frame: Size): boolean {
  // The box is a square of side `size`; any rotation stays within half its diagonal.
  const reach = size * Math.SQRT1_2;
  return cx + reach < 0 || cy + reach < 0 || cx - reach > frame.width || cy - reach > frame.height;
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function reachOf({ cx, cy, size }: PlacementBox): Bounds {
  const reach = size * Math.SQRT1_2;
  return { left: cx - reach, top: cy - reach, right: cx + reach, bottom: cy + reach };
}

/** One step of the scene in paint order: SVG markup, or a cut-out that sharp is rasterising. */
type Layer = { kind: 'vector'; markup: string; bounds: Bounds } | { kind: 'raster'; tile: Promise<Tile> };

/**
 * Marks a promise as handled, so that a failure while the renderer is still awaiting an earlier
 * step is not an unhandled rejection; it is reported where the promise is awaited.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * An unturned stand-in stays inside its box, and a person within the middle 64% of its width, so
 * its tile (drawn and blended pixel by pixel) is that much smaller than the turned box's reach.
 */
function uprightReach(placement: FramePlacement, { cx, cy, size }: PlacementBox): Bounds {
  const half = size * (placement.type === 'character' ? 0.32 : 0.5) + size * 0.01;
  const tall = size * 0.51;
  return { left: cx - half, top: cy - tall, right: cx + half, bottom: cy + tall };
}

function silhouetteLayer(placement: FramePlacement, box: PlacementBox, closeUp: boolean): Layer {
  const transform = `translate(${num(box.cx)},${num(box.cy)}) rotate(${num(placement.rotation)}) scale(${num(box.size / 100, 4)})`;
  const markup = `<g transform="${transform}">${silhouetteShape(placement.type, placement.name, placement.direction, placement.description ?? null, closeUp)}</g>`;
  return {
    kind: 'vector',
    markup,
    bounds: placement.rotation % 360 === 0 ? uprightReach(placement, box) : reachOf(box),
  };
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * The cut-out fitted into the placement's square box and turned about its centre. Usually sharp
 * rasterises it straight into a tile; one far larger than the frame (a big scale in a close framing)
 * is embedded in the SVG instead, which draws only the part inside the frame. An opaque image (a
 * sheet not cut out yet) is matted from its border colour at the size it is drawn.
 */
async function cutoutLayer(image: Buffer, placement: FramePlacement, box: PlacementBox, frame: Size) {
  const what = `The image of ${placement.name || 'a placed asset'}`;
  const info = pngHeaderSize(image, what) ?? (await readImageInfo(image, what));
  const fit = box.size / Math.max(info.width, info.height);
  const width = Math.max(1, Math.round(info.width * fit));
  const height = Math.max(1, Math.round(info.height * fit));
  if (Math.hypot(width, height) > RASTER_CUTOUT_LIMIT * Math.max(frame.width, frame.height)) {
    return embeddedCutout(image, what, placement, box, { width, height });
  }
  const tile = rasterCutout(image, what, placement, box, { width, height });
  return { kind: 'raster', tile: awaitedLater(tile) } satisfies Layer;
}

/** The cut-out scaled (and matted, and turned), centred on the placement's box. */
async function rasterCutout(
  image: Buffer,
  what: string,
  placement: FramePlacement,
  box: PlacementBox,
  size: Size,
) {
  const { width, height } = size;
  const key = `cutout:${contentKey(image)}:${width}x${height}@${placement.rotation}`;
  const { data, info } = await framePixelCache.remember(key, async () => {
    const fitted = await readingImage(what, () =>
      toRaw(sharp(image).toColourspace('srgb').ensureAlpha().resize(width, height, CUTOUT_RESIZE)),
    );
    if (!hasTransparency(fitted.data)) matteRgba(fitted.data, width, height);
    if (placement.rotation % 360 === 0) return fitted;
    return toRaw(fromRaw(fitted).rotate(placement.rotation, { background: TRANSPARENT }));
  });
  const left = Math.round(box.cx - info.width / 2);
  const top = Math.round(box.cy - info.height / 2);
  return { data, width: info.width, height: info.height, left, top } satisfies Tile;
}

async function embeddedCutout(
  image: Buffer,
  what: string,
  placement: FramePlacement,
  box: PlacementBox,
  size: Size,
) {
  const embed = Math.min(1, CUTOUT_MAX_EMBED / Math.max(size.width, size.height));
  const png = await readingImage(what, () =>
    sharp(image)
      .resize(Math.max(1, Math.round(size.width * embed)), Math.max(1, Math.round(size.height * embed)), {
        fit: 'fill',
      })
      .png({ compressionLevel: 1, adaptiveFiltering: false })
      .toBuffer(),
  );
  const markup = `<image href="${dataUri(png)}" x="${num(box.cx - size.width / 2)}" y="${num(box.cy - size.height / 2)}" width="${size.width}" height="${size.height}" preserveAspectRatio="none" transform="rotate(${num(placement.rotation)} ${num(box.cx)} ${num(box.cy)})"/>`;
  return { kind: 'vector', markup, bounds: reachOf(box) } satisfies Layer;
}

/** The out-of-focus shoulder and head of the character in the foreground of an over-the-shoulder shot. */
function foregroundShoulder({ width, height }: Size): Layer {
  const side = Math.min(width, height);
  const markup = `<g fill="#141416" fill-opacity="0.94"><ellipse cx="${num(width * 0.13)}" cy="${num(height * 0.62)}" rx="${num(side * 0.16)}" ry="${num(side * 0.2)}"/><ellipse cx="${num(width * 0.08)}" cy="${num(height + side * 0.12)}" rx="${num(side * 0.42)}" ry="${num(side * 0.4)}"/></g>`;
  return {
    kind: 'vector',
    markup,
    bounds: { left: 0, top: height * 0.4, right: width * 0.5, bottom: height },
  };
}

/** The smallest whole-pixel rectangle inside the frame that holds every bound. */
function unionInFrame(bounds: Bounds[], { width, height }: Size): Bounds {
  return {
    left: Math.max(0, Math.floor(Math.min(...bounds.map((b) => b.left)))),
    top: Math.max(0, Math.floor(Math.min(...bounds.map((b) => b.top)))),
    right: Math.min(width, Math.ceil(Math.max(...bounds.map((b) => b.right)))),
    bottom: Math.min(height, Math.ceil(Math.max(...bounds.map((b) => b.bottom)))),
  };
}

/** Vector markup drawn by one SVG render into RGBA pixels covering just the area. */
function rasterArea(markup: string, area: Bounds): Promise<RawImage> {
  const width = area.right - area.left;
  const height = area.bottom - area.top;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${area.left} ${area.top} ${width} ${height}">${markup}</svg>`,
  );
  return toRaw(sharp(svg).ensureAlpha());
}

/** Consecutive vector layers drawn by one SVG render into a tile covering just their area. */
async function vectorTile(markup: string[], bounds: Bounds[], frame: Size): Promise<Tile | null> {
  const area = unionInFrame(bounds, frame);
  if (area.right <= area.left || area.bottom <= area.top) return null;
  const raw = await rasterArea(markup.join(''), area);
  return { data: raw.data, width: raw.info.width, height: raw.info.height, left: area.left, top: area.top };
}

/**
 * A camera-move mark or the POV frame: the same few pixels for every shot with that move and
 * frame size, so drawn once and kept (each SVG render costs a few milliseconds however small).
 */
async function markTile(mark: { markup: string; bounds: Bounds }, frame: Size): Promise<Tile | null> {
  const area = unionInFrame([mark.bounds], frame);
  if (area.right <= area.left || area.bottom <= area.top) return null;
  const key = `mark:${frame.width}x${frame.height}:${mark.markup}`;
  const raw = await framePixelCache.remember(key, () => rasterArea(mark.markup, area));
  return { data: raw.data, width: raw.info.width, height: raw.info.height, left: area.left, top: area.top };
}

/** The tiles in paint order, each rasterising as soon as it can (vector groups too, not after the cut-outs). */
function paintOrderTiles(layers: Layer[], frame: Size): Promise<Tile | null>[] {
  const tiles: Promise<Tile | null>[] = [];
  let markup: string[] = [];
  let bounds: Bounds[] = [];
  const flush = () => {
    if (markup.length > 0) tiles.push(awaitedLater(vectorTile(markup, bounds, frame)));
    markup = [];
    bounds = [];
  };
  for (const layer of layers) {
    if (layer.kind === 'raster') {
      flush();
      tiles.push(layer.tile);
    } else {
      markup.push(layer.markup);
      bounds.push(layer.bounds);
    }
  }
  flush();
  return tiles;
}

interface Scene {
  /** In paint order; null for a vector group entirely outside the frame. */
  tiles: Promise<Tile | null>[];
  cutouts: number;
  silhouettes: number;
  offscreen: number;
}

/**
 * Placements in list order, then the over-shoulder foreground, as tiles to blend over the backdrop.
 * Resolves once every layer's kind is known; the tiles are still being rasterised.
 */
async function sceneTiles(frame: FrameRenderInput, size: Size, zoom: number): Promise<Scene> {
  const boxes = frame.placements.map((placement) => ({
    placement,
    box: placementBox(placement, size, zoom),
  }));
  const visible = boxes.filter(({ box }) => !isOffscreen(box, size));
  const closeUp = frame.framing === 'close' || frame.framing === 'extreme-close';
  const layers: Layer[] = await Promise.all(
    visible.map(({ placement, box }) =>
      placement.image
        ? cutoutLayer(placement.image, placement, box, size)
        : silhouetteLayer(placement, box, closeUp),
    ),
  );
  // A placed figure seen from behind is the foreground itself; else a generic shoulder stands in.
  const backToCamera = visible.some(({ placement }) => placement.direction === 'back');
  if (frame.framing === 'over-shoulder' && !backToCamera) layers.push(foregroundShoulder(size));
  const tiles = paintOrderTiles(layers, size);
  // What the camera does, over the picture: a subjective frame for a POV, a mark for a move. Each
  // piece is its own small tile (merged with the figures' group it would make that tile the frame's size).
  const marks = moveMarkup(frame.cameraMove ?? null, size);
  if (frame.framing === 'pov') {
    marks.unshift({
      markup: povMarkup(size),
      bounds: { left: 0, top: 0, right: size.width, bottom: size.height },
    });
  }
  for (const mark of marks) tiles.push(awaitedLater(markTile(mark, size)));
  const cutouts = visible.filter(({ placement }) => placement.image !== null).length;
  return { tiles, cutouts, silhouettes: visible.length - cutouts, offscreen: boxes.length - visible.length };
}

/** How much the caption band darkens the frame under it: a black layer at this opacity. */
const BAND_OPACITY = 0.72;

interface Caption {
  /** The text alone, over transparency; null without any text. */
  svg: Buffer | null;
  width: number;
  height: number;
  lines: number;
}

/**
 * The band at the bottom: the shot's name in bold, then its action (or description) on up to two
 * lines. The band's translucent black is not part of the SVG: the renderer darkens those rows
 * itself (the same result, as blending is associative) and SVG-renders only the text.
 */
function caption(shot: FrameRenderInput['shot'], { width, height }: Size): Caption {
  const side = Math.min(width, height);
  const padding = Math.round(side * 0.022);
  const nameStyle: TextStyle = { size: Math.round(side * 0.04), weight: 'bold' };
  const actionStyle: TextStyle = { size: Math.round(side * 0.029), weight: 'regular' };
  const maxWidth = width - 2 * padding;
  const name = fitText(shot.name, maxWidth, nameStyle);
  const action = wrapText(shot.action ?? shot.description ?? '', maxWidth, actionStyle, ACTION_MAX_LINES);
  const nameLine = nameStyle.size * 1.2;
  const actionLine = actionStyle.size * 1.35;
  const bandHeight = Math.round(2 * padding + nameLine + action.length * actionLine);
  const nameBaseline = padding + nameStyle.size * 0.95;
  const actionPaths = action
    .map((line, index) => textPathData(line, padding, nameBaseline + actionLine * (index + 1), actionStyle))
    .join('');
  const body = [
    name === '' ? '' : `<path d="${textPathData(name, padding, nameBaseline, nameStyle)}" fill="#ffffff"/>`,
    actionPaths === '' ? '' : `<path d="${actionPaths}" fill="#d4d4d4"/>`,
  ].join('');
  const svg = body === '' ? null : svgDocument(width, bandHeight, body);
  return { svg, width, height: bandHeight, lines: 1 + action.length };
}

/** The caption band laid out, and its text rasterised. */
async function captionPixels(shot: FrameRenderInput['shot'], size: Size) {
  const band = caption(shot, size);
  return { band, text: band.svg ? await toRaw(sharp(band.svg).ensureAlpha()) : null };
}

/**
 * Renders one storyboard frame: backdrop through the framing's zoom, placements as cut-outs or
 * silhouettes, the style's grade and vignette, then the caption band. Pure: the same input gives
 * the same PNG bytes.
 */
export async function renderFrame(input: FrameRenderInput): Promise<RenderedImage> {
  const frame = parse(frameRenderInputSchema, input);
  const size = FRAME_SIZES[frame.aspect];
  const zoom = FRAMING_ZOOM[frame.framing];
  const look = frameLook(frame.style, frame.grade);
  try {
    // The images start decoding (on libvips threads) before the caption's text is laid out here,
    // and each tile is blended as soon as it and everything under it are ready.
    const backdropReady = awaitedLater(
      !frame.backdrop && frame.set
        ? setPixels(frame.set, size, zoom, frame.framing === 'insert', look)
        : backdropPixels(frame.backdrop, size, zoom, look),
    );
    const sceneReady = awaitedLater(sceneTiles(frame, size, zoom));
    const captionReady = awaitedLater(captionPixels(frame.shot, size));
    const scene = await sceneReady;
    const backdrop = await backdropReady;
    const pixels = backdrop.data;
    const grade = gradeMap(look.grade, size.width, size.height);
    for (const pending of scene.tiles) {
      const tile = await pending;
      if (tile) blendTile(pixels, size.width, size.height, tile, grade);
    }
    const { band, text } = await captionReady;
    const bandTop = size.height - band.height;
    shadeRows(pixels, size.width, bandTop, band.height, 1 - BAND_OPACITY);
    if (text) {
      blendTile(pixels, size.width, size.height, {
        data: text.data,
        width: band.width,
        height: band.height,
        left: 0,
        top: bandTop,
      });
    }
    const png = await fromRaw(backdrop).png(FRAME_PNG_OPTIONS).toBuffer();
    return {
      png,
      ...size,
      pixels: backdrop,
      meta: {
        renderer: 'local',
        aspect: frame.aspect,
        framing: frame.framing,
        zoom,
        style: frame.style,
        graded: frame.grade === undefined ? 'built-in' : 'package',
        backdrop: frame.backdrop ? 'image' : frame.set ? 'set' : 'stage',
        ...(!frame.backdrop && frame.set ? { set: frame.set.kind, light: frame.set.light } : {}),
        cutouts: scene.cutouts,
        silhouettes: scene.silhouettes,
        offscreen: scene.offscreen,
        captionLines: band.lines,
      },
    };
  } catch (error) {
    throw renderFailure(error);
  }
}
