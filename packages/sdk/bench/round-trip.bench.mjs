// SDK request round trip against a bare socket.io acknowledgement, on loopback.
// Run with `npm run bench -w @reelbench/sdk` (builds the SDK first; this file imports its dist).
// Rewrites the section between the bench:sdk-roundtrip markers in docs/benchmarks.md.

import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SocketClient } from '@reelbench/sdk';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { sharedMachine, writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';

const N = 2_000;
const ROUNDS = 5;
const WARMUP = 500;
const BLOCK = 10;
const GOAL_RATIO = 1.15;
const payload = { projectId: '7b0c1d7e-8f7e-4f57-9d43-1f4a0d6f3c11' };

async function startServer() {
  const http = createServer();
  const server = new Server(http);
  server.on('connection', (socket) => {
    // The envelope responder a gateway wrapper produces: domain:response with the requestId.
    socket.on('project:getOne', (envelope) =>
      socket.emit('project:response', {
        requestId: envelope.requestId,
        success: true,
        data: envelope.payload,
      }),
    );
    socket.on('bare:echo', (message, ack) => ack(message));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${http.address().port}` };
}

async function connectBare(url) {
  const socket = io(url, { transports: ['websocket'], forceNew: true });
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const micros = (value) => `${value.toFixed(1)} µs`;

async function timeBlock(count, once, into) {
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await once();
    into?.push((performance.now() - start) * 1_000);
  }
}

/** One round: N calls per path, in blocks of 10 whose order rotates so no path always goes first. */
async function round(paths) {
  const samples = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  const order = Object.entries(paths);
  for (let done = 0; done < N; done += BLOCK) {
    for (const [name, once] of order) await timeBlock(BLOCK, once, samples[name]);
    order.push(order.shift());
  }
  return samples;
}

function report(rounds) {
  const stat = (name) => ({
    median: median(rounds.map((samples) => median(samples[name]))),
    p95: p95(rounds.flatMap((samples) => samples[name])),
  });
  const [sdk, envelope, bare] = ['sdk', 'envelope', 'bare'].map(stat);
  const ratios = rounds.map((samples) => median(samples.sdk) / median(samples.bare));
  const ratio = median(ratios);
  const verdict = ratio <= GOAL_RATIO ? 'met' : 'NOT met';
  return [
    '## SDK request round-trip',
    '',
    'Goal: `SocketClient.request` (requestId envelope, shared per-domain listener, per-action timeout,',
    'circuit breaker) adds at most 15% to the median round trip of a bare socket.io acknowledgement.',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores),`,
    `Node ${process.versions.node}, loopback websocket, server in the same process; ${ROUNDS} rounds of`,
    `${N} sequential round trips per path, in blocks of ${BLOCK} in rotating order, after ${WARMUP} warm-up`,
    `calls each; 1-minute load average at the start: ${loadavg()[0].toFixed(1)}${sharedMachine(loadavg()[0])}. Medians are the median of`,
    'the round medians; p95 is over all rounds.',
    '',
    '| Path | Median | p95 |',
    '|---|---|---|',
    `| SDK \`request('project', 'getOne')\` | ${micros(sdk.median)} | ${micros(sdk.p95)} |`,
    `| minimal envelope client (same protocol, no SDK) | ${micros(envelope.median)} | ${micros(envelope.p95)} |`,
    `| bare \`emit('bare:echo', ack)\` | ${micros(bare.median)} | ${micros(bare.p95)} |`,
    '',
    `SDK median / bare median: **${ratio.toFixed(3)}** (median of the rounds; range`,
    `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}); goal ≤ ${GOAL_RATIO}: ${verdict}.`,
    `The envelope protocol alone (an event reply carrying a UUID, instead of an ack) is`,
    `${(envelope.median / bare.median).toFixed(3)} of bare; the SDK over a minimal envelope client is ${(sdk.median / envelope.median).toFixed(3)}.`,
    '',
    'Reproduce: `npm run bench -w @reelbench/sdk`.',
  ];
}

async function main() {
  const { server, url } = await startServer();
  const sdk = new SocketClient({ url });
  await sdk.connect();
  const bare = await connectBare(url);
  const envelope = await connectBare(url);
  const waiting = new Map();
  envelope.on('project:response', ({ requestId, data }) => {
    waiting.get(requestId)?.(data);
    waiting.delete(requestId);
  });

  const paths = {
    sdk: () => sdk.request('project', 'getOne', payload),
    envelope: () =>
      new Promise((resolve) => {
        const requestId = crypto.randomUUID();
        waiting.set(requestId, resolve);
        envelope.emit('project:getOne', { requestId, payload });
      }),
    bare: () => new Promise((resolve) => bare.emit('bare:echo', payload, resolve)),
  };
  for (const once of Object.values(paths)) await timeBlock(WARMUP, once);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round(paths));

  const section = writeBenchmarkSection('sdk-roundtrip', report(rounds));
  process.stdout.write(`${section}\n`);
  sdk.disconnect();
  bare.disconnect();
  envelope.disconnect();
  await server.close();
}

await main();
