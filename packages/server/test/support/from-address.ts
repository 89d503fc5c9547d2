import http from 'node:http';

/**
 * One HTTP request with a JSON body on a connection of its own from a chosen loopback source
 * address (127.0.0.x all reach a server on 127.0.0.1): what the per-address limits count.
 */
export function requestFrom(
  url: string,
  localAddress: string,
  body: unknown,
  options: { method?: string; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const text = body === undefined ? '' : JSON.stringify(body);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          data += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
