import type { Cut, EditorialFrameRate } from '../contract/editorial.js';
import { escapeXml, escapeXmlAttribute } from '../screenplay/xml.js';
import { dialogueClipName, type PlacedCutDialogueLine, placeCutDialogue } from './cut.dialogue.js';
import {
  availableFrames,
  mediaLocation,
  type PlacedEvent,
  placeEvents,
  placeSoundtrack,
  retimeCut,
} from './cut.model.js';
import { markerLabel } from './edl.writer.js';
import { framesToRationalSeconds, supportsDropFrame } from './frame-rate.js';
import { recordStartFrame } from './timecode.js';

/**
 * FCPXML 1.10 (Final Cut Pro 10.6, DaVinci Resolve): resources (one format, one asset per media
 * file, the Cross Dissolve effect when needed), then library → event → project → sequence → spine
 * of asset-clips. Every time is an exact fraction of a second ("1001/24000s" is one frame at
 * 23.976). The sequence's timeline starts at its tcStart, the time of 01:00:00:00, so spine
 * offsets count from there; a clip's own timeline starts at its `start`, its source in.
 */

export interface FcpxmlWriteOptions {
  /** The rate to write at; the cut is retimed when it differs from the cut's own. */
  frameRate?: EditorialFrameRate;
  /** At 29.97: drop-frame timecode display (the default) or non-drop. */
  dropFrame?: boolean;
  /** Picture size of the sequence; 1920×1080 by default. */
  width?: number;
  height?: number;
  /** Name of the FCP event that holds the project; 'Reelbench' by default. */
  eventName?: string;
  /** Add the soundtrack as a connected clip under the picture (default true when the cut has one). */
  includeSoundtrack?: boolean;
  /** Add the scratch track's lines as connected audio clips (default true when the cut has them). */
  includeDialogue?: boolean;
}

/** Final Cut Pro's built-in Cross Dissolve (the FxPlug uuid FCP itself writes for it). */
const CROSS_DISSOLVE_UID = 'FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265';

const FORMAT_RATE_SUFFIX: Record<EditorialFrameRate, string> = {
  23.976: '2398',
  24: '24',
  25: '25',
  29.97: '2997',
  30: '30',
};

/** FCP's name for a standard format, when the size is one it names (else FCP makes a custom one). */
function formatName(width: number, height: number, rate: EditorialFrameRate): string | undefined {
  const suffix = FORMAT_RATE_SUFFIX[rate];
  if (width === 1920 && height === 1080) return `FFVideoFormat1080p${suffix}`;
  if (width === 1280 && height === 720) return `FFVideoFormat720p${suffix}`;
  if (width === 3840 && height === 2160) return `FFVideoFormat3840x2160p${suffix}`;
  return undefined;
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

export function writeFcpxml(input: Cut, options: FcpxmlWriteOptions = {}): string {
  const frameRate = options.frameRate ?? input.frameRate;
  const cut = retimeCut(input, frameRate);
  const dropFrame = supportsDropFrame(frameRate) && (options.dropFrame ?? true);
  const width = options.width ?? 1920;
  const height = options.height ?? 1080;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16) {
    throw new RangeError(`Not a picture size: ${width}×${height}`);
  }
  const seconds = (frames: number): string => {
    const { num, den } = framesToRationalSeconds(frames, frameRate);
    if (num === 0) return '0s';
    return den === 1 ? `${num}s` : `${num}/${den}s`;
  };
  const tcStartFrame = recordStartFrame(frameRate, { dropFrame });
  const tcFormat = dropFrame ? 'DF' : 'NDF';
  const placed = placeEvents(cut);
  const total = placed.reduce((sum, event) => sum + event.event.duration, 0);
  const soundtrack = options.includeSoundtrack === false ? undefined : placeSoundtrack(cut);

  // Resources: r1 the format, r2 the dissolve effect if any, then one asset per media file.
  const resources: string[] = [
    `<format${attributes({
      id: 'r1',
      name: formatName(width, height, frameRate),
      frameDuration: seconds(1),
      width,
      height,
    })}/>`,
  ];
  const hasDissolve = placed.some(({ event }) => event.transition.type === 'dissolve');
  if (hasDissolve) {
    resources.push(`<effect${attributes({ id: 'r2', name: 'Cross Dissolve', uid: CROSS_DISSOLVE_UID })}/>`);
  }
  let nextId = 3;
  const assets = new Map<string, { id: string; name: string; frames: number }>();
  const assetFor = new Map<PlacedEvent, string>();
  for (const event of placed) {
    const src = mediaLocation(event.event);
    if (src === undefined) continue;
    const known = assets.get(src);
    const frames = availableFrames(event);
    if (known) known.frames = Math.max(known.frames, frames);
    else assets.set(src, { id: `r${nextId++}`, name: event.event.clipName, frames });
    assetFor.set(event, assets.get(src)?.id ?? '');
  }
  for (const [src, asset] of assets) {
    resources.push(
      `<asset${attributes({
        id: asset.id,
        name: asset.name,
        start: '0s',
        duration: seconds(asset.frames),
        hasVideo: 1,
        format: 'r1',
        videoSources: 1,
      })}>`,
      `  <media-rep${attributes({ kind: 'original-media', src })}/>`,
      '</asset>',
    );
  }
  const audioId = soundtrack ? `r${nextId++}` : undefined;
  if (soundtrack && audioId) {
    resources.push(
      `<asset${attributes({
        id: audioId,
        name: soundtrack.soundtrack.name,
        start: '0s',
        duration: seconds(soundtrack.soundtrack.durationFrames),
        hasAudio: 1,
        audioSources: 1,
        audioChannels: 2,
        audioRate: 48_000,
      })}>`,
      `  <media-rep${attributes({ kind: 'original-media', src: soundtrack.soundtrack.url })}/>`,
      '</asset>',
    );
  }

  // The scratch track: one asset per line, each a connected clip (lane -1) of its shot's clip.
  const lines = options.includeDialogue === false ? [] : placeCutDialogue(cut);
  const linesOf = new Map<number, { placed: PlacedCutDialogueLine; assetId: string }[]>();
  for (const placedLine of lines) {
    const assetId = `r${nextId++}`;
    const { line } = placedLine;
    resources.push(
      `<asset${attributes({
        id: assetId,
        name: dialogueClipName(line),
        start: '0s',
        duration: seconds(line.clipFrames),
        hasAudio: 1,
        audioSources: 1,
      })}>`,
      `  <media-rep${attributes({ kind: 'original-media', src: line.url })}/>`,
      '</asset>',
    );
    linesOf.set(placedLine.eventIndex, [
      ...(linesOf.get(placedLine.eventIndex) ?? []),
      { placed: placedLine, assetId },
    ]);
  }
  // The soundtrack goes a lane further down when the dialogue takes lane -1.
  const soundtrackLane = lines.length > 0 ? -2 : -1;

  // The spine; the soundtrack is connected (lane -1) to the story element where it begins.
  const spine: string[] = [];
  for (const current of placed) {
    const { event, recordIn, recordOut } = current;
    if (event.transition.type === 'dissolve') {
      spine.push(
        `<transition${attributes({
          name: 'Cross Dissolve',
          offset: seconds(tcStartFrame + recordIn),
          duration: seconds(event.transition.frames),
        })}>`,
        `  <filter-video${attributes({ ref: 'r2', name: 'Cross Dissolve' })}/>`,
        '</transition>',
      );
    }
    const assetId = assetFor.get(current);
    const localStart = assetId === undefined ? 0 : event.sourceIn;
    const children: string[] = [
      `<note>${escapeXml(`Reelbench shot ${event.shotId} take ${event.take}`)}</note>`,
    ];
    if (soundtrack && audioId && soundtrack.recordIn >= recordIn && soundtrack.recordIn < recordOut) {
      children.push(
        `<asset-clip${attributes({
          ref: audioId,
          lane: soundtrackLane,
          offset: seconds(localStart + soundtrack.recordIn - recordIn),
          name: soundtrack.soundtrack.name,
          start: seconds(soundtrack.sourceIn),
          duration: seconds(soundtrack.recordOut - soundtrack.recordIn),
          audioRole: 'music',
        })}/>`,
      );
    }
    for (const { placed: line, assetId: lineAsset } of linesOf.get(current.index) ?? []) {
      children.push(
        `<asset-clip${attributes({
          ref: lineAsset,
          lane: -1,
          offset: seconds(localStart + line.recordIn - recordIn),
          name: dialogueClipName(line.line),
          start: '0s',
          duration: seconds(line.recordOut - line.recordIn),
          audioRole: 'dialogue',
        })}>`,
        `  <note>${escapeXml(`Reelbench line ${line.line.lineId}: ${line.line.character}: ${line.line.text}`)}</note>`,
        '</asset-clip>',
      );
    }
    for (const marker of event.markers) {
      children.push(
        `<marker${attributes({
          start: seconds(localStart + marker.frame),
          duration: seconds(1),
          value: marker.text,
          note: marker.author === undefined ? undefined : markerLabel(marker.text, marker.author),
        })}/>`,
      );
    }
    const common = {
      name: event.clipName,
      offset: seconds(tcStartFrame + recordIn),
      start: seconds(localStart),
      duration: seconds(event.duration),
    };
    const open =
      assetId === undefined
        ? `<gap${attributes(common)}>`
        : `<asset-clip${attributes({ ref: assetId, ...common, format: 'r1', tcFormat })}>`;
    spine.push(
      open,
      ...children.map((child) => `  ${child}`),
      assetId === undefined ? '</gap>' : '</asset-clip>',
    );
  }

  const indent = (lines: string[], depth: number) => lines.map((line) => `${'  '.repeat(depth)}${line}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.10">',
    '  <resources>',
    ...indent(resources, 2),
    '  </resources>',
    '  <library>',
    `    <event${attributes({ name: options.eventName ?? 'Reelbench' })}>`,
    `      <project${attributes({ name: cut.name })}>`,
    `        <sequence${attributes({
      format: 'r1',
      duration: seconds(total),
      tcStart: seconds(tcStartFrame),
      tcFormat,
      audioLayout: 'stereo',
      audioRate: '48k',
    })}>`,
    '          <spine>',
    ...indent(spine, 6),
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
