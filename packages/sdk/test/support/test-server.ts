import { afterEach, vi } from 'vitest';

/**
 * One test server at a time for a test file: `serve` starts it; `stop` closes it early (to test a
 * refused connection). After each test real timers come back, `release` lets go of what the test
 * kept open (held responses, connected clients), and the server closes.
 */
export function useTestServer<Args extends unknown[], Server extends { close(): Promise<void> }>(
  start: (...args: Args) => Promise<Server>,
  release: () => void,
) {
  let server: Server | undefined;
  async function stop(): Promise<void> {
    await server?.close();
    server = undefined;
  }
  afterEach(async () => {
    vi.useRealTimers();
    release();
    await stop();
  });
  async function serve(...args: Args): Promise<Server> {
    server = await start(...args);
    return server;
  }
  return { serve, stop };
}
