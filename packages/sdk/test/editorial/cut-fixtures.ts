import {
  type Cut,
  type CutInput,
  cutSchema,
  EDITORIAL_FRAME_RATES,
  type EditorialFrameRate,
} from '../../src/contract/editorial.js';

/** Mulberry32: a small seeded generator, so every "random" cut is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A deterministic UUID (version 4 layout) from a number. */
export function uuidFor(n: number, salt = 0): string {
  const hex = (n * 2_654_435_761 + salt * 97).toString(16).padStart(12, '0').slice(-12);
  return `00000000-0000-4000-8000-${hex}`;
}

export const CUT_ID = '11111111-1111-4111-8111-111111111111';
export const PROJECT_ID = '22222222-2222-4222-8222-222222222222';

/** Three shots at 24 fps: a cut, a 12-frame dissolve, markers with awkward text. */
export function sampleCut(frameRate: EditorialFrameRate = 24, extra: Partial<CutInput> = {}): Cut {
  return cutSchema.parse({
    id: CUT_ID,
    projectId: PROJECT_ID,
    name: 'Night Ferry — rough cut <v2> & "notes"',
    version: 2,
    frameRate,
    events: [
      {
        shotId: uuidFor(1),
        take: 1,
        clipName: 'Harbour at dusk',
        mediaUrl: 'https://cdn.example.com/videos/shot-1.mp4?sig=a&b=c',
        sourceIn: 0,
        sourceOut: 120,
        duration: 120,
        markers: [{ frame: 30, text: 'Too dark — lift the shadows', author: 'Ana' }],
      },
      {
        shotId: uuidFor(2),
        take: 3,
        clipName: 'Deckhand <close>',
        mediaPath: '/Volumes/Media/Night Ferry/shot 2 take 3.mov',
        sourceIn: 12,
        sourceOut: 84,
        duration: 72,
        transition: { type: 'dissolve', frames: 12 },
        markers: [{ frame: 0, text: 'Start on the rope', color: 'RED' }],
      },
      {
        shotId: uuidFor(3),
        take: 1,
        clipName: 'Ferry leaves',
        mediaUrl: 'https://cdn.example.com/videos/shot-3.mp4',
        sourceIn: 0,
        sourceOut: 96,
        duration: 96,
      },
    ],
    ...extra,
  });
}

export function withSoundtrack(cut: Cut, offsetFrames = 24, durationFrames = 600): Cut {
  return cutSchema.parse({
    ...cut,
    soundtrack: {
      name: 'Theme (demo).mp3',
      url: 'https://cdn.example.com/audio/theme.mp3',
      offsetFrames,
      durationFrames,
    },
  });
}

export interface RandomCutOptions {
  frameRate?: EditorialFrameRate;
  events?: number;
  /** Longest event in frames. */
  maxDuration?: number;
}

/** A random but valid cut: cuts and dissolves, markers, media by URL or path or none. */
export function randomCut(seed: number, options: RandomCutOptions = {}): Cut {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const frameRate =
    options.frameRate ??
    (EDITORIAL_FRAME_RATES[int(0, EDITORIAL_FRAME_RATES.length - 1)] as EditorialFrameRate);
  const count = options.events ?? int(1, 14);
  const maxDuration = options.maxDuration ?? 400;
  const events = Array.from({ length: count }, (_, index) => {
    const duration = int(1, maxDuration);
    const sourceIn = int(0, 200);
    const dissolve = index > 0 && random() < 0.35;
    const markerCount = random() < 0.4 ? int(1, 3) : 0;
    const media = random();
    return {
      shotId: uuidFor(seed * 1000 + index, seed),
      take: int(1, 4),
      clipName: `Shot ${index + 1}${random() < 0.2 ? ' — café' : ''}`,
      ...(media < 0.5 ? { mediaUrl: `https://cdn.example.com/v/${seed}-${index}.mp4` } : {}),
      ...(media >= 0.5 && media < 0.85 ? { mediaPath: `/media/${seed}/shot ${index}.mov` } : {}),
      sourceIn,
      sourceOut: sourceIn + duration,
      duration,
      transition: dissolve
        ? { type: 'dissolve' as const, frames: int(1, Math.min(duration, 48)) }
        : { type: 'cut' as const },
      markers: Array.from({ length: markerCount }, (_, m) => ({
        frame: int(0, duration - 1),
        text: `Note ${m + 1} on shot ${index + 1}: "tighter" & <sooner>`,
        ...(random() < 0.5 ? { author: 'Reviewer' } : {}),
      })),
    };
  });
  return cutSchema.parse({
    id: CUT_ID,
    projectId: PROJECT_ID,
    name: `Random cut ${seed}`,
    version: 1,
    frameRate,
    events,
    ...(random() < 0.5
      ? {
          soundtrack: {
            name: 'Score',
            url: 'https://cdn.example.com/a/score.wav',
            offsetFrames: int(-100, 100),
            durationFrames: int(100, 3000),
          },
        }
      : {}),
  });
}
