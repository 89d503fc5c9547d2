/** The rough cut's burn-in: record timecode and each event's name drawn by ffmpeg's drawtext. */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rateString } from './rough-cut.rate.js';

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  'C:\\Windows\\Fonts\\arialbd.ttf',
];

/** The first font drawtext can use on this machine, if any. */
export function burnInFont(): string | undefined {
  return FONT_CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * A value for a filter option inside a filter graph, taken literally by ffmpeg. Two levels (ffmpeg's
 * "Quoting and escaping"): the option parser treats `\`, `'` and `:` specially, then the graph
 * parser `\`, `'`, `[`, `]`, `,` and `;`; each level's characters get a backslash, the option's
 * first. Only our own values go through it (paths of the job's files); user text never does.
 */
export function filterOptionValue(value: string): string {
  const option = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return option.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

/** What drawtext draws of a name: one line, no control characters. */
export function burnInText(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return name.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * drawtext options that draw the text of `file` exactly as it is: read from the file (no option or
 * graph parsing of the text) with expansion off (no `%{…}` functions).
 */
export function literalTextOptions(file: string): string {
  return `textfile=${filterOptionValue(file)}:expansion=none`;
}

/** What the burn-in needs of a rough cut: its rate, height, scratch folder and events. */
export interface BurnInCut {
  frameRate: number;
  height: number;
  /** Where the names' text files are written (the render's scratch folder). */
  workDir: string;
  events: readonly { name: string; frames: number }[];
}

/**
 * The burn-in: record timecode from 01:00:00:00 top right, each event's name bottom left while it
 * is on. Each name is written to a file of its own in `workDir` and drawn from there, so a name is
 * only ever text: `%{…}`, quotes, backslashes, colons and semicolons show as they are.
 */
export async function burnInFilter(request: BurnInCut, font: string): Promise<string> {
  const fontfile = filterOptionValue(font.replace(/\\/g, '/'));
  const rate = rateString(request.frameRate);
  const box = 'box=1:boxcolor=black@0.55:boxborderw=8:fontcolor=white';
  const size = Math.max(14, Math.round(request.height / 30));
  const filters = [
    `drawtext=fontfile=${fontfile}:timecode=${filterOptionValue('01:00:00:00')}:rate=${rate}:fontsize=${size}:${box}:x=w-tw-24:y=24`,
  ];
  let start = 0;
  for (const [index, event] of request.events.entries()) {
    const end = start + event.frames;
    const file = path.join(request.workDir, `burn-in-${index}.txt`);
    await writeFile(file, burnInText(event.name), 'utf8');
    filters.push(
      `drawtext=fontfile=${fontfile}:${literalTextOptions(file)}:fontsize=${size}:${box}:x=24:y=h-th-24:enable=${filterOptionValue(`between(n,${start},${end - 1})`)}`,
    );
    start = end;
  }
  return filters.join(',');
}
