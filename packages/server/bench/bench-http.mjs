// What the server benchmarks share: a JSON call to the built server's HTTP API, a websocket client
// and its envelope requests, and a median.
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';

/** One JSON request with the bearer token; throws with the status and the start of the body otherwise. */
export async function call(url, token, method, route, body) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A new user with a fresh name and address; resolves with its bearer token. */
export async function registerBenchUser(url, password = 'benchmark password') {
  const suffix = randomUUID().slice(0, 8);
  const { token } = await call(url, '', 'POST', '/api/auth/register', {
    email: `bench-${suffix}@example.com`,
    username: `bench_${suffix}`,
    password,
  });
  return token;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A websocket-only socket.io client (signed in when a token is given), resolved once connected. */
export function connectSocket(url, token) {
  const socket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One envelope request (`domain:action`), resolved with the reply's data; rejects on `domain:error`. */
export function socketRequest(socket, domain, action, payload) {
  const requestId = randomUUID();
  return new Promise((resolve, reject) => {
    const settle = (failed) => (envelope) => {
      if (envelope?.requestId !== requestId) return;
      socket.off(`${domain}:response`, ok);
      socket.off(`${domain}:error`, ko);
      if (failed || envelope.success === false) {
        reject(new Error(`${domain}:${action}: ${JSON.stringify(envelope)}`));
      } else resolve(envelope.data);
    };
    const ok = settle(false);
    const ko = settle(true);
    socket.on(`${domain}:response`, ok);
    socket.on(`${domain}:error`, ko);
    socket.emit(`${domain}:${action}`, { requestId, payload });
  });
}
