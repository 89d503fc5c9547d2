/**
 * Fountain emphasis: `*italic*`, `**bold**`, `***bold italic***`, `_underline_`, and `\*` / `\_`
 * to write the character itself. Markers never span lines; an unpaired marker is literal text.
 */
export interface EmphasisSpan {
  /** Offsets into the text without markers. */
  start: number;
  end: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

export interface EmphasisResult {
  text: string;
  spans: EmphasisSpan[];
}

interface Marker {
  kind: 'star' | 'under';
  size: number;
  /** Index into the line where the marker starts. */
  at: number;
  paired: boolean;
}

const STAR = '*'.charCodeAt(0);
const UNDERSCORE = '_'.charCodeAt(0);
const BACKSLASH = '\\'.charCodeAt(0);

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || Number.isNaN(code);
}

/** Only `\*`, `\_` and `\\` are escapes; any other backslash is literal (C:\Users). */
function isEscape(line: string, i: number): boolean {
  if (line.charCodeAt(i) !== BACKSLASH) return false;
  const next = line.charCodeAt(i + 1);
  return next === STAR || next === UNDERSCORE || next === BACKSLASH;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

/** Finds the markers of one line and pairs openers with closers, innermost first. */
function pairMarkers(line: string): Marker[] {
  const markers: Marker[] = [];
  const open: Marker[] = [];
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (isEscape(line, i)) {
      i++;
      continue;
    }
    if (code !== STAR && code !== UNDERSCORE) continue;
    let size = 1;
    if (code === STAR) while (line.charCodeAt(i + size) === STAR) size++;
    const marker: Marker = { kind: code === STAR ? 'star' : 'under', size, at: i, paired: false };
    markers.push(marker);
    i += size - 1;
    if (marker.kind === 'star' && size > 3) continue;
    const before = line.charCodeAt(marker.at - 1);
    const after = line.charCodeAt(marker.at + size);
    const wordBoundaryBefore = marker.kind === 'star' || !isWordChar(before);
    const wordBoundaryAfter = marker.kind === 'star' || !isWordChar(after);
    const canClose = !isSpace(before) && wordBoundaryAfter;
    const canOpen = !isSpace(after) && wordBoundaryBefore;
    const opener = canClose ? findOpener(open, marker) : -1;
    if (opener >= 0) {
      const start = open[opener];
      if (start) start.paired = true;
      marker.paired = true;
      open.length = opener;
    } else if (canOpen) {
      open.push(marker);
    }
  }
  return markers;
}

/** How far down the stack of open markers a closer looks, so a hostile line stays linear. */
const OPENER_SEARCH_DEPTH = 32;

function findOpener(open: Marker[], closer: Marker): number {
  for (let k = open.length - 1; k >= 0 && k >= open.length - OPENER_SEARCH_DEPTH; k--) {
    const candidate = open[k];
    if (candidate && candidate.kind === closer.kind && candidate.size === closer.size) return k;
  }
  return -1;
}

interface StyleState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

function toggle(state: StyleState, marker: Marker): void {
  if (marker.kind === 'under') state.underline = !state.underline;
  else {
    if (marker.size >= 2) state.bold = !state.bold;
    if (marker.size !== 2) state.italic = !state.italic;
  }
}

function pushSpan(spans: EmphasisSpan[], start: number, end: number, state: StyleState): void {
  if (end <= start || !(state.bold || state.italic || state.underline)) return;
  const last = spans[spans.length - 1];
  if (
    last &&
    last.end === start &&
    last.bold === state.bold &&
    last.italic === state.italic &&
    last.underline === state.underline
  ) {
    last.end = end;
    return;
  }
  spans.push({ start, end, ...state });
}

function hasEmphasisSyntax(text: string): boolean {
  return text.includes('*') || text.includes('_') || text.includes('\\');
}

/** The text without emphasis markers or escapes, and where each emphasised stretch is. */
export function emphasisSpans(text: string): EmphasisResult {
  if (!hasEmphasisSyntax(text)) return { text, spans: [] };
  const out: string[] = [];
  const spans: EmphasisSpan[] = [];
  let offset = 0;
  const lines = text.split('\n');
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] ?? '';
    if (l > 0) {
      out.push('\n');
      offset++;
    }
    const state: StyleState = { bold: false, italic: false, underline: false };
    const markers = pairMarkers(line);
    let m = 0;
    let segmentStart = offset;
    for (let i = 0; i < line.length; i++) {
      const marker = markers[m];
      if (marker && marker.at === i) {
        m++;
        if (marker.paired) {
          pushSpan(spans, segmentStart, offset, state);
          toggle(state, marker);
          segmentStart = offset;
          i += marker.size - 1;
          continue;
        }
        const literal = line.slice(i, i + marker.size);
        out.push(literal);
        offset += literal.length;
        i += marker.size - 1;
        continue;
      }
      if (isEscape(line, i)) i++;
      out.push(line[i] ?? '');
      offset++;
    }
    pushSpan(spans, segmentStart, offset, state);
  }
  return { text: out.join(''), spans };
}

export function stripEmphasis(text: string): string {
  return hasEmphasisSyntax(text) ? emphasisSpans(text).text : text;
}

/** Removes every `open ... close` stretch (inline notes, inline boneyard); an unclosed one stays. */
function removeDelimited(text: string, open: string, close: string): string {
  let from = text.indexOf(open);
  if (from < 0) return text;
  const parts: string[] = [];
  let kept = 0;
  while (from >= 0) {
    const to = text.indexOf(close, from + open.length);
    if (to < 0) break;
    parts.push(text.slice(kept, from));
    kept = to + close.length;
    from = text.indexOf(open, kept);
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

/** What a reader sees: no inline notes, no inline boneyard, no emphasis markers. */
export function plainText(text: string): string {
  return stripEmphasis(removeDelimited(removeDelimited(text, '[[', ']]'), '/*', '*/'));
}

/** Words are runs of non-space characters holding at least one letter or digit. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  let hasAlnum = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code === 32 || code === 10 || code === 9 || code === 13) {
      if (inWord && hasAlnum) words++;
      inWord = false;
      hasAlnum = false;
    } else {
      inWord = true;
      if (isWordChar(code)) hasAlnum = true;
    }
  }
  return words;
}
