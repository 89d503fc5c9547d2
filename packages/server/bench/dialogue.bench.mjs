// The scratch track of a 10-page script (`audio:generate-dialogue`): every dialogue line spoken by the
// offline voice (eSpeak NG, WebAssembly) and finished by ffmpeg, stored per line, on the built server
// started in-process (PGlite). Then the same track after a one-line revision (one line re-spoken).
// Run with `npm run bench -w @reelbench/server` (builds first; this file imports dist), or alone:
// `node packages/server/bench/dialogue.bench.mjs` after `npx tsc -b`. Rewrites the bench:dialogue
// section of docs/benchmarks.md.

import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { call, connectSocket, median, socketRequest } from './bench-http.mjs';
import { withBenchServer } from './bench-server.mjs';

const PAGES = 10;
const ROUNDS = 3;
const GOAL_MS = 30_000;
const GENERATOR = fileURLToPath(new URL('../../../../shared/tools/make-screenplay.mjs', import.meta.url));

const script = execFileSync(process.execPath, [GENERATOR, '--pages', String(PAGES)], { encoding: 'utf8' });

/** The script with its first line of dialogue said differently. */
function revised() {
  const lines = script.split('\n');
  const at = lines.findIndex(
    (line, index) => index > 0 && /^[A-Z][A-Z .'()]+$/.test(lines[index - 1] ?? '') && /[a-z]/.test(line),
  );
  lines[at] = `${lines[at]} Tell me the truth.`;
  return lines.join('\n');
}

/** Queues the track and waits for its job; the wall time from the request to the completed job. */
async function track(socket, projectId) {
  const start = performance.now();
  const accepted = await socketRequest(socket, 'audio', 'generate-dialogue', { projectId });
  for (;;) {
    const { jobs } = await socketRequest(socket, 'jobs', 'list', { projectId });
    const job = jobs.find((entry) => entry.id === accepted.job.id);
    if (job?.status === 'completed') return { ms: performance.now() - start, result: job.result };
    if (job && ['failed', 'cancelled'].includes(job.status))
      throw new Error(`the track ${job.status}: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const loadAtStart = loadavg()[0];
  await withBenchServer({}, async (server, token) => {
    const socket = await connectSocket(server.url, token);
    const fresh = [];
    const revisions = [];
    let summary;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        // A new project each round: nothing cached, every line spoken.
        const project = await call(server.url, token, 'POST', '/api/projects', {
          name: `Dialogue bench ${round}`,
        });
        await call(server.url, token, 'PUT', `/api/script/${project.id}`, { content: script });
        await socketRequest(socket, 'script', 'generateShotsFromScript', {
          projectId: project.id,
          mode: 'cinematic',
        });
        const first = await track(socket, project.id);
        fresh.push(first.ms);
        summary = first.result;
        await call(server.url, token, 'PUT', `/api/script/${project.id}`, { content: revised() });
        const again = await track(socket, project.id);
        revisions.push({ ms: again.ms, spoken: again.result.spoken });
        process.stdout.write('.');
      }
    } finally {
      socket.close();
    }
    process.stdout.write('\n');
    const freshMs = median(fresh);
    const reviseMs = median(revisions.map((entry) => entry.ms));
    const audioSeconds = summary.totalMs / 1000;
    const section = [
      '## Scratch track (spoken dialogue)',
      '',
      `Goal: \`audio:generate-dialogue\` for a ${PAGES}-page script completes in < ${GOAL_MS / 1000} s on 2 cores.`,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores),`,
      `Node ${process.versions.node}; the built server in-process on PGlite, the offline voice (eSpeak NG compiled`,
      'to WebAssembly, `@echogarden/espeak-ng-emscripten`) and the bundled ffmpeg for the delivery filters; from the',
      'request to the completed job, polled every 100 ms over the socket; a new project each round (nothing cached);',
      `medians of ${ROUNDS} rounds. Input: \`make-screenplay.mjs --pages ${PAGES}\`.`,
      `Load average (1 min) at the start: ${loadAtStart.toFixed(2)}, at the end: ${loadavg()[0].toFixed(2)}${sharedMachine(
        Math.max(loadAtStart, loadavg()[0]),
      )}.`,
      '',
      '| Run | Lines | Spoken | Audio | Time | Real time ÷ time |',
      '|---|---|---|---|---|---|',
      `| whole track, nothing cached | ${summary.lines} | ${summary.spoken} | ${audioSeconds.toFixed(0)} s | ${(freshMs / 1000).toFixed(1)} s | ${(audioSeconds / (freshMs / 1000)).toFixed(0)}× |`,
      `| after a one-line revision | ${summary.lines} | ${revisions[0]?.spoken} | | ${(reviseMs / 1000).toFixed(2)} s | |`,
      '',
      `Under ${GOAL_MS / 1000} s: ${freshMs < GOAL_MS ? 'met' : 'NOT met'}.`,
      '',
      'Reproduce: `npm run bench -w @reelbench/server`, or `node packages/server/bench/dialogue.bench.mjs` after `npx tsc -b`.',
    ];
    console.log(writeBenchmarkSection('dialogue', section));
    if (freshMs >= GOAL_MS) process.exitCode = 1;
  });
}

await main();
