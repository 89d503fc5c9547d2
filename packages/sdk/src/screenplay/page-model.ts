import { plainText } from './emphasis.js';
import type { Screenplay, ScriptElement } from './fountain.types.js';
import { continuesDialogue, isPrinted } from './screenplay.model.js';

/**
 * A screenplay page in Courier 12: 55 lines of text, each element printed in a column of a fixed
 * width in characters (US Letter, standard margins). One page is about one minute of screen time.
 */
export const PAGE_LINES = 55;
export const SECONDS_PER_PAGE = 60;
export const SECONDS_PER_LINE = SECONDS_PER_PAGE / PAGE_LINES;

export const ELEMENT_WIDTHS = {
  scene_heading: 60,
  action: 60,
  centered: 60,
  transition: 60,
  character: 38,
  dialogue: 35,
  lyrics: 35,
  parenthetical: 25,
} as const satisfies Partial<Record<ScriptElement['type'], number>>;

/** Greedy word wrap of every line of `text`; a word longer than the width is cut. */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const words = line.split(' ').filter((word) => word !== '');
    if (words.length === 0) {
      out.push('');
      continue;
    }
    let current = '';
    for (let word of words) {
      while (word.length > width) {
        if (current !== '') out.push(current);
        out.push(word.slice(0, width));
        word = word.slice(width);
        current = '';
      }
      if (current === '') current = word;
      else if (current.length + 1 + word.length <= width) current = `${current} ${word}`;
      else {
        out.push(current);
        current = word;
      }
    }
    if (current !== '') out.push(current);
  }
  return out;
}

/** The number of lines `wrapText` gives, without building them. */
export function wrappedLineCount(text: string, width: number): number {
  let lines = 0;
  let current = 0;
  let word = 0;
  const endWord = () => {
    while (word > width) {
      if (current > 0) lines++;
      lines++;
      word -= width;
      current = 0;
    }
    if (word === 0) return;
    if (current === 0) current = word;
    else if (current + 1 + word <= width) current += 1 + word;
    else {
      lines++;
      current = word;
    }
    word = 0;
  };
  let empty = true;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    if (code === 32) {
      endWord();
    } else if (code === 10) {
      endWord();
      if (current > 0 || empty) lines++;
      current = 0;
      empty = true;
    } else {
      word++;
      empty = false;
    }
  }
  return lines;
}

export function printedText(element: ScriptElement): string {
  switch (element.type) {
    case 'character':
      return element.extension ? `${element.name} ${element.extension}` : element.name;
    case 'page_break':
      return '';
    default:
      return plainText(element.text);
  }
}

/** How many printed lines an element takes, blank line before it not included. */
export function elementLines(element: ScriptElement): number {
  if (!isPrinted(element)) return 0;
  const width = ELEMENT_WIDTHS[element.type as keyof typeof ELEMENT_WIDTHS] ?? ELEMENT_WIDTHS.action;
  return wrappedLineCount(printedText(element), width);
}

export interface ElementLayout {
  /** 1-based page the element starts on. */
  page: number;
  /** Line index from the top of page 1 (page × 55 + line on the page), 0-based. */
  position: number;
  lines: number;
}

export interface ScenePages {
  number: number;
  /** 1-based page the scene starts on. */
  page: number;
  position: number;
  lengthLines: number;
  /** Length in eighths of a page, at least 1. */
  lengthEighths: number;
  /** The industry's notation: '3/8', '1', '1 3/8'. */
  eighths: string;
}

export interface PageModel {
  /** Pages used, the last one counted even if partly filled. The title page is not counted. */
  pageCount: number;
  /**
   * Exact length in pages (lines used ÷ 55), the basis of the screen-time estimate; the empty foot of
   * a page before a forced page break is not counted.
   */
  pages: number;
  totalLines: number;
  estimatedScreenTimeSeconds: number;
  /** One entry per element of `screenplay.elements`; null for elements that are not printed. */
  elements: (ElementLayout | null)[];
  scenes: ScenePages[];
}

export function formatEighths(eighths: number): string {
  const whole = Math.floor(eighths / 8);
  const rest = eighths % 8;
  if (rest === 0) return String(whole);
  return whole === 0 ? `${rest}/8` : `${whole} ${rest}/8`;
}

class PageCursor {
  page = 0;
  y = 0;

  get position(): number {
    return this.page * PAGE_LINES + this.y;
  }

  newPage(): void {
    this.page++;
    this.y = 0;
  }
}

/** Lines that must fit with an element: a heading keeps one line of its scene, a cue one of its speech. */
function keepWithNext(element: ScriptElement): number {
  if (element.type === 'scene_heading') return 2;
  if (element.type === 'character') return 1;
  return 0;
}

function isSplittable(element: ScriptElement): boolean {
  return (
    element.type === 'action' ||
    element.type === 'dialogue' ||
    element.type === 'lyrics' ||
    element.type === 'centered'
  );
}

interface LinePoint {
  page: number;
  y: number;
}

/**
 * Dual dialogue is printed side by side: the right half starts level with the left cue and the
 * script continues below the taller half. A left half that crossed a page is simply stacked.
 */
class DualDialogue {
  private leftTop: LinePoint | null = null;
  private leftBottom: LinePoint | null = null;

  /** Before an element is placed; returns true when it starts the right half level with the left. */
  before(cursor: PageCursor, element: ScriptElement): boolean {
    if (this.leftBottom && !continuesDialogue(element)) this.finish(cursor);
    if (element.type !== 'character' || element.dual !== 'right' || !this.leftTop) return false;
    const top = this.leftTop;
    this.leftTop = null;
    if (top.page !== cursor.page) return false;
    this.leftBottom = { page: cursor.page, y: cursor.y };
    cursor.y = top.y;
    return true;
  }

  placed(element: ScriptElement, layout: ElementLayout): void {
    if (element.type === 'character' && element.dual === 'left') {
      this.leftTop = { page: layout.page - 1, y: layout.position % PAGE_LINES };
    }
  }

  finish(cursor: PageCursor): void {
    const bottom = this.leftBottom;
    this.leftBottom = null;
    if (bottom && bottom.page === cursor.page) cursor.y = Math.max(cursor.y, bottom.y);
  }
}

/**
 * Lays the script out page by page: a blank line between blocks (none inside a dialogue block),
 * forced page breaks, headings and cues never left alone at the foot of a page, long action and
 * speeches split across pages (a split speech costs a '(MORE)' line and a repeated cue).
 */
export function paginate(screenplay: Screenplay): PageModel {
  const cursor = new PageCursor();
  const dual = new DualDialogue();
  const layouts: (ElementLayout | null)[] = [];
  const ends: number[] = [];
  /** Lines left empty at the foot of a page by forced breaks: paper, not screen time. */
  let unused = 0;
  for (const element of screenplay.elements) {
    if (!isPrinted(element)) {
      if (element.type === 'page_break' && cursor.y > 0) {
        dual.finish(cursor);
        unused += PAGE_LINES - cursor.y;
        cursor.newPage();
      }
      layouts.push(null);
      ends.push(cursor.position);
      continue;
    }
    const level = dual.before(cursor, element);
    const gap = level || continuesDialogue(element) || cursor.y === 0 ? 0 : 1;
    const lines = elementLines(element);
    const layout = isSplittable(element)
      ? placeSplittable(cursor, element, gap, lines)
      : placeWhole(cursor, element, gap, lines);
    dual.placed(element, layout);
    layouts.push(layout);
    ends.push(cursor.position);
  }
  dual.finish(cursor);
  const totalLines = cursor.position;
  const pages = (totalLines - unused) / PAGE_LINES;
  return {
    pageCount: cursor.y > 0 ? cursor.page + 1 : cursor.page,
    pages,
    totalLines,
    estimatedScreenTimeSeconds: Math.round(pages * SECONDS_PER_PAGE),
    elements: layouts,
    scenes: measureScenes(screenplay, layouts, ends, totalLines),
  };
}

function placeWhole(cursor: PageCursor, element: ScriptElement, gap: number, lines: number): ElementLayout {
  let blank = gap;
  if (cursor.y > 0 && cursor.y + blank + lines + keepWithNext(element) > PAGE_LINES) {
    cursor.newPage();
    blank = 0;
  }
  cursor.y += blank;
  const layout = { page: cursor.page + 1, position: cursor.position, lines };
  cursor.y += lines;
  return layout;
}

function placeSplittable(
  cursor: PageCursor,
  element: ScriptElement,
  gap: number,
  lines: number,
): ElementLayout {
  let blank = gap;
  if (cursor.y > 0 && cursor.y + blank + 1 > PAGE_LINES) {
    cursor.newPage();
    blank = 0;
  }
  cursor.y += blank;
  const layout = { page: cursor.page + 1, position: cursor.position, lines };
  const carriesCue = element.type === 'dialogue';
  let remaining = lines;
  while (cursor.y + remaining > PAGE_LINES) {
    const fits = PAGE_LINES - cursor.y - (carriesCue ? 1 : 0);
    remaining -= Math.max(fits, 1);
    cursor.newPage();
    if (carriesCue) cursor.y = 1;
  }
  cursor.y += remaining;
  return layout;
}

function measureScenes(
  screenplay: Screenplay,
  layouts: readonly (ElementLayout | null)[],
  ends: readonly number[],
  totalLines: number,
): ScenePages[] {
  const starts = screenplay.scenes.map((scene) => layouts[scene.headingIndex]?.position ?? 0);
  return screenplay.scenes.map((scene, index) => {
    const position = starts[index] ?? 0;
    const end = forcedBreakEnd(screenplay, layouts, ends, scene) ?? starts[index + 1] ?? totalLines;
    const lengthLines = Math.max(end - position, 0);
    const lengthEighths = Math.max(1, Math.round((lengthLines / PAGE_LINES) * 8));
    return {
      number: scene.number,
      page: Math.floor(position / PAGE_LINES) + 1,
      position,
      lengthLines,
      lengthEighths,
      eighths: formatEighths(lengthEighths),
    };
  });
}

/**
 * A scene that ends on a forced page break (Fountain '===', Final Draft StartsNewPage) ends with its
 * last printed line: the empty rest of the page belongs to no scene.
 */
function forcedBreakEnd(
  screenplay: Screenplay,
  layouts: readonly (ElementLayout | null)[],
  ends: readonly number[],
  scene: Screenplay['scenes'][number],
): number | undefined {
  let breaks = false;
  for (let i = scene.endIndex - 1; i > scene.headingIndex; i--) {
    const element = screenplay.elements[i];
    if (element?.type === 'page_break') breaks = true;
    if (layouts[i]) return breaks ? ends[i] : undefined;
  }
  return undefined;
}
