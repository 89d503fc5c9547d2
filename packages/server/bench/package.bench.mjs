// The hand-off package of a feature: 2,000 shots, each with its own still from the offline provider,
// streamed as one zip from the built server started in-process (PGlite). Time to the last byte and
// the server process's peak memory while streaming (its maximum resident set before and after).
// Run with `npm run bench -w @reelbench/server`, or `node packages/server/bench/package.bench.mjs`
// after `npx tsc -b`. Rewrites the bench:package section of docs/benchmarks.md.

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp, loadConfig } from '@reelbench/server';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { call, connectSocket, registerBenchUser, socketRequest } from './bench-http.mjs';

const SHOTS = Number(process.env.PACKAGE_BENCH_SHOTS ?? 2_000);
const startLoad = loadavg()[0];
const dataDir = await mkdtemp(path.join(tmpdir(), 'reelbench-package-bench-'));
const server = await createApp(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    REELBENCH_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    GENERATIONS_PER_MINUTE: '100000',
    MAX_ACTIVE_JOBS_PER_USER: '100000',
  }),
);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
try {
  const token = await registerBenchUser(server.url);
  const project = await call(server.url, token, 'POST', '/api/projects', { name: 'Package benchmark' });
  const ids = Array.from({ length: SHOTS }, () => randomUUID());
  await call(server.url, token, 'POST', `/api/projects/${project.id}/save`, {
    saveId: randomUUID(),
    shots: ids.map((id, i) => ({
      id,
      name: `${Math.floor(i / 8) + 1}.${(i % 8) + 1} Medium – MARA crosses to the ledger`,
      description: `Shot ${i + 1}: the harbour at dawn, Mara crosses the market.`,
      duration: 2 + (i % 5) * 0.5,
      start_time: i * 3,
      prompt: `medium shot, harbour market at dawn, shot ${i + 1}`,
      assets: [],
    })),
  });
  const socket = await connectSocket(server.url, token);
  const renderStart = performance.now();
  const accepted = await socketRequest(socket, 'shot', 'generate-batch', {
    projectId: project.id,
    all: true,
  });
  for (;;) {
    const { jobs } = await socketRequest(socket, 'jobs', 'list', { projectId: project.id });
    const job = jobs.find((entry) => entry.id === accepted.job.id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.status)) {
      if (job.status !== 'completed') throw new Error(`the stills job ended ${job.status}: ${job.error}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const renderSeconds = (performance.now() - renderStart) / 1000;
  const cut = await socketRequest(socket, 'cut', 'create', { projectId: project.id, name: 'Feature' });
  socket.close();

  const before = process.resourceUsage().maxRSS;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const start = performance.now();
  const response = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cut.id}/package`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`package → ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let firstByte;
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - start;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const after = process.resourceUsage().maxRSS;

  const section = writeBenchmarkSection('package', [
    `## Hand-off package of a feature (${SHOTS.toLocaleString('en')} shots)`,
    '',
    `A project of ${SHOTS.toLocaleString('en')} shots, each with its own still from the offline provider ` +
      `(rendered first by one batch job in ${renderSeconds.toFixed(0)} s, not counted), cut and packaged: ` +
      '`GET /api/projects/:projectId/cuts/:cutId/package` on the built server in this process (PGlite, local storage), read to the last byte.',
    `Machine: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, load average ` +
      `${startLoad.toFixed(1)} when the run started${sharedMachine(startLoad)}, ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| Package | size | first byte | last byte | throughput | process peak memory (max RSS) | heap while streaming |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| ${SHOTS.toLocaleString('en')} stills, OTIO + FCPXML + ${SHOTS > 999 ? '(no EDL: over 999 events)' : 'EDL'} + README | ${(bytes / 1_000_000).toFixed(1)} MB | ` +
      `${firstByte.toFixed(0)} ms | ${seconds.toFixed(2)} s | ${(bytes / 1_000_000 / seconds).toFixed(0)} MB/s | ` +
      `${mb(after)} (${mb(before)} before; +${mb(Math.max(0, after - before))}) | +${((heapPeak - heapBefore) / 1_000_000).toFixed(0)} MB at most |`,
    '',
    'The zip is streamed (yazl): each media file is read from storage only when the zip reaches it, so memory',
    'does not grow with the size of the film. Reproduce: `node packages/server/bench/package.bench.mjs` (after',
    '`npx tsc -b`; `PACKAGE_BENCH_SHOTS=200` for a quick run).',
  ]);
  console.log(section);
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
