import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

/** What a test needs of a PDF: its pages (with their text, in drawing order) and its images. */
export interface ReadPdf {
  version: string;
  pageCount: number;
  pages: { text: string[]; images: number }[];
  images: { width: number; height: number; filter: string; bytes: Buffer }[];
  info: string;
}

const WIN_ANSI_EXTRA: Record<number, string> = {
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  128: '€',
  153: '™',
};

/** A PDF literal string's bytes (escapes resolved) as text, read as WinAnsi. */
function decodeLiteral(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] as string;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      const code = Number.parseInt(octal[0], 8);
      out += WIN_ANSI_EXTRA[code] ?? String.fromCharCode(code);
      i += octal[0].length;
    } else {
      out += { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[next] ?? next;
      i += 1;
    }
  }
  return out;
}

/**
 * Reads the PDF the way a viewer starts to: the trailer, the cross-reference table (every offset
 * must point at its object), the page tree, each page's content stream inflated and its Tj strings.
 * Throws (through expect) on anything out of place.
 */
export function readPdf(file: Uint8Array): ReadPdf {
  const bytes = Buffer.from(file);
  const latin = bytes.toString('latin1');
  const version = /^%PDF-(\d\.\d)\n/.exec(latin)?.[1];
  expect(version, 'PDF header').toBeDefined();
  expect(latin.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(latin)?.[1]);
  expect(latin.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(latin.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const table = latin
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  table.forEach((entry, ref) => {
    expect(entry).toMatch(/^\d{10} \d{5} [nf] $/);
    if (ref === 0) return;
    const offset = Number(entry.slice(0, 10));
    const head = `${ref} 0 obj\n`;
    expect(latin.slice(offset, offset + head.length), `object ${ref} at ${offset}`).toBe(head);
    const start = offset + head.length;
    const end = latin.indexOf('\nendobj', start);
    const body = latin.slice(start, end);
    const streamAt = body.indexOf('\nstream\n');
    if (streamAt < 0) {
      objects.set(ref, { dict: body });
      return;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const dataStart = start + streamAt + '\nstream\n'.length;
    expect(latin.slice(dataStart + length, dataStart + length + 10)).toBe('\nendstream');
    objects.set(ref, { dict, stream: bytes.subarray(dataStart, dataStart + length) });
  });
  const trailer = /trailer\n<<(.*)>>/.exec(latin.slice(startxref))?.[1] ?? '';
  expect(Number(/\/Size (\d+)/.exec(trailer)?.[1])).toBe(Number(count));
  const rootRef = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const root = objects.get(rootRef)?.dict ?? '';
  expect(root).toContain('/Type /Catalog');
  const pagesRef = Number(/\/Pages (\d+) 0 R/.exec(root)?.[1]);
  const pagesDict = objects.get(pagesRef)?.dict ?? '';
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesDict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  const pageCount = Number(/\/Count (\d+)/.exec(pagesDict)?.[1]);
  expect(kids).toHaveLength(pageCount);

  const imageRefs = new Map<number, number>();
  const images: ReadPdf['images'] = [];
  for (const [ref, object] of objects) {
    if (!object.dict.includes('/Subtype /Image')) continue;
    imageRefs.set(ref, images.length);
    images.push({
      width: Number(/\/Width (\d+)/.exec(object.dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(object.dict)?.[1]),
      filter: /\/Filter \/(\w+)/.exec(object.dict)?.[1] ?? '',
      bytes: object.stream ?? Buffer.alloc(0),
    });
  }

  const pages = kids.map((ref) => {
    const page = objects.get(ref)?.dict ?? '';
    expect(page).toContain('/Type /Page ');
    expect(page).toMatch(/\/MediaBox \[0 0 [\d.]+ [\d.]+\]/);
    const contentsRef = Number(/\/Contents (\d+) 0 R/.exec(page)?.[1]);
    const contents = objects.get(contentsRef);
    expect(contents?.stream, `page ${ref} contents`).toBeDefined();
    const ops = (
      contents?.dict.includes('/FlateDecode')
        ? inflateSync(contents.stream ?? Buffer.alloc(0))
        : contents?.stream
    )?.toString('latin1');
    const text = [...(ops ?? '').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => decodeLiteral(m[1] ?? ''));
    // Every image a page draws is in its resources and is an image object.
    const used = [...(ops ?? '').matchAll(/\/(Im\d+) Do/g)].map((m) => m[1]);
    for (const name of used) {
      const target = Number(new RegExp(`/${name} (\\d+) 0 R`).exec(page)?.[1]);
      expect(imageRefs.has(target), `${name} on page ${ref}`).toBe(true);
    }
    for (const font of (ops ?? '').matchAll(/\/(F\d) [\d.]+ Tf/g)) {
      expect(page).toMatch(new RegExp(`/${font[1]} \\d+ 0 R`));
    }
    return { text, images: used.length };
  });
  const infoRef = Number(/\/Info (\d+) 0 R/.exec(trailer)?.[1]);
  return { version: version ?? '', pageCount, pages, images, info: objects.get(infoRef)?.dict ?? '' };
}
