/** The runs of letters and digits of a text: 'Dr. Hale' → ['Dr', 'Hale']. */
function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function startsCapital(word: string): boolean {
  const letter = word.match(/\p{L}/u)?.[0];
  return letter !== undefined && letter === letter.toUpperCase() && letter !== letter.toLowerCase();
}

/**
 * Finds known names (characters, props) written in running text: 'Dr. Hale crosses to Eli's car'
 * mentions DR. HALE and ELI. A name matches its words in any case, separated by up to three
 * non-letters; `capitalised` also asks every word to start with a capital, so the character KIT
 * is not the noun 'kit'. One regular expression scans the text; its separators are bounded, so
 * it cannot backtrack over a long line.
 */
export class NameMatcher {
  private readonly pattern: RegExp | null;
  private readonly byWords = new Map<string, string>();

  constructor(
    names: Iterable<string>,
    private readonly capitalised: boolean,
  ) {
    const alternatives: string[][] = [];
    for (const name of names) {
      const parts = words(name);
      if (parts.length === 0) continue;
      this.byWords.set(parts.join(' ').toUpperCase(), name);
      alternatives.push(parts);
    }
    alternatives.sort((a, b) => b.join(' ').length - a.join(' ').length);
    this.pattern =
      alternatives.length === 0
        ? null
        : new RegExp(
            `(?<![\\p{L}\\p{N}])(?:${alternatives
              .map((parts) => parts.map(escapeRegExp).join('[^\\p{L}\\p{N}]{1,3}'))
              .join('|')})(?![\\p{L}\\p{N}])`,
            'giu',
          );
  }

  /** The names found in `text`, each once, in order of first mention. */
  find(text: string): string[] {
    return [...new Set(this.mentionsIn(text).map((mention) => mention.name))];
  }

  /** Every mention of a known name in `text`, in order, with where it stands. */
  mentionsIn(text: string): Mention[] {
    if (!this.pattern) return [];
    const mentions: Mention[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const parts = words(match[0]);
      if (this.capitalised && !parts.every(startsCapital)) continue;
      const name = this.byWords.get(parts.join(' ').toUpperCase());
      if (name !== undefined) mentions.push({ name, start: match.index, end: match.index + match[0].length });
    }
    return mentions;
  }
}

export interface Mention {
  name: string;
  /** Where the mention stands in the text: [start, end). */
  start: number;
  end: number;
}
