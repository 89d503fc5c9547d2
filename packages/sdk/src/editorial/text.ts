/** One line of printable text: controls and line breaks become spaces, runs of spaces collapse. */
export function oneLine(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 32 || code === 127 ? ' ' : char;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Text an EDL reader of any age can take: accents folded (é → e), anything else outside printable
 * ASCII replaced by '_', on one line. CMX3600 predates Unicode; the shot ids carry the identity.
 */
const PUNCTUATION: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2026': '...',
  '\u00a0': ' ',
};

export function toEdlText(text: string): string {
  const folded = oneLine(text)
    .replace(
      /[\u2010-\u2015\u2018\u2019\u201a\u201c-\u201e\u2026\u00a0]/g,
      (char) => PUNCTUATION[char] ?? char,
    )
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const char of folded) {
    const code = char.codePointAt(0) ?? 0;
    out += code >= 32 && code < 127 ? char : '_';
  }
  return out;
}

/** A clip name as a matching key: folded like the EDL writes it, lower case, single spaces. */
export function clipNameKey(name: string): string {
  return toEdlText(name).toLowerCase();
}

const TAKE_SUFFIX = /\s*\(take\s+(\d+)\)\s*$/i;

/** "Shot 12 (take 3)" → { name: "Shot 12", take: 3 }; without the suffix, take is undefined. */
export function splitTakeSuffix(label: string): { name: string; take: number | undefined } {
  const match = TAKE_SUFFIX.exec(label);
  if (!match) return { name: label.trim(), take: undefined };
  return { name: label.slice(0, match.index).trim(), take: Number(match[1]) };
}
