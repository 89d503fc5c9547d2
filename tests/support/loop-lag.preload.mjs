// Loaded into a server process with `node --import`: measures how late its event loop runs
// (perf_hooks.monitorEventLoopDelay, 10 ms resolution), independently of the server's own monitor.
// On SIGUSR2 it writes one line {"loopLag":{"maxMs":…,"p99Ms":…,"count":…}} to stdout for the
// time since the previous SIGUSR2 (or the start), then starts counting afresh.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;
    const loopLag = {
      maxMs: histogram.count > 0 ? ms(histogram.max) : 0,
      p99Ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
      count: histogram.count,
    };
    process.stdout.write(`${JSON.stringify({ loopLag })}\n`);
    histogram.reset();
  });
}
