import { deflateSync } from 'node:zlib';

/**
 * A minimal PDF 1.4 writer: pages of text in the standard Helvetica faces (WinAnsiEncoding, so no
 * font is embedded) and JPEG images (DCTDecode, the bytes as they are). That is all the storyboard
 * needs; sharp (already a server dependency) turns any stored frame into a JPEG first.
 */

export interface PdfJpeg {
  bytes: Uint8Array;
  /** Pixels. */
  width: number;
  height: number;
}

export type PdfFont = 'regular' | 'bold';

const FONT_NAMES: Record<PdfFont, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const FONT_KEYS: Record<PdfFont, string> = { regular: 'F1', bold: 'F2' };

/** Helvetica advance widths (1/1000 em) of the printable ASCII characters, 32 to 126 (Adobe's AFM). */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Helvetica-Bold runs wider; measuring it as Helvetica scaled by this keeps wrapped lines inside. */
const BOLD_SCALE = 1.1;

/** WinAnsiEncoding's codes 0x80–0x9F for the Unicode characters they stand for. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The WinAnsi byte of a character; '?' for what the standard fonts cannot show. */
function winAnsiCode(char: string): number {
  const code = char.codePointAt(0) ?? 63;
  if (code === 9 || code === 10 || code === 13) return 32;
  if (code >= 32 && code <= 126) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA[char] ?? 63;
}

/** Text as WinAnsi bytes. */
export function encodeWinAnsi(text: string): number[] {
  return Array.from(text, winAnsiCode);
}

/** The advance of one WinAnsi code, in 1/1000 em of Helvetica. */
function advance(code: number): number {
  return HELVETICA[code - 32] ?? 556;
}

/** Width in points of `units` thousandths of an em set in `font` at `size`. */
function points(units: number, font: PdfFont, size: number): number {
  return ((units * size) / 1000) * (font === 'bold' ? BOLD_SCALE : 1);
}

/** Width in points of `text` set in `font` at `size`. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  let units = 0;
  for (const code of encodeWinAnsi(text)) units += advance(code);
  return points(units, font, size);
}

/** The narrowest character's advance: no line `width` points wide holds more characters than this allows. */
const NARROWEST = Math.min(...HELVETICA);

/** How many characters of any text can be seen in `width` points (and one more, to know it was cut). */
function visibleChars(font: PdfFont, size: number, width: number): number {
  return Math.max(0, Math.floor(width / points(NARROWEST, font, size))) + 1;
}

const ELLIPSIS = '…';

/**
 * The longest start of `chars` that fits in `width` points with an ellipsis after it (trailing
 * spaces dropped), in one pass: each character is measured once.
 */
function cutWithEllipsis(chars: readonly string[], font: PdfFont, size: number, width: number): string {
  const room = width - textWidth(ELLIPSIS, font, size);
  let used = 0;
  let end = 0;
  for (const char of chars) {
    const next = used + points(advance(winAnsiCode(char)), font, size);
    if (next > room) break;
    used = next;
    end += 1;
  }
  const kept = chars.slice(0, end).join('').trimEnd();
  return kept === '' ? '' : `${kept}${ELLIPSIS}`;
}

/**
 * `text` (whitespace runs as one space) cut to fit `width`, ending in an ellipsis when it was cut.
 * Linear in what can show: the characters past what a line of that width could hold are never read.
 */
export function fitText(text: string, font: PdfFont, size: number, width: number): string {
  const limit = visibleChars(font, size, width);
  const chars: string[] = [];
  let space = false;
  let more = false;
  for (const char of text) {
    if (/\s/.test(char)) {
      space = chars.length > 0;
      continue;
    }
    if (chars.length + (space ? 1 : 0) >= limit) {
      more = true;
      break;
    }
    if (space) chars.push(' ');
    space = false;
    chars.push(char);
  }
  const clean = chars.join('');
  if (!more && textWidth(clean, font, size) <= width) return clean;
  return cutWithEllipsis(chars, font, size, width);
}

/**
 * Words wrapped into lines of at most `width` points; at most `maxLines`, the last one ending in '…'
 * when text was left out. A word wider than a line goes on over the next lines. Linear in what can
 * show: characters past what `maxLines` lines could ever hold are not looked at, and each of the
 * others is measured once.
 */
export function wrapText(
  text: string,
  font: PdfFont,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  if (maxLines <= 0) return [];
  const budget = visibleChars(font, size, width) * (maxLines + 1);
  const shown = text.length > budget ? text.slice(0, budget) : text;
  let truncated = shown.length < text.length;
  const space = points(advance(32), font, size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const newLine = () => {
    lines.push(line);
    line = '';
    lineWidth = 0;
  };
  for (const paragraph of shown.split(/\r?\n/)) {
    for (const word of paragraph.split(/\s+/)) {
      if (word === '') continue;
      const chars = Array.from(word);
      const widths = chars.map((char) => points(advance(winAnsiCode(char)), font, size));
      const wordWidth = widths.reduce((sum, value) => sum + value, 0);
      if (line !== '' && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') newLine();
      chars.forEach((char, index) => {
        const charWidth = widths[index] ?? 0;
        if (line !== '' && lineWidth + charWidth > width) newLine();
        line += char;
        lineWidth += charWidth;
      });
    }
    newLine();
    if (lines.length > maxLines) break;
  }
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length > maxLines) {
    lines.length = maxLines;
    truncated = true;
  }
  const last = lines.length - 1;
  if (truncated && last >= 0) {
    lines[last] = cutWithEllipsis(Array.from(`${lines[last]} `), font, size, width) || ELLIPSIS;
  }
  return lines;
}

/** A PDF literal string of WinAnsi bytes, with ( ) \ escaped and anything outside ASCII as octal. */
function literal(text: string): string {
  let out = '(';
  for (const code of encodeWinAnsi(text)) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code >= 32 && code <= 126) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/**
 * A PDF text string (the document information: title, creator): printable ASCII as a literal, anything
 * else as UTF-16BE with its byte order mark (PDF 1.4, 3.8.1), so a title's em dash or accents are kept.
 */
export function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (char) => `\\${char}`)})`;
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
  }
  return `<${hex}>`;
}

const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export type Rgb = readonly [number, number, number];

/** One page being drawn: coordinates in points from the top-left corner (PDF's origin is bottom-left). */
export class PdfPage {
  readonly ops: string[] = [];
  readonly images: number[] = [];
  readonly fonts = new Set<PdfFont>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  text(text: string, x: number, y: number, options: { size: number; font?: PdfFont; color?: Rgb }): void {
    if (text === '') return;
    const font = options.font ?? 'regular';
    this.fonts.add(font);
    const [r, g, b] = options.color ?? [0.1, 0.1, 0.12];
    // y is the top of the line: the baseline sits about 0.8 em below it.
    const baseline = this.height - y - options.size * 0.8;
    this.ops.push(
      `BT ${num(r)} ${num(g)} ${num(b)} rg /${FONT_KEYS[font]} ${num(options.size)} Tf ${num(x)} ${num(baseline)} Td ${literal(text)} Tj ET`,
    );
  }

  rect(x: number, y: number, width: number, height: number, style: { fill?: Rgb; stroke?: Rgb }): void {
    const parts = [`${num(x)} ${num(this.height - y - height)} ${num(width)} ${num(height)} re`];
    if (style.fill) parts.unshift(`${style.fill.map(num).join(' ')} rg`);
    if (style.stroke) parts.unshift(`0.75 w ${style.stroke.map(num).join(' ')} RG`);
    const paint = style.fill && style.stroke ? 'B' : style.fill ? 'f' : 'S';
    this.ops.push(`q ${parts.join(' ')} ${paint} Q`);
  }

  /** `image` is an index returned by PdfDocument.addJpeg. */
  image(image: number, x: number, y: number, width: number, height: number): void {
    if (!this.images.includes(image)) this.images.push(image);
    this.ops.push(
      `q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(this.height - y - height)} cm /Im${image} Do Q`,
    );
  }
}

/** Pages and images collected, then written out as one file by `toBuffer`. */
export class PdfDocument {
  readonly pages: PdfPage[] = [];
  private readonly jpegs: PdfJpeg[] = [];

  constructor(private readonly info: { title: string; creator: string }) {}

  addPage(width: number, height: number): PdfPage {
    const page = new PdfPage(width, height);
    this.pages.push(page);
    return page;
  }

  /** The image's index for PdfPage.image; the same image added twice is stored once. */
  addJpeg(jpeg: PdfJpeg): number {
    const known = this.jpegs.indexOf(jpeg);
    if (known >= 0) return known;
    this.jpegs.push(jpeg);
    return this.jpegs.length - 1;
  }

  toBuffer(): Buffer {
    // Object numbers: 1 catalog, 2 pages, 3 info, 4-5 fonts, then the images, then page + content pairs.
    const objects: Buffer[] = [];
    const firstImage = 6;
    const firstPage = firstImage + this.jpegs.length;
    const pageRef = (index: number) => firstPage + index * 2;
    const fontRef: Record<PdfFont, number> = { regular: 4, bold: 5 };

    objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
    objects[2] = Buffer.from(
      `<< /Type /Pages /Count ${this.pages.length} /Kids [${this.pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] >>`,
    );
    objects[3] = Buffer.from(
      `<< /Title ${textString(this.info.title)} /Creator ${textString(this.info.creator)} /Producer ${textString(this.info.creator)} >>`,
    );
    for (const font of ['regular', 'bold'] as const) {
      objects[fontRef[font]] = Buffer.from(
        `<< /Type /Font /Subtype /Type1 /BaseFont /${FONT_NAMES[font]} /Encoding /WinAnsiEncoding >>`,
      );
    }
    this.jpegs.forEach((jpeg, index) => {
      objects[firstImage + index] = stream(
        `/Type /XObject /Subtype /Image /Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
        Buffer.from(jpeg.bytes),
      );
    });
    this.pages.forEach((page, index) => {
      const fonts = [...page.fonts].map((font) => `/${FONT_KEYS[font]} ${fontRef[font]} 0 R`).join(' ');
      const images = page.images.map((image) => `/Im${image} ${firstImage + image} 0 R`).join(' ');
      objects[pageRef(index)] = Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << ${fonts} >> /XObject << ${images} >> >> /Contents ${pageRef(index) + 1} 0 R >>`,
      );
      objects[pageRef(index) + 1] = stream('/Filter /FlateDecode', deflateSync(page.ops.join('\n')));
    });

    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]?.length ?? 0;
    const offsets: number[] = [];
    for (let ref = 1; ref < objects.length; ref += 1) {
      const body = objects[ref] ?? Buffer.from('null');
      const chunk = Buffer.concat([Buffer.from(`${ref} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
      offsets[ref] = offset;
      offset += chunk.length;
      chunks.push(chunk);
    }
    const xref = [
      'xref',
      `0 ${objects.length}`,
      '0000000000 65535 f ',
      ...offsets.slice(1).map((at) => `${String(at).padStart(10, '0')} 00000 n `),
      'trailer',
      `<< /Size ${objects.length} /Root 1 0 R /Info 3 0 R >>`,
      'startxref',
      String(offset),
      '%%EOF',
      '',
    ].join('\n');
    chunks.push(Buffer.from(xref));
    return Buffer.concat(chunks);
  }
}

function stream(dictionary: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`),
    bytes,
    Buffer.from('\nendstream'),
  ]);
}
