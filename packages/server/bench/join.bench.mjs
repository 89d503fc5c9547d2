// The rough cut's join: our own MP4 reader/writer and H.264 picture hold (cuts/rough-cut.join.ts,
// media/mp4*.ts and h264-repeat.ts, about 1,000 lines) side by side with what we could
// use instead: ffmpeg's concat demuxer with stream copy (what the rough cut falls back to) and
// mediabunny, a maintained TypeScript muxer/demuxer, copying the coded pictures. Issue 32 asks
// whether owning the writer is still worth it; this measures it. Imports the BUILT server: run
// `npx tsc -b` at the repository root first (`npm run bench` does). Rewrites the bench:join section
// of docs/benchmarks.md.
//
// The cut: PARTS shot clips made by the offline provider (a few distinct animatics, each used
// many times, as a feature's first pass repeats its framings), every part its clip's own length;
// then the same cut with every fourth part held past its clip's end (a shot longer than its
// animatic). Every output is checked: ffmpeg decodes it and counts its pictures.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  ALL_FORMATS,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  FilePathSource,
  FilePathTarget,
  Input,
  Mp4OutputFormat,
  Output,
} from 'mediabunny';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
if (!existsSync(path.join(dist, 'cuts', 'rough-cut.join.js'))) {
  console.error('join bench: build first with `npx tsc -b` at the repository root.');
  process.exit(1);
}
const { joinInProcess } = await import(path.join(dist, 'cuts', 'rough-cut.join.js'));
const { createLocalProvider } = await import(path.join(dist, 'generation', 'index.js'));
const { resolveFfmpeg } = await import(path.join(dist, 'media', 'ffmpeg-path.js'));

const PARTS = 180;
const DISTINCT = 6;
const RUNS = 3;
const FPS = 24;
/** ffmpeg quiet but for its -benchmark line (the CPU it used), overwriting its output. */
const TIMED = ['-hide_banner', '-nostats', '-v', 'info', '-benchmark', '-y'];
const ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH }).path;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** CPU seconds this process has used (JavaScript and its threads). */
function ownCpu() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Decodes the file and answers its picture count (ffmpeg's -benchmark-free null output). */
async function pictures(file) {
  const { stderr } = await run(
    ffmpeg,
    ['-v', 'error', '-stats', '-i', file, '-map', '0:v', '-f', 'null', '-'],
    {
      maxBuffer: 1 << 24,
    },
  );
  const frames = [...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1];
  return Number(frames);
}

async function makeClips(dir) {
  const provider = createLocalProvider({
    ffmpegPath: process.env.FFMPEG_PATH,
    searchPath: process.env.PATH,
    tempDir: dir,
  });
  const clips = [];
  const moves = ['slow push-in', 'pan left', 'static', 'pull out', 'crane down', 'handheld'];
  for (let index = 0; index < DISTINCT; index += 1) {
    const still = (
      await provider.shotImage.renderShot({
        shot: {
          name: `Shot ${index + 1}`,
          action: 'Mara crosses the yard to the gate.',
          description: null,
          framing: 'medium',
          camera_move: moves[index],
          assets: [],
        },
        aspect: '16:9',
        style: 'gritty-filmic',
        assets: [],
      })
    ).png;
    const clip = await provider.video.renderClip({
      image: still,
      durationSeconds: 2 + (index % 3),
      framing: 'medium',
      aspect: '16:9',
      cameraMove: moves[index],
    });
    clips.push({ file: clip.path, frames: clip.frames });
  }
  return clips;
}

/** ffmpeg's concat demuxer, stream copy; a held part is first written with its last picture held by ffmpeg (tpad, re-encoded). */
async function joinFfmpeg(parts, clips, dir, output) {
  let childCpu = 0;
  const lines = [];
  const quote = (file) => `'${file.replace(/'/g, "'\\''")}'`;
  for (const [index, part] of parts.entries()) {
    const clip = clips.find((candidate) => candidate.file === part.file);
    let file = part.file;
    if (part.frames > clip.frames) {
      // What a tool without a picture hold has to do: encode the segment again with its last picture cloned.
      file = path.join(dir, `ffmpeg-held-${index}.mp4`);
      const { stderr } = await run(ffmpeg, [
        ...TIMED,
        '-i',
        part.file,
        '-vf',
        `tpad=stop_mode=clone:stop=${part.frames - clip.frames}`,
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-threads',
        '1',
        file,
      ]);
      childCpu += benchCpu(stderr);
    }
    const seconds = (part.frames / FPS).toFixed(6);
    lines.push(`file ${quote(file)}\nduration ${seconds}\n`);
  }
  const list = path.join(dir, 'segments.txt');
  await writeFile(list, lines.join(''));
  const { stderr } = await run(ffmpeg, [
    ...TIMED,
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-map',
    '0:v',
    '-c:v',
    'copy',
    '-movflags',
    '+faststart',
    output,
  ]);
  return childCpu + benchCpu(stderr);
}

/** `bench: utime=0.123s stime=0.045s rtime=…` → CPU seconds. */
function benchCpu(stderr) {
  const found = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  return found ? Number(found[1]) + Number(found[2]) : 0;
}

/** mediabunny: every part's coded pictures copied into one MP4; a held part's last picture lasts longer (no new pictures). */
async function joinMediabunny(parts, output) {
  const out = new Output({
    format: new Mp4OutputFormat({ fastStart: false }),
    target: new FilePathTarget(output),
  });
  const source = new EncodedVideoPacketSource('avc');
  out.addVideoTrack(source, { frameRate: FPS });
  await out.start();
  let offset = 0;
  let first = true;
  for (const part of parts) {
    const input = new Input({ source: new FilePathSource(part.file), formats: ALL_FORMATS });
    const track = await input.getPrimaryVideoTrack();
    const config = first ? await track.getDecoderConfig() : undefined;
    const sink = new EncodedPacketSink(track);
    let count = 0;
    let last = null;
    for await (const packet of sink.packets()) {
      if (count === part.frames) break;
      if (last !== null) {
        await source.add(last, first && config ? { decoderConfig: config } : undefined);
        first = false;
      }
      last = packet.clone({ timestamp: offset + count / FPS, duration: 1 / FPS });
      count += 1;
    }
    // The part's last picture, held for the frames its clip lacks.
    const held = part.frames - count;
    await source.add(
      last.clone({ duration: (1 + held) / FPS }),
      first && config ? { decoderConfig: config } : undefined,
    );
    first = false;
    offset += part.frames / FPS;
    input.dispose();
  }
  await out.finalize();
}

/** Whether owning the writer still pays: CPU against the cheaper of the two others, per cut, and who keeps a constant frame rate. */
function verdict(rows) {
  const total = (result) => result.cpu + result.child;
  const ratios = rows.map((row) => Math.min(total(row.concat), total(row.bunny)) / total(row.ours));
  const constant = rows.every((row) => row.got.ours === row.want);
  const bunnyConstant = rows.every((row) => row.got.mediabunny === row.want);
  const worth = ratios.every((ratio) => ratio >= 1.5) && constant;
  return [
    `Owning the writer: the next cheapest join used ${ratios.map((ratio) => `${ratio.toFixed(1)}x`).join(' and ')} ours's CPU`,
    `(${rows.map((row) => row.name).join(', ')}); ours ${constant ? 'kept' : 'did NOT keep'} one picture per frame,`,
    `mediabunny ${bunnyConstant ? 'did too' : 'did not where a part is held'}. ${worth ? 'Worth keeping: we keep it (the fallback to ffmpeg concat stays for segments coded differently).' : 'Not clearly worth keeping on these figures: consider mediabunny.'}`,
  ].join('\n');
}

async function timed(label, work) {
  const walls = [];
  const cpus = [];
  const children = [];
  for (let attempt = 0; attempt < RUNS + 1; attempt += 1) {
    const cpuBefore = ownCpu();
    const start = performance.now();
    const child = (await work(attempt)) ?? 0;
    const wall = (performance.now() - start) / 1000;
    // The first run warms the page cache and the JIT; it is not counted.
    if (attempt === 0) continue;
    walls.push(wall);
    cpus.push(ownCpu() - cpuBefore);
    children.push(child);
  }
  console.log(
    `${label}: ${median(walls).toFixed(3)} s wall, ${median(cpus).toFixed(3)} s own CPU, ${median(children).toFixed(3)} s ffmpeg CPU`,
  );
  return { wall: median(walls), cpu: median(cpus), child: median(children) };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'join-bench-'));
try {
  const clips = await makeClips(dir);
  const plain = Array.from({ length: PARTS }, (_, index) => ({ ...clips[index % DISTINCT] }));
  const held = plain.map((part, index) => (index % 4 === 3 ? { ...part, frames: part.frames + FPS } : part));
  const expected = (parts) => parts.reduce((sum, part) => sum + part.frames, 0);
  const rows = [];
  for (const [name, parts] of [
    ['every part its clip', plain],
    ['every fourth part held 1 s', held],
  ]) {
    const outputs = {
      ours: path.join(dir, 'ours.mp4'),
      ffmpeg: path.join(dir, 'ffmpeg.mp4'),
      mediabunny: path.join(dir, 'mb.mp4'),
    };
    const ours = await timed(`${name}: ours`, () => joinInProcess(parts, null, outputs.ours));
    const concat = await timed(`${name}: ffmpeg concat`, () => joinFfmpeg(parts, clips, dir, outputs.ffmpeg));
    const bunny = await timed(`${name}: mediabunny`, () => joinMediabunny(parts, outputs.mediabunny));
    const want = expected(parts);
    const got = {
      ours: await pictures(outputs.ours),
      ffmpeg: await pictures(outputs.ffmpeg),
      mediabunny: await pictures(outputs.mediabunny),
    };
    const sizes = {
      ours: (await stat(outputs.ours)).size,
      ffmpeg: (await stat(outputs.ffmpeg)).size,
      mediabunny: (await stat(outputs.mediabunny)).size,
    };
    rows.push({ name, want, ours, concat, bunny, got, sizes });
  }
  const load = os.loadavg();
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const cell = (result) => `${result.wall.toFixed(2)} s | ${(result.cpu + result.child).toFixed(2)} s`;
  const section = [
    '## Rough-cut join: our MP4 writer beside ffmpeg concat and mediabunny',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model.trim()} (${os.cpus().length} cores), Node ${process.version};`,
    `load average (1/5/15 min) at the end of the run: ${load.map((value) => value.toFixed(2)).join(' / ')}${sharedMachine(load[0])}.`,
    `The cut: ${PARTS} parts of ${DISTINCT} offline animatics (1280x720, ${FPS} fps, 2–4 s), video only; median of ${RUNS} runs after a warm-up.`,
    'CPU counts this process (JavaScript and its threads) and, for ffmpeg, the `-benchmark` user+system time of every ffmpeg it ran.',
    'Every output is decoded by ffmpeg and its pictures counted.',
    '',
    '| Cut | pictures | ours: wall | CPU | ffmpeg concat: wall | CPU | mediabunny: wall | CPU | pictures decoded (ours / ffmpeg / mediabunny) | size (ours / ffmpeg / mediabunny) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.want} | ${cell(row.ours)} | ${cell(row.concat)} | ${cell(row.bunny)} | ${row.got.ours} / ${row.got.ffmpeg} / ${row.got.mediabunny} | ${mb(row.sizes.ours)} / ${mb(row.sizes.ffmpeg)} / ${mb(row.sizes.mediabunny)} |`,
    ),
    '',
    verdict(rows),
    '',
    'How each holds a part past its clip: ours writes skipped pictures (P-frames with no residual, a few',
    'bytes each), so the file keeps one picture per frame at a constant rate, as editors expect; ffmpeg has',
    'no such hold and encodes the part again (tpad + libx264); mediabunny copies the pictures and gives the',
    "last one a longer duration (variable frame rate: fewer pictures than frames; players hold it, NLEs' frame counts differ).",
    '',
    'Reproduce: `npx tsc -b && node packages/server/bench/join.bench.mjs`.',
  ];
  writeBenchmarkSection('join', section);
  console.log('join bench: wrote the bench:join section of docs/benchmarks.md');
} finally {
  await rm(dir, { recursive: true, force: true });
}
