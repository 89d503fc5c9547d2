import type { Reelbench } from '@reelbench/sdk';

/**
 * A request that outlives the page (the emergency save on unload): `fetch(…, { keepalive: true })`
 * to one of the server's HTTP routes, with the Authorization header a `navigator.sendBeacon` cannot
 * carry. Does not wait for the answer; false when it could not be sent.
 */
export function keepaliveRequest(
  client: Pick<Reelbench, 'auth' | 'http'>,
  method: 'PATCH' | 'POST' | 'PUT',
  path: string,
  body: unknown,
): boolean {
  if (typeof fetch !== 'function') return false;
  const token = client.auth.token;
  try {
    void fetch(`${client.http.baseUrl}${path}`, {
      method,
      keepalive: true,
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).catch(() => {});
    return true;
  } catch {
    return false;
  }
}
