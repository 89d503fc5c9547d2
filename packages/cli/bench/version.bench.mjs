// Start-up cost of the reelbench binary: `--version` must answer in under 300 ms.
// Run with `npm run bench -w @reelbench/cli` (builds first; this file runs dist/bin.js).
// Rewrites the section between the bench:cli markers in docs/benchmarks.md.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const RUNS = 30;
const WARMUP = 3;
const GOAL_MS = 300;
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../test/fixtures/night-shift.fountain', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'reelbench-bench-'));
const EMPTY_MODULE = join(scratch, 'empty.mjs');
writeFileSync(EMPTY_MODULE, '');
// No saved login and no server: `logout` then loads the SDK and answers at once.
const env = { ...process.env, REELBENCH_CONFIG_DIR: scratch, NO_COLOR: '1' };

const cases = [
  { name: '`node empty.mjs` (the floor: an ES module that does nothing)', args: [EMPTY_MODULE] },
  { name: '`reelbench --version`', args: [BIN, '--version'], goal: true },
  { name: '`reelbench --help` (commander + the contract)', args: [BIN, '--help'] },
  { name: '`reelbench logout` when signed out (+ the SDK client)', args: [BIN, 'logout'] },
  { name: '`reelbench script analyze` (+ the screenplay engine)', args: [BIN, 'script', 'analyze', FIXTURE] },
];

function once(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function main() {
  const loadBefore = loadavg()[0];
  for (const { args } of cases) for (let i = 0; i < WARMUP; i++) once(args);
  const samples = cases.map(() => []);
  // Interleaved, so that a burst of load on the machine hits every case alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [i, { args }] of cases.entries()) samples[i].push(once(args));
  }
  const loadAfter = loadavg()[0];

  const rows = cases.map((c, i) => {
    const sorted = [...samples[i]].sort((a, b) => a - b);
    return { ...c, median: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  const floor = rows[0].median;
  const version = rows.find((row) => row.goal);
  const verdict = version.median < GOAL_MS ? 'met' : 'NOT met';
  const text = writeBenchmarkSection('cli', [
    '## CLI start-up',
    '',
    `Goal: \`reelbench --version\` answers in under ${GOAL_MS} ms. It is answered by dist/bin.js before`,
    'commander, the contract or the SDK are imported; every other command loads them (the SDK and the',
    'screenplay engine only when the command needs them).',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model.trim()} (${cpus().length} cores),`,
    `Node ${process.version}; ${RUNS} runs of each command, interleaved, after ${WARMUP} warm-up runs each;`,
    `wall time of the whole process (spawn to exit). Load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
    '',
    '| Command | Median | p95 | Over the floor |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.median.toFixed(0)} ms | ${row.p95.toFixed(0)} ms | ${(row.median - floor).toFixed(0)} ms |`,
    ),
    '',
    `\`--version\` median: **${version.median.toFixed(0)} ms** (goal < ${GOAL_MS} ms): ${verdict}.`,
    '',
    'Reproduce: `npm run bench -w @reelbench/cli`.',
  ]);
  process.stdout.write(`${text}\n`);
}

main();
