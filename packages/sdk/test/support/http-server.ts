import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestHttpServer {
  url: string;
  server: Server;
  hits: IncomingMessage[];
  close(): Promise<void>;
}

/** A real node:http server on 127.0.0.1:0; `hits` records every request as it arrives. */
export async function startHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestHttpServer> {
  const hits: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart/form-data request's body (read with readBody) as the Fetch API's FormData. */
export function formData(req: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': req.headers['content-type'] ?? '' },
  }).formData();
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Spins the event loop with setImmediate (never faked here) until the condition holds; bounded by
 * performance.now(), which the tests do not fake either, so it works while timers are fake.
 */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
