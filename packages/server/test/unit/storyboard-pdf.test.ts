import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitText, textString, textWidth, wrapText } from '../../src/cuts/pdf-writer.js';
import {
  formatDuration,
  type StoryboardShot,
  storyboardPageCount,
  storyboardPdf,
} from '../../src/cuts/storyboard-pdf.js';
import { readPdf } from '../support/pdf-reader.js';

let frame: StoryboardShot['frame'];

beforeAll(async () => {
  const { data, info } = await sharp({
    create: { width: 64, height: 36, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer({ resolveWithObject: true });
  frame = { bytes: data, width: info.width, height: info.height };
});

function shots(count: number, withFrames = true): StoryboardShot[] {
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    name: `Shot ${String(index + 1).padStart(2, '0')} (wide)`,
    take: 1,
    durationFrames: 24 + index,
    framing: index % 2 === 0 ? 'wide' : 'close-up',
    cameraMove: index === 0 ? 'dolly-in' : null,
    scriptText: index === 0 ? 'Mara climbs the spiral stairs, a brass key in her fist.' : null,
    sceneHeading: index % 5 === 0 ? `INT. LIGHTHOUSE – NIGHT ${index / 5 + 1}` : null,
    frame: withFrames && index % 3 !== 2 ? (frame ?? null) : null,
  }));
}

const make = (layout: 'contact' | 'pages', list: StoryboardShot[]) =>
  readPdf(
    storyboardPdf({ title: 'The Ledger', subtitle: 'cut v2 · 24 fps', frameRate: 24, layout, shots: list }),
  );

describe('the storyboard PDF', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [12, 1, 12],
    [13, 2, 13],
    [25, 3, 25],
  ])('%i shots: %i contact-sheet pages, %i one-a-page pages', (count, contactPages, onePages) => {
    expect(storyboardPageCount('contact', count)).toBe(contactPages);
    expect(storyboardPageCount('pages', count)).toBe(onePages);
    const contact = make('contact', shots(count));
    expect(contact.pageCount).toBe(contactPages);
    const pages = make('pages', shots(count));
    expect(pages.pageCount).toBe(onePages);
    for (const pdf of [contact, pages]) {
      const text = pdf.pages.flatMap((page) => page.text);
      for (const shot of shots(count)) expect(text.join('\n')).toContain(shot.name);
      if (count === 0) expect(text).toContain('This cut has no shots.');
      expect(pdf.pages.at(-1)?.text).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
    }
  });

  it('one shot a page prints the frame, name, duration, framing, camera, script text and scene heading', () => {
    const pdf = make('pages', shots(3));
    expect(pdf.version).toBe('1.4');
    expect(pdf.info).toContain('(The Ledger storyboard)');
    const [first, , third] = pdf.pages;
    expect(first?.text).toEqual(
      expect.arrayContaining([
        'The Ledger',
        'INT. LIGHTHOUSE – NIGHT 1',
        'Shot 1',
        'Shot 01 (wide)',
        '1 s · 24 fr',
        'wide',
        'dolly-in',
        'Mara climbs the spiral stairs, a brass key in her fist.',
      ]),
    );
    expect(first?.images).toBe(1);
    // The third shot has no frame: an empty box says so, and no image is drawn.
    expect(third?.images).toBe(0);
    expect(third?.text).toContain('No frame yet');
    expect(third?.text).not.toContain('INT. LIGHTHOUSE – NIGHT 1');
    // The same frame is stored once however many shots show it.
    expect(pdf.images).toHaveLength(1);
    const [image] = pdf.images;
    expect(image).toMatchObject({ width: 64, height: 36, filter: 'DCTDecode' });
    expect([...(image?.bytes.subarray(0, 2) ?? [])]).toEqual([0xff, 0xd8]);
  });

  it('the contact sheet puts 12 frames a page with their captions', () => {
    const pdf = make('contact', shots(14));
    expect(pdf.pages.map((page) => page.images)).toEqual([8, 2]);
    const firstPage = pdf.pages[0]?.text.join('\n') ?? '';
    expect(firstPage).toContain('1. Shot 01 (wide)');
    expect(firstPage).toContain('12. Shot 12 (wide)');
    expect(firstPage).not.toContain('Shot 13');
    expect(firstPage).toContain('1.04 s · 25 fr · close-up');
    expect(pdf.pages[1]?.text.join('\n')).toContain('14. Shot 14 (wide)');
    expect(pdf.pages[0]?.text).toContain('INT. LIGHTHOUSE – NIGHT 3');
    expect(pdf.pages[1]?.text.join('\n')).not.toContain('LIGHTHOUSE');
  });

  it('writes WinAnsi text: accents and typographic quotes survive, other scripts print as ?', () => {
    const list = shots(1);
    const [shot] = list;
    if (!shot) throw new Error('no shot');
    shot.name = 'Café “Noir” — naïve \\ (1)';
    shot.scriptText = 'Она говорит';
    const text = make('pages', list).pages[0]?.text ?? [];
    expect(text).toContain('Café “Noir” — naïve \\ (1)');
    expect(text).toContain('??? ???????');
  });

  it('fits and wraps text to a width, cutting with an ellipsis', () => {
    expect(textWidth('Hi', 'regular', 10)).toBeCloseTo(((722 + 222) * 10) / 1000);
    expect(textWidth('Hi', 'bold', 10)).toBeGreaterThan(textWidth('Hi', 'regular', 10));
    const cut = fitText('A very long shot name that cannot fit', 'regular', 10, 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 'regular', 10)).toBeLessThanOrEqual(60);
    expect(fitText('Short', 'regular', 10, 60)).toBe('Short');
    const lines = wrapText('one two three four five six seven eight nine ten', 'regular', 10, 50, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(50);
    expect(lines[2]?.endsWith('…')).toBe(true);
    expect(wrapText('two\nlines', 'regular', 10, 500, 5)).toEqual(['two', 'lines']);
    expect(formatDuration(60, 24)).toBe('2.5 s · 60 fr');
    expect(formatDuration(48, 24)).toBe('2 s · 48 fr');
  });

  it('writes the title metadata as a PDF text string: UTF-16BE with its mark when it is not plain ASCII', () => {
    expect(textString('The Ledger (cut 2)')).toBe('(The Ledger \\(cut 2\\))');
    expect(textString('A — b')).toBe('<FEFF00410020201400200062>');
    // Outside the basic plane: the surrogate pair, as UTF-16 writes it.
    expect(textString('🎬')).toBe('<FEFFD83CDFAC>');
    const pdf = readPdf(
      storyboardPdf({ title: 'Night — Café', subtitle: '', frameRate: 24, layout: 'pages', shots: [] }),
    );
    const hex = /\/Title <FEFF([0-9A-F]+)>/.exec(pdf.info)?.[1] ?? '';
    const title = Buffer.from(hex, 'hex').swap16().toString('utf16le');
    expect(title).toBe('Night — Café storyboard');
  });

  it('lays out a word of any length in what the lines show: broken over the lines, the last cut with …', () => {
    const word = 'x'.repeat(10_000);
    const lines = wrapText(word, 'regular', 11, 300, 8);
    expect(lines).toHaveLength(8);
    for (const line of lines) expect(textWidth(line, 'regular', 11)).toBeLessThanOrEqual(300);
    expect(lines.slice(0, 7).every((line) => /^x+$/.test(line))).toBe(true);
    expect(lines[7]?.endsWith('…')).toBe(true);
    // Only what can show is read: a million characters more change nothing.
    expect(wrapText(`${word}${'y'.repeat(1_000_000)}`, 'regular', 11, 300, 8)).toEqual(lines);
    expect(fitText(`${word}${'y'.repeat(1_000_000)}`, 'bold', 9, 120)).toBe(fitText(word, 'bold', 9, 120));
    const cut = fitText(word, 'bold', 9, 120);
    expect(cut).toMatch(/^x+…$/);
    expect(textWidth(cut, 'bold', 9)).toBeLessThanOrEqual(120);
    // A long word among short ones starts its own line.
    expect(wrapText(`a ${'w'.repeat(60)} b`, 'regular', 10, 100, 5)[0]).toBe('a');
    expect(wrapText('   ', 'regular', 10, 100, 5)).toEqual([]);
  });

  it('prints six shots of 10,000-character words, each cut to its box', () => {
    const list = shots(6).map((shot) => ({
      ...shot,
      name: 'N'.repeat(10_000),
      scriptText: 'w'.repeat(10_000),
      sceneHeading: 'S'.repeat(10_000),
    }));
    for (const layout of ['contact', 'pages'] as const) {
      const pdf = make(layout, list);
      const text = pdf.pages.flatMap((page) => page.text);
      expect(text.some((line) => /^w+…$/.test(line))).toBe(true);
      expect(Math.max(...text.map((line) => line.length))).toBeLessThan(400);
    }
  });
});
