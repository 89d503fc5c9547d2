import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider's HTTP server on loopback: its address, and close (every connection dropped). */
export interface FakeHttpServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a loopback server that reads each request's whole body before calling `handle` with it,
 * as a provider's API would see a request; an error thrown by `handle` is `onError`'s to answer.
 */
export async function startFakeHttp(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => Promise<void>,
  onError: (res: http.ServerResponse, error: unknown) => void = (res) => res.writeHead(500).end(),
): Promise<FakeHttpServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => onError(res, error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
