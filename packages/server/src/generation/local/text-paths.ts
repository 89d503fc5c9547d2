import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Captions are drawn as SVG paths from the DejaVu TTFs shipped in the dejavu-fonts-ttf package, so
 * no system font or fontconfig is involved and every machine renders the same pixels.
 */

interface OpentypePath {
  toPathData(decimalPlaces: number): string;
}

interface OpentypeGlyph {
  advanceWidth?: number;
}

interface OpentypeRenderOptions {
  kerning: boolean;
  features: Record<string, boolean>;
}

interface OpentypeFont {
  unitsPerEm: number;
  charToGlyph(char: string): OpentypeGlyph;
  getPath(text: string, x: number, y: number, fontSize: number, options: OpentypeRenderOptions): OpentypePath;
}

interface OpentypeModule {
  parse(buffer: ArrayBuffer): OpentypeFont;
}

export type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const opentype = require('opentype.js') as OpentypeModule;

const FONT_FILES: Record<FontWeight, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};
const ELLIPSIS = '…';

/**
 * Glyphs are laid out by their advance widths alone (no kerning, no ligatures), so a line's width is
 * the sum of cached per-character advances and matches the drawn path exactly.
 */
const LAYOUT: OpentypeRenderOptions = { kerning: false, features: { liga: false, rlig: false } };

interface LoadedFont {
  font: OpentypeFont;
  /** Advance of each character already seen, in font units. */
  advances: Map<string, number>;
}

const fonts = new Map<FontWeight, LoadedFont>();

function loadedFont(weight: FontWeight): LoadedFont {
  const cached = fonts.get(weight);
  if (cached) return cached;
  const bytes = readFileSync(require.resolve(FONT_FILES[weight]));
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const loaded = { font, advances: new Map<string, number>() };
  fonts.set(weight, loaded);
  return loaded;
}

function advance(loaded: LoadedFont, char: string): number {
  let width = loaded.advances.get(char);
  if (width === undefined) {
    width = loaded.font.charToGlyph(char).advanceWidth ?? 0;
    loaded.advances.set(char, width);
  }
  return width;
}

export interface TextStyle {
  size: number;
  weight: FontWeight;
}

/** One line: control characters and runs of white space become single spaces. */
export function normaliseText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

export function textWidth(text: string, style: TextStyle): number {
  const loaded = loadedFont(style.weight);
  let units = 0;
  for (const char of text) units += advance(loaded, char);
  return (units * style.size) / loaded.font.unitsPerEm;
}

/** The text, or its longest prefix (by code point) plus '…', that fits in maxWidth. */
export function fitText(text: string, maxWidth: number, style: TextStyle): string {
  const line = normaliseText(text);
  if (textWidth(line, style) <= maxWidth) return line;
  const chars = Array.from(line);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}${ELLIPSIS}`;
    if (textWidth(candidate, style) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${chars.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}

/** Greedy word wrap into at most maxLines lines; the last line is cut with '…' when text remains. */
export function wrapText(text: string, maxWidth: number, style: TextStyle, maxLines: number): string[] {
  const words = normaliseText(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      lines.push(fitText(words.slice(index).join(' '), maxWidth, style));
      break;
    }
    let line = words[index] ?? '';
    index += 1;
    while (index < words.length && textWidth(`${line} ${words[index]}`, style) <= maxWidth) {
      line = `${line} ${words[index]}`;
      index += 1;
    }
    lines.push(fitText(line, maxWidth, style));
  }
  return lines.filter((line) => line !== '');
}

/** SVG path data for one line of text with its baseline at (x, y). */
export function textPathData(text: string, x: number, y: number, style: TextStyle): string {
  return loadedFont(style.weight).font.getPath(text, x, y, style.size, LAYOUT).toPathData(2);
}
