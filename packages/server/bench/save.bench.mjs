// Project save against the naive baseline: one save call with 1,000 dirty shots versus 1,000
// separate PATCH (or POST) requests, one per shot, on the built server started in-process.
// Run with `npm run bench -w @reelbench/server` (builds first; this file imports dist). PGlite
// always; Postgres too when DATABASE_URL is set. Rewrites the bench:save section of docs/benchmarks.md.

import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { call, median } from './bench-http.mjs';
import { withBenchServer } from './bench-server.mjs';

const SHOTS = 1_000;
const REPEATS = 5;
const GOAL_SPEEDUP = 10;
const GOAL_POSTGRES_MS = 500;

/** A full shot as the timeline sends it in a save. */
function dirtyShot(id, round, index) {
  return {
    id,
    name: `Shot ${index + 1} (round ${round})`,
    description: `The harbour at dawn, take ${round}.`,
    duration: 2 + (index % 7) * 0.5,
    start_time: index * 3,
    prompt: `wide shot, slow pan camera move, harbour market at dawn, round ${round}, shot ${index + 1}`,
    action: 'Mara crosses the market.',
    assets: [],
  };
}

async function timed(run) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Updating 1,000 existing shots, and creating 1,000 new ones, each way, REPEATS times interleaved. */
async function measure(url, token) {
  const project = await call(url, token, 'POST', '/api/projects', { name: 'Save benchmark' });
  const ids = Array.from({ length: SHOTS }, () => randomUUID());
  const save = (projectId, shots) =>
    call(url, token, 'POST', `/api/projects/${projectId}/save`, { saveId: randomUUID(), shots });
  await save(
    project.id,
    ids.map((id, i) => dirtyShot(id, 0, i)),
  );

  const samples = { updateSave: [], updatePatch: [], createSave: [], createPost: [] };
  for (let round = 1; round <= REPEATS; round += 1) {
    samples.updateSave.push(
      await timed(() =>
        save(
          project.id,
          ids.map((id, i) => dirtyShot(id, round, i)),
        ),
      ),
    );
    samples.updatePatch.push(
      await timed(async () => {
        for (const [i, id] of ids.entries()) {
          const { id: _id, ...updates } = dirtyShot(id, -round, i);
          await call(url, token, 'PATCH', `/api/shots/${id}`, updates);
        }
      }),
    );
    const forSave = await call(url, token, 'POST', '/api/projects', { name: `Create by save ${round}` });
    samples.createSave.push(
      await timed(() =>
        save(
          forSave.id,
          Array.from({ length: SHOTS }, (_, i) => dirtyShot(randomUUID(), round, i)),
        ),
      ),
    );
    const forPost = await call(url, token, 'POST', '/api/projects', { name: `Create by POST ${round}` });
    samples.createPost.push(
      await timed(async () => {
        for (let i = 0; i < SHOTS; i += 1) {
          await call(
            url,
            token,
            'POST',
            `/api/projects/${forPost.id}/shots`,
            dirtyShot(randomUUID(), round, i),
          );
        }
      }),
    );
    process.stdout.write('.');
  }
  return Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]));
}

const run = (database) =>
  withBenchServer({ database, progress: database }, (server, token) => measure(server.url, token));

const ms = (value) => `${value.toFixed(0)} ms`;

function rows(database, result) {
  const update = result.updatePatch / result.updateSave;
  const create = result.createPost / result.createSave;
  return {
    table: [
      `| ${database} | update ${SHOTS} | ${ms(result.updateSave)} | ${ms(result.updatePatch)} (PATCH each) | **${update.toFixed(1)}×** |`,
      `| ${database} | create ${SHOTS} | ${ms(result.createSave)} | ${ms(result.createPost)} (POST each) | **${create.toFixed(1)}×** |`,
    ],
    speedups: [update, create],
    saves: [result.updateSave, result.createSave],
  };
}

function report(results) {
  const measured = Object.entries(results).map(([database, result]) => ({
    database,
    ...rows(database, result),
  }));
  const speedupMet = measured.every((entry) => entry.speedups.every((value) => value >= GOAL_SPEEDUP));
  const postgres = measured.find((entry) => entry.database === 'postgres');
  const postgresLine = postgres
    ? `Postgres: slowest median save ${ms(Math.max(...postgres.saves))} (goal < ${GOAL_POSTGRES_MS} ms): ${
        Math.max(...postgres.saves) < GOAL_POSTGRES_MS ? 'met' : 'NOT met'
      }.`
    : 'Postgres: not measured, DATABASE_URL unset.';
  return [
    '## Project save',
    '',
    `Goal: one \`POST /api/projects/:id/save\` with ${SHOTS} dirty shots is at least ${GOAL_SPEEDUP}× faster than`,
    `the naive client that sends ${SHOTS} separate requests, one per shot, and takes < ${GOAL_POSTGRES_MS} ms on Postgres.`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores),`,
    `Node ${process.versions.node}; the built server in-process, HTTP on loopback; medians of ${REPEATS} runs, each way`,
    'interleaved. "update": every shot exists and changes; "create": every shot is new (a fresh project each run).',
    'The baseline sends its requests one after another, as a save loop in a client would.',
    `Load average (1/5/15 min) at the end of the run: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}${sharedMachine(loadavg()[0])}.`,
    '',
    '| Database | Shots | One save | Baseline | Speed-up |',
    '|---|---|---|---|---|',
    ...measured.flatMap((entry) => entry.table),
    '',
    `Speed-up ≥ ${GOAL_SPEEDUP}× in every row: ${speedupMet ? 'met' : 'NOT met'}.`,
    postgresLine,
    '',
    'Reproduce: `npm run bench -w @reelbench/server` (set DATABASE_URL to include Postgres).',
  ];
}

async function main() {
  const results = { pglite: await run('pglite') };
  if (process.env.DATABASE_URL) results.postgres = await run('postgres');
  const section = writeBenchmarkSection('save', report(results));
  console.log(section);
}

await main();
