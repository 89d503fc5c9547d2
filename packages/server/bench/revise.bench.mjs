// Revising the first pass after a one-line script edit versus replacing it, on a 120-page script,
// on the built server started in-process (the whole socket round trip: directing the script, the
// transaction, the events). Run with `npm run bench -w @reelbench/server` (builds first; this file
// imports dist), or alone: `node packages/server/bench/revise.bench.mjs` after `npx tsc -b`. PGlite
// always; Postgres too when DATABASE_URL is set. Rewrites the bench:revise section of docs/benchmarks.md.

import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { call, connectSocket, median, socketRequest } from './bench-http.mjs';
import { withBenchServer } from './bench-server.mjs';

const PAGES = 120;
const REPEATS = 5;
const GOAL_MS = 1_000;
const GENERATOR = fileURLToPath(new URL('../../../../shared/tools/make-screenplay.mjs', import.meta.url));

const script = execFileSync(process.execPath, [GENERATOR, '--pages', String(PAGES)], { encoding: 'utf8' });

/** The script with one line of dialogue (the one nearest the middle) read one of two ways. */
function withLine(variant) {
  const lines = script.split('\n');
  let at = Math.floor(lines.length / 2);
  // A dialogue line: text under a character cue (all capitals) or under a parenthetical.
  while (
    at < lines.length &&
    !(/^[A-Z][A-Z .'()]+$/.test(lines[at - 1] ?? '') && /[a-z]/.test(lines[at] ?? ''))
  )
    at += 1;
  lines[at] = `${lines[at]} ${variant === 0 ? 'Tell me the truth.' : 'Tell me the whole truth, now.'}`;
  return lines.join('\n');
}

async function timed(run) {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

async function measure(url, token) {
  const project = await call(url, token, 'POST', '/api/projects', { name: 'Revise benchmark' });
  const socket = await connectSocket(url, token);
  const save = (content) => call(url, token, 'PUT', `/api/script/${project.id}`, { content });
  const pass = (update) =>
    socketRequest(socket, 'script', 'generateShotsFromScript', {
      projectId: project.id,
      mode: 'cinematic',
      ...(update ? { update } : {}),
    });
  try {
    await save(withLine(0));
    const first = await pass();
    const samples = { revise: [], replace: [] };
    const counts = [];
    for (let round = 1; round <= REPEATS; round += 1) {
      await save(withLine(round % 2));
      const revised = await timed(() => pass());
      samples.revise.push(revised.ms);
      counts.push({
        kept: revised.result.kept.length,
        changed: revised.result.changed.length,
        added: revised.result.added.length,
        removed: revised.result.removed.length,
      });
      await save(withLine((round + 1) % 2));
      samples.replace.push((await timed(() => pass('replace'))).ms);
      process.stdout.write('.');
    }
    return {
      shots: first.shots.length,
      counts: counts[0],
      revise: median(samples.revise),
      replace: median(samples.replace),
    };
  } finally {
    socket.close();
  }
}

const run = (database) =>
  withBenchServer({ database, progress: database }, (server, token) => measure(server.url, token));

const ms = (value) => `${value.toFixed(0)} ms`;

function report(results) {
  const pglite = results.pglite;
  const rows = Object.entries(results).map(
    ([database, r]) =>
      `| ${database} | ${r.shots} | ${r.counts.changed} changed, ${r.counts.added} added, ${r.counts.removed} removed, ${r.counts.kept} kept | ${ms(r.revise)} | ${ms(r.replace)} | ${(r.replace / r.revise).toFixed(1)}× |`,
  );
  return [
    '## Revising the first pass',
    '',
    `Goal: after a one-line edit of a ${PAGES}-page script, revising the first pass (\`script:generateShotsFromScript\`,`,
    `update 'revise') takes < ${GOAL_MS} ms on PGlite; side by side with a full replace (update 'replace').`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores),`,
    `Node ${process.versions.node}; the built server in-process, socket round trip on loopback (directing the whole`,
    `script, the transaction and the events); medians of ${REPEATS} runs each, interleaved; each revise changes one line`,
    `of dialogue (\`make-screenplay.mjs --pages ${PAGES}\`, the line nearest the middle, read two ways in turn).`,
    `Load average (1/5/15 min) at the end of the run: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}${sharedMachine(loadavg()[0])}.`,
    '',
    '| Database | Shots | Revision | Revise | Replace | Replace ÷ revise |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Revise < ${GOAL_MS} ms on PGlite: ${pglite.revise < GOAL_MS ? 'met' : 'NOT met'}.`,
    '',
    'Reproduce: `npm run bench -w @reelbench/server` (set DATABASE_URL to include Postgres).',
  ];
}

async function main() {
  const results = { pglite: await run('pglite') };
  if (process.env.DATABASE_URL) results.postgres = await run('postgres');
  console.log(writeBenchmarkSection('revise', report(results)));
}

await main();
