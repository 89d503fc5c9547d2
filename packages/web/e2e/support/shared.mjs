// What the browser suite (e2e/) and the web benchmark (bench/) both need: Chromium's flags and a
// free port for the server they start. Plain JavaScript, so the benchmark runs on plain Node;
// shared.d.mts gives the suite's TypeScript its types.
import { createServer } from 'node:net';

/** Headless Debian Chromium, quiet: no GPU, no QUIC, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
