// The pipeline headline: a screenplay to a rough cut and an EDL, end to end through the CLI binary
// against the real built server on its embedded defaults (PGlite, local storage, the offline
// provider, ffmpeg from @ffmpeg-installer/ffmpeg). Goal: the whole pipeline of a 10-page screenplay
// in at most 60 s on this machine.
//
//   node packages/cli/bench/pipeline.bench.mjs [--pages N] [--no-write]
//
// Run with `npm run bench -w @reelbench/cli` (which builds first). Rewrites the bench:pipeline
// section of docs/benchmarks.md (only for the 10-page run, unless --no-write).

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const GOAL_SECONDS = 60;
/** The videos step before the animatic encode was made faster (2026-11-25, same machine, same input). */
const VIDEOS_BEFORE_SECONDS = 121;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const SERVER = join(ROOT, 'packages/server/dist/main.js');
const MAKE_SCREENPLAY = join(ROOT, '../shared/tools/make-screenplay.mjs');

const args = process.argv.slice(2);
const pagesAt = args.indexOf('--pages');
const PAGES = pagesAt >= 0 ? Number(args[pagesAt + 1]) : 10;
const WRITE = !args.includes('--no-write') && PAGES === 10;

const scratch = mkdtempSync(join(tmpdir(), 'reelbench-pipeline-bench-'));
const dataDir = join(scratch, 'data');
const configDir = join(scratch, 'config');

function run(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: options.cwd ?? scratch,
      env: { ...process.env, REELBENCH_CONFIG_DIR: configDir, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${commandArgs.join(' ')} exited ${code}:\n${stderr}${stdout}`));
      else resolve(stdout);
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * CPU seconds of a process and everything below it, from /proc (Linux); null elsewhere. The server
 * starts ffmpeg from a helper process (process-launcher.ts) that lives as long as the server, so the
 * ffmpeg runs are counted in the helper's waited-for children, not the server's: each live process
 * of the tree adds its own time and that of the children it has waited for.
 */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of the line (11-14 after the command name).
    const own = fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
    let children = [];
    try {
      children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
      );
    } catch {
      // A process that has just ended: its own figure is all there is.
    }
    return children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) ?? 0), own);
  } catch {
    return null;
  }
}

const cli = (cliArgs, options) => run(process.execPath, [BIN, ...cliArgs], options);

/** The built server on a free port, its own data directory, the defaults otherwise. */
function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...(process.env.PIPELINE_BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean), SERVER],
      {
        cwd: scratch,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', REELBENCH_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /https?:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        child.stderr.resume();
        resolve({ child, url: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the server exited ${code}:\n${output}`)));
  });
}

async function main() {
  const screenplay = join(scratch, `screenplay-${PAGES}.fountain`);
  writeFileSync(screenplay, await run(process.execPath, [MAKE_SCREENPLAY, '--pages', String(PAGES)]));
  const server = await startServer();
  const env = { REELBENCH_SERVER: server.url };
  const loadBefore = loadavg();
  const steps = [];
  const step = async (name, fn) => {
    const started = performance.now();
    const cpuBefore = cpuSeconds(server.child.pid);
    const result = await fn();
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(server.child.pid);
    const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    steps.push({ name, seconds, cpu });
    console.error(`${name}: ${seconds.toFixed(1)} s, server CPU ${cpu?.toFixed(1)} s, load ${loadavg()[0]}`);
    return result;
  };
  try {
    await cli(['register', '--email', 'bench@example.com', '--username', 'bench', '--password-stdin'], {
      env,
      stdin: 'bench-password-1234',
    });
    const projectId = (await cli(['projects', 'create', 'Pipeline bench', '--quiet'], { env })).trim();
    const started = performance.now();
    const firstPass = await step('first pass (script push + first-pass)', () =>
      cli(['first-pass', projectId, '--script', screenplay, '--json'], { env }),
    );
    const shots = JSON.parse(firstPass).shots.length;
    await step('images (`render images`)', () => cli(['render', 'images', projectId, '--quiet'], { env }));
    await step('videos (`render videos`)', () => cli(['render', 'videos', projectId, '--quiet'], { env }));
    const mp4 = join(scratch, 'rough-cut.mp4');
    await step('rough cut MP4 (`export mp4`)', () =>
      cli(['export', 'mp4', projectId, '--out', mp4, '--quiet'], { env }),
    );
    const edl = join(scratch, 'cut.edl');
    await step('EDL (`export edl`)', () =>
      cli(['export', 'edl', projectId, '--out', edl, '--quiet'], { env }),
    );
    const total = (performance.now() - started) / 1000;
    const loadAfter = loadavg();
    report({ shots, total, steps, mp4Bytes: statSync(mp4).size, loadBefore, loadAfter });
  } finally {
    server.child.kill('SIGINT');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

function report({ shots, total, steps, mp4Bytes, loadBefore, loadAfter }) {
  const s = (value) => `${value.toFixed(1)} s`;
  const load = (values) => values.map((value) => value.toFixed(2)).join(' / ');
  const videos = steps.find((entry) => entry.name.startsWith('videos'));
  const lines = [
    '<!-- bench:pipeline:start -->',
    '## Pipeline end to end (screenplay → rough cut MP4 and EDL, through the CLI)',
    '',
    `Goal: a ${PAGES}-page screenplay from \`make-screenplay.mjs --pages ${PAGES}\` through first pass, images,`,
    `videos, the rough cut MP4 and the EDL in at most ${GOAL_SECONDS} s.`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model.trim() ?? 'unknown CPU'} (${cpus().length} cores),`,
    `Node ${process.version}; the built server (\`node packages/server/dist/main.js\`) on its embedded`,
    'defaults (PGlite, local storage, the offline provider, ffmpeg from @ffmpeg-installer/ffmpeg,',
    'JOB_CONCURRENCY = the core count) in a fresh data directory; each step is one run of',
    `\`packages/cli/dist/bin.js\`, timed from spawn to exit. ${shots} shots.`,
    `Load average (1/5/15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}.`,
    '',
    '| Step | Time | Server CPU (with ffmpeg) |',
    '|---|---:|---:|',
    ...steps.map(
      (entry) => `| ${entry.name} | ${s(entry.seconds)} | ${entry.cpu === null ? '-' : s(entry.cpu)} |`,
    ),
    `| **whole pipeline** | **${s(total)}** | ${steps.every((entry) => entry.cpu !== null) ? s(steps.reduce((sum, entry) => sum + entry.cpu, 0)) : '-'} |`,
    '',
    ...(PAGES === 10
      ? [
          `Videos step: ${s(videos.seconds)} now, ${VIDEOS_BEFORE_SECONDS} s before the animatic encode was made`,
          `faster (the same 10-page input on this machine); ${(VIDEOS_BEFORE_SECONDS / videos.seconds).toFixed(1)}x.`,
        ]
      : []),
    `The rough cut is ${(mp4Bytes / 1e6).toFixed(1)} MB.`,
    '',
    `Whole pipeline ${s(total)} (goal ≤ ${GOAL_SECONDS} s): ${total <= GOAL_SECONDS ? 'met' : 'NOT met'}.`,
    '',
    'Reproduce: `npm run bench -w @reelbench/cli` (or, after `npx tsc -b`,',
    '`node packages/cli/bench/pipeline.bench.mjs [--pages N]`; only the 10-page run is written here).',
    '<!-- bench:pipeline:end -->',
  ];
  const section = lines.join('\n');
  console.log(section);
  if (WRITE) writeBenchmarkSection('pipeline', section);
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
