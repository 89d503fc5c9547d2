// bench:broadcast — `shot:updated` delivery to 200 websocket clients (p50, p99) and sustained
// updates per second, side by side with a bare socket.io server broadcasting the same payload to
// the same 200 clients; then acknowledged `shot:update` requests per second from 10 clients.
// Three processes: the server under test (the built dist/main.js, or the bare server), and the
// clients (broadcast-clients.mjs). Postgres when DATABASE_URL is set (a database of its own),
// else the embedded PGlite. Rewrites the bench:broadcast section of docs/benchmarks.md.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { call, registerBenchUser } from './bench-http.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '../dist/main.js');
const CLIENTS = 200;
const PLAN = {
  clients: CLIENTS,
  latencyUpdates: 200,
  intervalMs: 15,
  burstUpdates: 400,
  window: 8,
  ackSeconds: 5,
};
const GOALS = { p99Ratio: 1.5, throughputRatio: 0.8, acked: 1_000 };

/** Starts a process and resolves with the first stdout line matching `pattern` (and the child). */
function startProcess(args, env, pattern) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve({ child, match });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited ${code} before it was ready:\n${out}`)));
  });
}

function runClients(plan) {
  const child = spawn(process.execPath, [path.join(here, 'broadcast-clients.mjs')], {
    env: { ...process.env, BENCH_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`clients exited ${code}`)),
    ),
  );
}

async function postgresDatabase() {
  if (!process.env.DATABASE_URL) return undefined;
  const name = `reelbench_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reelbench-bench-broadcast-'));
  const database = await postgresDatabase();
  const { REDIS_URL: _redis, DATABASE_URL: _db, ...env } = process.env;
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under test.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const reelbench = await startProcess(
    [...nodeArgs, MAIN],
    {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      REELBENCH_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    },
    /Reelbench listening on (http:\/\/\S+) \(database: (\w+)\)/,
  );
  const [, url, databaseKind] = reelbench.match;
  let results;
  let bare;
  try {
    const token = await registerBenchUser(url);
    const project = await call(url, token, 'POST', '/api/projects', { name: 'Broadcast benchmark' });
    const newShot = (name) =>
      call(url, token, 'POST', `/api/projects/${project.id}/shots`, {
        name,
        description: 'The harbour at dawn',
        prompt: 'wide shot, slow pan, harbour market at dawn',
        duration: 3,
      });
    const shot = await newShot('Broadcast');
    const ackShots = [];
    for (let i = 0; i < 10; i += 1) ackShots.push(await newShot(`Writer ${i + 1}`));

    bare = await startProcess(
      [path.join(here, 'bare-broadcast-server.mjs')],
      { BENCH_SHOT: JSON.stringify(shot) },
      /"port":(\d+)/,
    );
    const bareUrl = `http://127.0.0.1:${bare.match[1]}`;
    // Side by side in one run: bare, Reelbench, bare again, Reelbench again; the better of each pair.
    const runs = { bare: [], reelbench: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.bare.push(await runClients({ ...PLAN, mode: 'bare', url: bareUrl, projectId: project.id }));
      runs.reelbench.push(
        await runClients({
          ...PLAN,
          mode: 'reelbench',
          url,
          token,
          projectId: project.id,
          shotId: shot.id,
          ...(round === 1 ? { ackShotIds: ackShots.map((s) => s.id) } : {}),
        }),
      );
    }
    const best = (list) => ({
      p50: Math.min(...list.map((r) => r.p50)),
      p99: Math.min(...list.map((r) => r.p99)),
      updatesPerSecond: Math.max(...list.map((r) => r.updatesPerSecond)),
    });
    results = {
      bare: best(runs.bare),
      reelbench: best(runs.reelbench),
      acked: runs.reelbench.at(-1).acked,
      databaseKind,
    };
  } finally {
    bare?.child.kill('SIGTERM');
    reelbench.child.kill('SIGTERM');
    await new Promise((resolve) => reelbench.child.once('exit', resolve));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const load = loadavg()[0];
  const { bare: b, reelbench: r } = results;
  const p99Ratio = r.p99 / b.p99;
  const throughputRatio = r.updatesPerSecond / b.updatesPerSecond;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const section = writeBenchmarkSection('broadcast', [
    '## shot:updated to 200 clients, and acknowledged writes',
    '',
    `${CLIENTS} websocket clients in one project room, in a process of their own; the server in another (${results.databaseKind}). ` +
      `Latency: ${PLAN.latencyUpdates} updates ${PLAN.intervalMs} ms apart, from the writer's send to each client's receipt (${CLIENTS * PLAN.latencyUpdates} deliveries). ` +
      `Sustained: ${PLAN.burstUpdates} updates with ${PLAN.window} in flight, counted when every client has each. ` +
      'The bare server is socket.io alone broadcasting the same payload to the same clients. Two rounds each, interleaved; the better of each.',
    '',
    `Machine: ${cpus().length} cores, load average ${load.toFixed(2)} when the run ended${sharedMachine(load)}.`,
    '',
    '| Server | p50 | p99 | Updates/s (all 200 clients) |',
    '|---|---|---|---|',
    `| bare socket.io | ${ms(b.p50)} | ${ms(b.p99)} | ${Math.round(b.updatesPerSecond)} |`,
    `| Reelbench shot:update → shot:updated | ${ms(r.p50)} | ${ms(r.p99)} | ${Math.round(r.updatesPerSecond)} |`,
    '',
    `p99 ${p99Ratio.toFixed(2)}× the bare server's (goal ≤ ${GOALS.p99Ratio}×): ${met(p99Ratio <= GOALS.p99Ratio)}. ` +
      `Throughput ${throughputRatio.toFixed(2)}× (goal ≥ ${GOALS.throughputRatio}×): ${met(throughputRatio >= GOALS.throughputRatio)}.`,
    '',
    `Acknowledged \`shot:update\` requests written to ${results.databaseKind === 'postgres' ? 'Postgres' : 'PGlite (no DATABASE_URL)'} by 10 clients, each one request after another, for ${PLAN.ackSeconds} s: ` +
      `${Math.round(results.acked)}/s (goal ≥ ${GOALS.acked}/s): ${met(results.acked >= GOALS.acked)}.`,
    '',
    'Reproduce: `DATABASE_URL=postgres://… npm run bench -w @reelbench/server` (bench/broadcast.bench.mjs).',
  ]);
  console.log(section);
}

await main();
