import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitText, textWidth, wrapText } from '../../src/cuts/pdf-writer.js';
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
});
