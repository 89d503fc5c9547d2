import type { StoryboardLayout } from '@reelbench/sdk/contract';
import {
  fitText,
  PdfDocument,
  type PdfJpeg,
  type PdfPage,
  type Rgb,
  textWidth,
  wrapText,
} from './pdf-writer.js';

/** One event of the cut as the storyboard prints it. */
export interface StoryboardShot {
  /** 1-based event number. */
  number: number;
  name: string;
  take: number;
  durationFrames: number;
  framing: string | null;
  cameraMove: string | null;
  scriptText: string | null;
  /** The scene the shot belongs to, printed where a new scene starts. */
  sceneHeading: string | null;
  frame: PdfJpeg | null;
}

export interface StoryboardInput {
  title: string;
  /** e.g. "Cut v3 · 24 fps". */
  subtitle: string;
  frameRate: number;
  layout: StoryboardLayout;
  shots: StoryboardShot[];
}

/** A4 landscape, in points. */
export const PAGE = { width: 842, height: 595, margin: 36 } as const;
/** Contact sheet: a grid of 4 × 3 frames a page. */
export const CONTACT_GRID = { columns: 4, rows: 3 } as const;
const FRAME_ASPECT = 16 / 9;

const INK: Rgb = [0.1, 0.1, 0.12];
const MUTED: Rgb = [0.42, 0.42, 0.46];
const ACCENT: Rgb = [0.13, 0.36, 0.78];
const RULE: Rgb = [0.82, 0.82, 0.85];
const FRAME_BACK: Rgb = [0.16, 0.16, 0.18];
const EMPTY_BACK: Rgb = [0.93, 0.93, 0.95];

/** How many pages a storyboard of `shots` shots has in a layout (an empty cut still gets one page). */
export function storyboardPageCount(layout: StoryboardLayout, shots: number): number {
  if (layout === 'pages') return Math.max(1, shots);
  return Math.max(1, Math.ceil(shots / (CONTACT_GRID.columns * CONTACT_GRID.rows)));
}

/** "2.5 s · 60 fr" */
export function formatDuration(frames: number, frameRate: number): string {
  const seconds = frames / frameRate;
  const shown = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(2).replace(/0$/, '');
  return `${shown} s · ${frames} fr`;
}

function details(shot: StoryboardShot, frameRate: number): string {
  return [formatDuration(shot.durationFrames, frameRate), shot.framing, shot.cameraMove]
    .filter((part): part is string => Boolean(part && part.trim() !== ''))
    .join(' · ');
}

/** The frame fitted inside the box (aspect kept, centred), or a labelled empty box. */
function drawFrame(
  doc: PdfDocument,
  page: PdfPage,
  shot: StoryboardShot,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  if (shot.frame === null) {
    page.rect(x, y, w, h, { fill: EMPTY_BACK, stroke: RULE });
    const label = 'No frame yet';
    page.text(label, x + 8, y + h / 2 - 5, { size: 9, color: MUTED });
    return;
  }
  page.rect(x, y, w, h, { fill: FRAME_BACK });
  const scale = Math.min(w / shot.frame.width, h / shot.frame.height);
  const iw = shot.frame.width * scale;
  const ih = shot.frame.height * scale;
  page.image(doc.addJpeg(shot.frame), x + (w - iw) / 2, y + (h - ih) / 2, iw, ih);
}

function header(page: PdfPage, input: StoryboardInput, pageNumber: number, pageCount: number) {
  const { margin, width, height } = PAGE;
  page.text(fitText(input.title, 'bold', 16, width - 2 * margin - 160), margin, margin - 8, {
    size: 16,
    font: 'bold',
    color: INK,
  });
  page.text(fitText(input.subtitle, 'regular', 9, width - 2 * margin), margin, margin + 14, {
    size: 9,
    color: MUTED,
  });
  page.rect(margin, margin + 30, width - 2 * margin, 0.75, { fill: RULE });
  const folio = `Page ${pageNumber} of ${pageCount}`;
  page.text(folio, width - margin - textWidth(folio, 'regular', 8), height - 22, { size: 8, color: MUTED });
}

function contactSheet(doc: PdfDocument, input: StoryboardInput): void {
  const { margin, width } = PAGE;
  const { columns, rows } = CONTACT_GRID;
  const gap = 16;
  const cellWidth = (width - 2 * margin - (columns - 1) * gap) / columns;
  const frameHeight = cellWidth / FRAME_ASPECT;
  const cellHeight = frameHeight + 52;
  const top = margin + 42;
  const perPage = columns * rows;
  const pageCount = storyboardPageCount('contact', input.shots.length);
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex += 1) {
    const page = doc.addPage(PAGE.width, PAGE.height);
    header(page, input, pageIndex + 1, pageCount);
    if (input.shots.length === 0) {
      page.text('This cut has no shots.', margin, top + 10, { size: 11, color: MUTED });
    }
    input.shots.slice(pageIndex * perPage, (pageIndex + 1) * perPage).forEach((shot, index) => {
      const x = margin + (index % columns) * (cellWidth + gap);
      const y = top + Math.floor(index / columns) * (cellHeight + 8);
      let line = y;
      if (shot.sceneHeading) {
        page.text(fitText(shot.sceneHeading, 'bold', 7.5, cellWidth), x, line, {
          size: 7.5,
          font: 'bold',
          color: ACCENT,
        });
      }
      line += 11;
      drawFrame(doc, page, shot, x, line, cellWidth, frameHeight);
      line += frameHeight + 4;
      page.text(fitText(`${shot.number}. ${shot.name}`, 'bold', 9, cellWidth), x, line, {
        size: 9,
        font: 'bold',
      });
      line += 11;
      page.text(fitText(details(shot, input.frameRate), 'regular', 7.5, cellWidth), x, line, {
        size: 7.5,
        color: MUTED,
      });
      line += 10;
      for (const text of wrapText(shot.scriptText ?? '', 'regular', 7.5, cellWidth, 2)) {
        page.text(text, x, line, { size: 7.5 });
        line += 9;
      }
    });
  }
}

function onePerPage(doc: PdfDocument, input: StoryboardInput): void {
  const { margin, width, height } = PAGE;
  const pageCount = storyboardPageCount('pages', input.shots.length);
  if (input.shots.length === 0) {
    const page = doc.addPage(width, height);
    header(page, input, 1, 1);
    page.text('This cut has no shots.', margin, margin + 52, { size: 11, color: MUTED });
    return;
  }
  const frameWidth = 520;
  const frameHeight = frameWidth / FRAME_ASPECT;
  const side = margin + frameWidth + 20;
  const sideWidth = width - margin - side;
  input.shots.forEach((shot, index) => {
    const page = doc.addPage(width, height);
    header(page, input, index + 1, pageCount);
    let top = margin + 42;
    if (shot.sceneHeading) {
      page.text(fitText(shot.sceneHeading, 'bold', 12, width - 2 * margin), margin, top, {
        size: 12,
        font: 'bold',
        color: ACCENT,
      });
    }
    top += 20;
    drawFrame(doc, page, shot, margin, top, frameWidth, frameHeight);
    let line = top;
    page.text(`Shot ${shot.number}`, side, line, { size: 9, color: MUTED });
    line += 13;
    for (const text of wrapText(shot.name, 'bold', 16, sideWidth, 3)) {
      page.text(text, side, line, { size: 16, font: 'bold' });
      line += 20;
    }
    line += 6;
    const facts: [string, string | null][] = [
      ['Duration', formatDuration(shot.durationFrames, input.frameRate)],
      ['Take', String(shot.take)],
      ['Framing', shot.framing],
      ['Camera', shot.cameraMove],
    ];
    for (const [label, value] of facts) {
      if (!value) continue;
      page.text(label, side, line, { size: 8, color: MUTED });
      page.text(fitText(value, 'regular', 11, sideWidth - 60), side + 60, line - 1, { size: 11 });
      line += 17;
    }
    const scriptTop = top + frameHeight + 18;
    if (shot.scriptText && shot.scriptText.trim() !== '') {
      page.text('Script', margin, scriptTop, { size: 8, color: MUTED });
      const lines = wrapText(shot.scriptText, 'regular', 11, width - 2 * margin, 8);
      lines.forEach((text, lineIndex) => {
        page.text(text, margin, scriptTop + 12 + lineIndex * 14, { size: 11 });
      });
    }
  });
}

/** The storyboard of a cut as a PDF file: a contact sheet of 12 frames a page, or one shot a page. */
export function storyboardPdf(input: StoryboardInput): Buffer {
  const doc = new PdfDocument({ title: `${input.title} storyboard`, creator: 'Reelbench' });
  if (input.layout === 'contact') contactSheet(doc, input);
  else onePerPage(doc, input);
  return doc.toBuffer();
}
