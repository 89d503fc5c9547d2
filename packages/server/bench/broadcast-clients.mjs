// The client side of bench:broadcast, in a process of its own: CLIENTS websocket clients in one
// room, a writer sending updates, and (Reelbench only) ten clients writing shot:update for acks.
// Reads its plan from BENCH_PLAN (JSON) and prints one JSON line of results.
import { performance } from 'node:perf_hooks';
import { connectSocket, socketRequest } from './bench-http.mjs';

const plan = JSON.parse(process.env.BENCH_PLAN ?? '{}');
const { mode, url, token, projectId, shotId, clients, latencyUpdates, intervalMs, burstUpdates, window } =
  plan;
const reelbench = mode === 'reelbench';

/** A client of the server under test (signed in on Reelbench). */
const connect = () => connectSocket(url, token);

const sentAt = new Map();
const received = new Map();
const latencies = [];
let lastDelivery = 0;

function listen(socket) {
  socket.on('shot:updated', (event) => {
    const seq = Number(String(event.shot?.description ?? '').split(' ')[1]);
    const at = performance.now();
    const sent = sentAt.get(seq);
    if (sent === undefined) return;
    latencies.push(at - sent);
    received.set(seq, (received.get(seq) ?? 0) + 1);
    lastDelivery = at;
  });
}

async function join(socket) {
  if (reelbench) await socketRequest(socket, 'project', 'subscribe', { projectId });
  else await new Promise((resolve) => socket.emit('join', projectId, resolve));
}

function update(writer, seq) {
  sentAt.set(seq, performance.now());
  const description = `seq ${seq}`;
  if (reelbench) return socketRequest(writer, 'shot', 'update', { shotId, updates: { description } });
  return new Promise((resolve) => writer.emit('broadcast', { room: projectId, description }, resolve));
}

const delivered = (seq) => (received.get(seq) ?? 0) >= clients;
async function allDelivered(seqs, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (!seqs.every(delivered)) {
    if (performance.now() > deadline) throw new Error(`deliveries missing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const sockets = [];
for (let i = 0; i < clients; i += 1) sockets.push(await connect());
for (const socket of sockets) {
  listen(socket);
  await join(socket);
}
const writer = await connect();

// Latency: one update at a time, spaced, so no update queues behind another.
const warm = Array.from({ length: 20 }, (_, i) => -1 - i);
for (const seq of warm) await update(writer, seq);
await allDelivered(warm);
latencies.length = 0;
const latencySeqs = Array.from({ length: latencyUpdates }, (_, i) => i);
for (const seq of latencySeqs) {
  await update(writer, seq);
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
await allDelivered(latencySeqs);
const p50 = percentile(latencies, 50);
const p99 = percentile(latencies, 99);

// Sustained: `window` updates in flight for burstUpdates updates; rate = updates fully delivered
// to every client per second, from the first send to the last delivery.
const burstSeqs = Array.from({ length: burstUpdates }, (_, i) => 100_000 + i);
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: window }, async () => {
    while (next < burstSeqs.length) await update(writer, burstSeqs[next++]);
  }),
);
await allDelivered(burstSeqs);
const updatesPerSecond = burstUpdates / ((lastDelivery - started) / 1000);

// Acknowledged writes: ten clients, each updating its own shot one request after another, with
// the 200 listeners gone (they measure the broadcast above, not the write path).
for (const socket of [...sockets, writer]) socket.close();
let acked;
if (reelbench && plan.ackShotIds) {
  const writers = await Promise.all(plan.ackShotIds.map(() => connect()));
  const until = performance.now() + plan.ackSeconds * 1000;
  let count = 0;
  const ackStart = performance.now();
  await Promise.all(
    writers.map(async (socket, i) => {
      for (let n = 0; performance.now() < until; n += 1) {
        await socketRequest(socket, 'shot', 'update', {
          shotId: plan.ackShotIds[i],
          updates: { description: `ack ${n}` },
        });
        count += 1;
      }
    }),
  );
  acked = count / ((performance.now() - ackStart) / 1000);
  for (const socket of writers) socket.close();
}

console.log(JSON.stringify({ mode, p50, p99, updatesPerSecond, acked, samples: latencies.length }));
process.exit(0);
