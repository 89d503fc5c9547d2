// Local provider render benchmark: storyboard frames per second (renderShot, per aspect ratio) and
// seconds of animatic video per second of encode (renderClip, 5 s clip). Imports the BUILT code:
// run `npx tsc -b` at the repository root first (`npm run bench` does). Rewrites the
// bench:render section of docs/benchmarks.md.

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAssetConfig } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.join(here, '..', 'dist', 'generation', 'index.js');
const docs = path.join(here, '..', '..', '..', 'docs', 'benchmarks.md');

if (!existsSync(built)) {
  console.error(`render bench: ${built} is missing; build first with \`npx tsc -b\` at the repository root.`);
  process.exit(1);
}

const { createLocalProvider, renderAssetImage, removeBackground, resolveFfmpeg } = await import(built);

const FRAME_GOAL_FPS = 20;
const ENCODE_GOAL = 2;
const WARM_UP = 10;
const FRAMES = 60;
const CLIP_SECONDS = 5;
const CLIP_RUNS = 5;
const ASPECTS = ['16:9', '9:16', '1:1'];

function subject(type, name) {
  return { id: randomUUID(), type, name, config: defaultAssetConfig(type) };
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

function typicalShot(aspect, assets) {
  const [harbour, mara, tom, crate] = assets.map((source) => source.asset.id);
  const place = (assetId, x, y, extra = {}) => ({
    assetId,
    position: { x, y },
    scale: 1,
    rotation: 0,
    ...extra,
  });
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

async function timed(provider, requests) {
  const samples = [];
  const cpuBefore = process.cpuUsage();
  for (const request of requests) {
    const start = performance.now();
    await provider.shotImage.renderShot(request);
    samples.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const stats = summary(samples);
  return { fps: 1000 / stats.mean, cpuMs: (cpu.user + cpu.system) / 1000 / requests.length, ...stats };
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

/**
 * Per aspect: `repeat` renders one shot again and again (its assets' prepared pixels are cached
 * after the first render, as in a batch over one scene); `cold` renders a shot whose images are
 * all new every time (nothing cached).
 */
async function benchFrames(provider) {
  const sets = [];
  for (let set = 0; set <= FRAMES; set += 1) sets.push(await typicalAssets(set));
  const rows = [];
  for (const aspect of ASPECTS) {
    const repeated = typicalShot(aspect, sets[0]);
    for (let run = 0; run < WARM_UP; run += 1) await provider.shotImage.renderShot(repeated);
    const repeat = await timed(
      provider,
      Array.from({ length: FRAMES }, () => repeated),
    );
    const cold = await timed(
      provider,
      sets.slice(1).map((assets) => typicalShot(aspect, assets)),
    );
    const frame = await provider.shotImage.renderShot(repeated);
    rows.push({ aspect, size: `${frame.width}x${frame.height}`, repeat, cold });
    console.log(
      `renderShot ${aspect}: ${fixed(repeat.fps)} frames/s repeated, ${fixed(cold.fps)} frames/s cold`,
    );
  }
  return rows;
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

function section(frames, clip, ffmpeg) {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => fixed(value, 2));
  const slowest = (mode) => Math.min(...frames.map((row) => row[mode].fps));
  const met = (ok) => (ok ? 'met' : 'NOT met');
  return [
    '## Local render (storyboard frames and animatics)',
    '',
    `Goals: renderShot at least ${FRAME_GOAL_FPS} frames/s for every aspect; a ${CLIP_SECONDS} s animatic encodes at`,
    `least ${ENCODE_GOAL}x real time.`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus[0]?.model.trim() ?? 'unknown CPU'} (${cpus.length} cores),`,
    `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ffmpeg from ${ffmpeg.source};`,
    `load average (1/5/15 min) at the end of the run: ${load.join(' / ')}${sharedMachine(os.loadavg()[0])}.`,
    'Shot: location backdrop image, two matted character cut-outs, one prop silhouette, medium framing',
    '(zoom 1.5), gritty-filmic grade, two-line caption; sequential renders through the local provider.',
    `Repeated: the same shot ${FRAMES} times after ${WARM_UP} warm-up renders (its scaled backdrop and cut-outs`,
    `come from the frame pixel cache, as in a batch over one scene). Cold: ${FRAMES} shots whose images are all`,
    'new (every image decoded, scaled and placed).',
    '',
    '| Aspect | Size | repeated frames/s | median | p95 | CPU/frame | cold frames/s | median | p95 | CPU/frame |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...frames.map(
      ({ aspect, size, repeat, cold }) =>
        `| ${aspect} | ${size} | ${fixed(repeat.fps)} | ${fixed(repeat.median)} ms | ${fixed(repeat.p95)} ms | ${fixed(repeat.cpuMs)} ms | ${fixed(cold.fps)} | ${fixed(cold.median)} ms | ${fixed(cold.p95)} ms | ${fixed(cold.cpuMs)} ms |`,
    ),
    '',
    'CPU/frame: CPU time of the process (all threads: JavaScript and libvips) per render.',
    '',
    `Animatic: ${CLIP_SECONDS} s, 1280x720, 24 fps, push-in (zoompan), H.264 + silent AAC; 1 warm-up, ${CLIP_RUNS} runs.`,
    '',
    '| Clip | encode median | encode p95 | video seconds per encode second (median) | worst run | ffmpeg CPU per clip |',
    '|---|---:|---:|---:|---:|---:|',
    `| ${CLIP_SECONDS} s push-in | ${fixed(clip.median, 2)} s | ${fixed(clip.p95, 2)} s | ${fixed(clip.speed, 2)}x | ${fixed(clip.worst, 2)}x | ${clip.ffmpegCpu === null ? 'n/a' : `${fixed(clip.ffmpegCpu, 2)} s`} |`,
    '',
    `Frames, slowest aspect: ${fixed(slowest('repeat'))} frames/s repeated, ${fixed(slowest('cold'))} cold (goal ≥ ${FRAME_GOAL_FPS}):`,
    `${met(slowest('repeat') >= FRAME_GOAL_FPS)} repeated, ${met(slowest('cold') >= FRAME_GOAL_FPS)} cold.`,
    `Encode: ${fixed(clip.speed, 2)}x real time (goal ≥ ${ENCODE_GOAL}x): ${met(clip.speed >= ENCODE_GOAL)}.`,
    '',
    'Reproduce: `npx tsc -b && npm run bench -w @reelbench/server` (or `node packages/server/bench/render.bench.mjs`).',
  ];
}

const provider = createLocalProvider({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
const ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
const frames = await benchFrames(provider);
const clip = await benchClips(provider);
writeBenchmarkSection('render', section(frames, clip, ffmpeg));
console.log(`render bench: wrote the bench:render section of ${path.relative(process.cwd(), docs)}`);
