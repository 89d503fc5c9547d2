// Local provider render benchmark: storyboard frames per second (renderShot, per aspect ratio) and
// seconds of animatic video per second of encode (renderClip, 5 s clip). Imports the BUILT code:
// run `npx tsc -b` at the repository root first (`npm run bench` does). Frames are rendered side by
// side with a baseline: the server at RENDER_BASELINE_REF (default: main's merge base with HEAD),
// built from git by baseline-build.mjs; each frame is rendered by one and then the other, so both
// see the same load. Rewrites the bench:render section of docs/benchmarks.md.

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultAssetConfig } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { baselineCommit, buildBaseline } from './baseline-build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.join(here, '..', 'dist', 'generation', 'index.js');
const docs = path.join(here, '..', '..', '..', 'docs', 'benchmarks.md');

if (!existsSync(built)) {
  console.error(`render bench: ${built} is missing; build first with \`npx tsc -b\` at the repository root.`);
  process.exit(1);
}

const { createLocalProvider, renderAssetImage, removeBackground } = await import(built);
const { resolveFfmpeg } = await import(path.join(here, '..', 'dist', 'media', 'ffmpeg-path.js'));

const FRAME_GOAL_FPS = 20;
const ENCODE_GOAL = 2;
const WARM_UP = 10;
const FRAMES = 60;
const CLIP_SECONDS = 5;
const CLIP_RUNS = 5;
const ASPECTS = ['16:9', '9:16', '1:1'];

function subject(type, name, description = null) {
  return { id: randomUUID(), type, name, description, config: defaultAssetConfig(type) };
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return { mean, median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

const fixed = (value, digits = 1) => value.toFixed(digits);

/**
 * A typical shot: a location backdrop, two matted characters, a prop without an image yet. Each
 * `set` has its own asset names, so its images (and their bytes) differ from every other set's.
 */
async function typicalAssets(set) {
  const harbour = subject('location', `Harbour ${set}`);
  const mara = subject('character', `Mara ${set}`);
  const tom = subject('character', `Tom ${set}`);
  const crate = subject('prop', `Crate ${set}`);
  const cutout = async (asset, key) => (await removeBackground((await renderAssetImage(asset, key)).png)).png;
  return [
    { asset: harbour, image: (await renderAssetImage(harbour, 'default-wide')).png },
    { asset: mara, image: await cutout(mara, 'default-right') },
    { asset: tom, image: await cutout(tom, 'default-left') },
    { asset: crate, image: null },
  ];
}

/** An asset placed on a shot's frame at (x, y), at its own size, upright. */
const place = (assetId, x, y, extra = {}) => ({
  assetId,
  position: { x, y },
  scale: 1,
  rotation: 0,
  ...extra,
});

function typicalShot(aspect, assets) {
  const [harbour, mara, tom, crate] = assets.map((source) => source.asset.id);
  return {
    shot: {
      name: 'Sc. 4 — The ferry leaves',
      action: 'Mara turns to Tom as the ferry horn sounds; he drops the crate and runs for the gangway.',
      description: null,
      framing: 'medium',
      assets: [
        place(harbour, 0.5, 0.5),
        place(mara, 0.35, 0.55, { selectedDirection: 'right' }),
        place(tom, 0.62, 0.55, { selectedDirection: 'left' }),
        place(crate, 0.5, 0.78, { rotation: 8 }),
      ],
    },
    aspect,
    style: 'gritty-filmic',
    assets,
  };
}

/**
 * A first render of a new project: nothing has an image yet. The location is drawn from its words
 * (the baseline rendered its view image for every frame), the two characters from their
 * descriptions, the prop by its noun.
 */
function firstPassShot(aspect, set) {
  const river = subject('location', `River ${set}`, 'A wide brown river. Scene headings: EXT. RIVER - DAY');
  const mara = subject(
    'character',
    `Mara ${set}`,
    'MARA (8), a small girl in a yellow raincoat, skims stones.',
  );
  const tom = subject('character', `Tom ${set}`, 'TOM (70s), stooped, grey beard, watches from a boat.');
  const phone = subject('prop', `Phone ${set}`, null);
  const assets = [river, mara, tom, phone].map((asset) => ({ asset, image: null }));
  return {
    shot: {
      name: 'Sc. 1 — The crossing',
      action: 'Mara turns to Tom as the ferry horn sounds; he drops the phone and runs for the gangway.',
      description: null,
      framing: 'medium',
      camera_move: 'slow push-in',
      assets: [
        place(river.id, 0.5, 0.5),
        place(mara.id, 0.38, 0.6, { scale: 0.8, selectedDirection: 'right' }),
        place(tom.id, 0.62, 0.6, { scale: 0.8, selectedDirection: 'left' }),
        place(phone.id, 0.5, 0.8, { scale: 0.5 }),
      ],
    },
    aspect,
    style: 'gritty-filmic',
    assets,
    prompt: `medium shot, slow push-in camera move, Mara turns to Tom, RIVER ${set} (exterior), day, Gritty, filmic`,
  };
}

/**
 * Each request rendered by every provider in turn (so they share the machine's load), timed apart;
 * the order alternates from one request to the next.
 */
async function timedSideBySide(providers, requests) {
  const samples = providers.map(() => []);
  const cpu = providers.map(() => 0);
  for (const [turn, request] of requests.entries()) {
    // Who goes first alternates, so neither always inherits the other's garbage and warm caches.
    const order = turn % 2 === 0 ? [...providers.entries()] : [...providers.entries()].reverse();
    for (const [index, provider] of order) {
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      await provider.shotImage.renderShot(request);
      samples[index].push(performance.now() - start);
      const used = process.cpuUsage(cpuBefore);
      cpu[index] += (used.user + used.system) / 1000;
    }
  }
  return samples.map((list, index) => {
    const stats = summary(list);
    return { fps: 1000 / stats.mean, cpuMs: cpu[index] / requests.length, ...stats };
  });
}

const SCENARIOS = [
  {
    name: 'images',
    label: 'location image, two matted cut-outs, a prop without an image',
    shots: (aspect, sets) => ({
      repeated: typicalShot(aspect, sets[0]),
      cold: sets.slice(1).map((assets) => typicalShot(aspect, assets)),
    }),
  },
  {
    name: 'first pass',
    label: 'nothing has an image yet: the location, two characters and a prop drawn by the renderer',
    shots: (aspect) => ({
      repeated: firstPassShot(aspect, 0),
      cold: Array.from({ length: FRAMES }, (_, set) => firstPassShot(aspect, set + 1)),
    }),
  },
];

/**
 * Per aspect and scenario, the baseline and this build side by side: `repeat` renders one shot
 * again and again (its prepared pixels are cached after the first render, as in a batch over one
 * scene); `cold` renders shots whose assets are all new every time (nothing cached).
 */
async function benchFrames(providers) {
  const sets = [];
  for (let set = 0; set <= FRAMES; set += 1) sets.push(await typicalAssets(set));
  const rows = [];
  for (const aspect of ASPECTS) {
    for (const scenario of SCENARIOS) {
      const { repeated, cold } = scenario.shots(aspect, sets);
      for (let run = 0; run < WARM_UP; run += 1)
        for (const provider of providers) await provider.shotImage.renderShot(repeated);
      const repeat = await timedSideBySide(
        providers,
        Array.from({ length: FRAMES }, () => repeated),
      );
      const fresh = await timedSideBySide(providers, cold);
      const frame = await providers[1].shotImage.renderShot(repeated);
      rows.push({
        aspect,
        scenario: scenario.name,
        size: `${frame.width}x${frame.height}`,
        repeat,
        cold: fresh,
      });
      console.log(
        `renderShot ${aspect} ${scenario.name}: ${fixed(repeat[0].fps)} → ${fixed(repeat[1].fps)} frames/s repeated, ${fixed(fresh[0].fps)} → ${fixed(fresh[1].fps)} cold (baseline → this build)`,
      );
    }
  }
  return rows;
}

/** CPU seconds of this process's finished children (ffmpeg), from /proc (Linux); null elsewhere. */
async function childCpuSeconds() {
  try {
    const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]?.split(' ') ?? [];
    // After the command name: cutime and cstime are fields 14 and 15 (0-based), in clock ticks.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

async function benchClips(provider) {
  const still = (await provider.shotImage.renderShot(typicalShot('16:9', await typicalAssets('clip')))).png;
  const request = { image: still, durationSeconds: CLIP_SECONDS, framing: 'medium', aspect: '16:9' };
  await rm((await provider.video.renderClip(request)).path, { force: true });
  const samples = [];
  const childCpuBefore = await childCpuSeconds();
  for (let run = 0; run < CLIP_RUNS; run += 1) {
    const start = performance.now();
    const clip = await provider.video.renderClip(request);
    samples.push((performance.now() - start) / 1000);
    await rm(clip.path, { force: true });
  }
  const childCpuAfter = await childCpuSeconds();
  const ffmpegCpu =
    childCpuBefore === null || childCpuAfter === null ? null : (childCpuAfter - childCpuBefore) / CLIP_RUNS;
  const stats = summary(samples);
  console.log(`renderClip ${CLIP_SECONDS} s: ${fixed(CLIP_SECONDS / stats.median, 2)}x real time`);
  return {
    ...stats,
    speed: CLIP_SECONDS / stats.median,
    worst: CLIP_SECONDS / Math.max(...samples),
    ffmpegCpu,
  };
}

function section(frames, clip, ffmpeg, baseline) {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => fixed(value, 2));
  const slowest = (mode) => Math.min(...frames.map((row) => row[mode][1].fps));
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const ratio = (row, mode) => row[mode][1].fps / row[mode][0].fps;
  const notSlower = frames.every(
    (row) =>
      row.repeat[1].cpuMs <= row.repeat[0].cpuMs * 1.05 && row.cold[1].cpuMs <= row.cold[0].cpuMs * 1.05,
  );
  return [
    '## Local render (storyboard frames and animatics)',
    '',
    `Goals: renderShot at least ${FRAME_GOAL_FPS} frames/s for every aspect, and no slower than the baseline;`,
    `a ${CLIP_SECONDS} s animatic encodes at least ${ENCODE_GOAL}x real time.`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus[0]?.model.trim() ?? 'unknown CPU'} (${cpus.length} cores),`,
    `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ffmpeg from ${ffmpeg.source};`,
    `load average (1/5/15 min) at the end of the run: ${load.join(' / ')}${sharedMachine(os.loadavg()[0])}.`,
    `Baseline: the server at ${baseline.slice(0, 12)} (\`RENDER_BASELINE_REF\`, default main's merge base), built from git`,
    'by `bench/baseline-build.mjs`; every frame is rendered by both, in one process and in turn (who goes first',
    'alternates), so both see the same load. Shots: medium framing (zoom 1.5), gritty-filmic grade, two-line caption.',
    ...SCENARIOS.map((scenario) => `- **${scenario.name}**: ${scenario.label}.`),
    `Repeated: the same shot ${FRAMES} times after ${WARM_UP} warm-up renders (its prepared pixels come from the`,
    `frame pixel cache, as in a batch over one scene). Cold: ${FRAMES} shots whose assets are all new (every image`,
    'decoded, every set and figure drawn).',
    '',
    '| Aspect | Shot | repeated frames/s (baseline → now) | CPU/frame | cold frames/s (baseline → now) | CPU/frame | median cold (now) | p95 cold (now) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...frames.map(
      (row) =>
        `| ${row.aspect} (${row.size}) | ${row.scenario} | ${fixed(row.repeat[0].fps)} → ${fixed(row.repeat[1].fps)} (${fixed(ratio(row, 'repeat'), 2)}x) | ${fixed(row.repeat[0].cpuMs)} → ${fixed(row.repeat[1].cpuMs)} ms | ${fixed(row.cold[0].fps)} → ${fixed(row.cold[1].fps)} (${fixed(ratio(row, 'cold'), 2)}x) | ${fixed(row.cold[0].cpuMs)} → ${fixed(row.cold[1].cpuMs)} ms | ${fixed(row.cold[1].median)} ms | ${fixed(row.cold[1].p95)} ms |`,
    ),
    '',
    'CPU/frame: CPU time of the process (all threads: JavaScript and libvips) per render; on a shared machine',
    'it is steadier than frames/s, which counts waiting for a core.',
    '',
    `Animatic: ${CLIP_SECONDS} s, 1280x720, 24 fps, push-in (zoompan), H.264 + silent AAC; 1 warm-up, ${CLIP_RUNS} runs.`,
    '',
    '| Clip | encode median | encode p95 | video seconds per encode second (median) | worst run | ffmpeg CPU per clip |',
    '|---|---:|---:|---:|---:|---:|',
    `| ${CLIP_SECONDS} s push-in | ${fixed(clip.median, 2)} s | ${fixed(clip.p95, 2)} s | ${fixed(clip.speed, 2)}x | ${fixed(clip.worst, 2)}x | ${clip.ffmpegCpu === null ? 'n/a' : `${fixed(clip.ffmpegCpu, 2)} s`} |`,
    '',
    `Frames, slowest row: ${fixed(slowest('repeat'))} frames/s repeated, ${fixed(slowest('cold'))} cold (goal ≥ ${FRAME_GOAL_FPS}):`,
    `${met(slowest('repeat') >= FRAME_GOAL_FPS)} repeated, ${met(slowest('cold') >= FRAME_GOAL_FPS)} cold.`,
    `CPU per frame no more than the baseline's (+5%) in every row: ${met(notSlower)}.`,
    `Encode: ${fixed(clip.speed, 2)}x real time (goal ≥ ${ENCODE_GOAL}x): ${met(clip.speed >= ENCODE_GOAL)}.`,
    '',
    'Reproduce: `npx tsc -b && npm run bench -w @reelbench/server` (or `node packages/server/bench/render.bench.mjs`).',
  ];
}

const provider = createLocalProvider({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
const ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
const baseline = baselineCommit(process.env.RENDER_BASELINE_REF);
const baselineDist = await buildBaseline(baseline);
const { createLocalProvider: createBaselineProvider } = await import(
  pathToFileURL(path.join(baselineDist, 'generation', 'index.js')).href
);
console.log(
  `render bench: baseline ${baseline.slice(0, 12)} built in ${path.relative(process.cwd(), baselineDist)}`,
);
const frames = await benchFrames([createBaselineProvider(), provider]);
const clip = await benchClips(provider);
writeBenchmarkSection('render', section(frames, clip, ffmpeg, baseline));
console.log(`render bench: wrote the bench:render section of ${path.relative(process.cwd(), docs)}`);
