// The editorial exports of a feature-length cut (2,000 events): OTIO and FCPXML whole, the EDL in
// numbered parts, and reading our own OTIO back. Time is the median of rounds in this process; peak
// memory is each step run once in a fresh process (its maximum resident set, less that of a process
// that only builds the cut). Imports the BUILT SDK (`npm run bench -w @reelbench/sdk` builds it).
// Rewrites the section between the bench:editorial markers in docs/benchmarks.md.

import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cutSchema } from '@reelbench/sdk/contract';
import { importCut, writeEdlParts, writeFcpxml, writeOtio } from '@reelbench/sdk/editorial';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const EVENTS = 2_000;
const WARMUP = 3;
const RUNS = 15;
const FRAMINGS = ['Establishing', 'Wide', 'Medium', 'Over-the-shoulder', 'Close-up', 'Insert'];

/** A deterministic 2,000-shot cut at 24 fps: every shot with a video, one in seven dissolving in. */
export function featureCut() {
  const hex = (n) => n.toString(16).padStart(12, '0');
  return cutSchema.parse({
    id: '11111111-1111-4111-8111-111111111111',
    projectId: '22222222-2222-4222-8222-222222222222',
    name: 'The Lighthouse Ledger — first pass',
    version: 3,
    frameRate: 24,
    events: Array.from({ length: EVENTS }, (_, i) => {
      const duration = 48 + ((i * 37) % 120);
      return {
        shotId: `00000000-0000-4000-8000-${hex(i * 2_654_435_761)}`,
        take: 1 + (i % 3),
        clipName: `${Math.floor(i / 8) + 1}.${(i % 8) + 1} ${FRAMINGS[i % FRAMINGS.length]} – MARA crosses to the ledger`,
        mediaUrl: `https://media.example.com/projects/p/shots/${i}/video.mp4`,
        sourceIn: 0,
        sourceOut: duration,
        duration,
        ...(i > 0 && i % 7 === 0 ? { transition: { type: 'dissolve', frames: 12 } } : {}),
        markers: i % 50 === 0 ? [{ frame: 0, text: 'Hold longer', author: 'Noor' }] : [],
      };
    }),
  });
}

const STEPS = {
  'OTIO, whole': (cut) => writeOtio(cut),
  'FCPXML 1.10, whole': (cut) => writeFcpxml(cut),
  'EDL in parts (3 × ≤ 999 events)': (cut) => writeEdlParts(cut),
  'OTIO read back and matched (import)': (cut, own) => importCut(cut, 'otio', own),
};

// A child process: build the cut, run one step once, print its maximum resident set in KB.
if (process.argv[2] === '--child') {
  const step = process.argv[3];
  const cut = featureCut();
  const own = writeOtio(cut);
  if (step !== 'none') STEPS[step](cut, own);
  console.log(process.resourceUsage().maxRSS);
  process.exit(0);
}

const startLoad = loadavg()[0];
const cut = featureCut();
const own = writeOtio(cut);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const peak = (step) => {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', step], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
};
const baseRss = median([peak('none'), peak('none'), peak('none')]);
const rows = [];
for (const [name, step] of Object.entries(STEPS)) {
  for (let i = 0; i < WARMUP; i++) step(cut, own);
  const times = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const out = step(cut, own);
    times.push(performance.now() - start);
    size =
      typeof out === 'string'
        ? out.length
        : Array.isArray(out)
          ? out.reduce((sum, part) => sum + part.text.length, 0)
          : 0;
  }
  const extra = Math.max(0, median([peak(name), peak(name), peak(name)]) - baseRss);
  rows.push(
    `| ${name} | ${median(times).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${(extra / 1024).toFixed(1)} MB | ${size ? `${(size / 1_000_000).toFixed(2)} MB` : '—'} |`,
  );
}

const section = writeBenchmarkSection('editorial', [
  '## Editorial exports of a feature (2,000 events)',
  '',
  `A 2,000-event cut at 24 fps (every shot with a video, a dissolve every seventh, a marker every fiftieth), ` +
    'written in each format by the SDK, as the server and the CLI do.',
  `Machine: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, load average ` +
    `${startLoad.toFixed(1)} when the run started${sharedMachine(startLoad)}, ${new Date().toISOString().slice(0, 10)}.`,
  `Method: ${WARMUP} warm-up runs, then ${RUNS} timed runs per step in one process; peak memory is the step run ` +
    `once in a fresh process, its maximum resident set less that of a process that only builds the cut ` +
    `(${(baseRss / 1024).toFixed(0)} MB), median of three.`,
  '',
  '| Step | median | slowest | peak memory over the cut | output |',
  '|---|---:|---:|---:|---:|',
  ...rows,
  '',
  'Reproduce: `npm run bench -w @reelbench/sdk` (this file: `node packages/sdk/bench/editorial.bench.mjs`).',
  'The hand-off package (the same lists with the media, streamed by the server) is measured below, under Hand-off package.',
]);
console.log(section);
