import type { Request } from 'express';

/**
 * The address a request came from, as the per-address limits count it: the socket's peer, or with
 * TRUST_PROXY the client address the trusted proxies report (Express's `trust proxy`).
 */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
