/** The rough cut's burn-in: record timecode and each event's name drawn by ffmpeg's drawtext. */
import { existsSync } from 'node:fs';
import { rateString } from './rough-cut.rate.js';
import type { RoughCutRequest } from './rough-cut.render.js';

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

/** Record timecode at whole-frame rates (non-drop frame), e.g. 01:00:00:00 for frame 0. */
function timecodeStart(): string {
  return '01\\:00\\:00\\:00';
}

/** drawtext's text: every character that its option parser or the filter graph treats specially escaped. */
function drawtextText(text: string): string {
  return text.replace(/[\\':;,[\]%=]/g, (char) => `\\${char}`).replace(/\n/g, ' ');
}

/** The burn-in: record timecode from 01:00:00:00 top right, each event's name bottom left while it is on. */
export function burnInFilter(request: RoughCutRequest, font: string): string {
  const fontfile = font.replace(/\\/g, '/').replace(/:/g, '\\:');
  const rate = rateString(request.frameRate);
  const box = 'box=1:boxcolor=black@0.55:boxborderw=8:fontcolor=white';
  const size = Math.max(14, Math.round(request.height / 30));
  const filters = [
    `drawtext=fontfile='${fontfile}':timecode='${timecodeStart()}':rate=${rate}:fontsize=${size}:${box}:x=w-tw-24:y=24`,
  ];
  let start = 0;
  for (const event of request.events) {
    const end = start + event.frames;
    filters.push(
      `drawtext=fontfile='${fontfile}':text='${drawtextText(event.name)}':fontsize=${size}:${box}:x=24:y=h-th-24:enable='between(n\\,${start}\\,${end - 1})'`,
    );
    start = end;
  }
  return filters.join(',');
}
