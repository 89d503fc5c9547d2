import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { StoredObject } from '../storage/storage.types.js';
import { parseByteRange, sliceStream } from './byte-range.js';

/**
 * Streams a stored object as the answer: its stored content type, or the one byte range asked for
 * (206; 416 past the end), so players can seek in audio and video. Uploaded bytes are never a page
 * of this origin, even when opened directly.
 */
export async function sendObject(
  request: Request,
  response: Response,
  object: StoredObject,
  cacheControl: string,
): Promise<void> {
  const range = parseByteRange(request.get('range'), object.size);
  // setHeader, not set(): Express would append a charset to the stored content type.
  response.setHeader('Content-Type', object.contentType);
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  if (range === 'unsatisfiable') {
    object.body.destroy();
    response.status(416);
    response.setHeader('Content-Range', `bytes */${object.size}`);
    response.end();
    return;
  }
  if (range === null) {
    response.status(200);
    response.setHeader('Content-Length', String(object.size));
    await pipeline(object.body, response).catch(() => response.destroy());
    return;
  }
  response.status(206);
  response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  response.setHeader('Content-Length', String(range.end - range.start + 1));
  await pipeline(sliceStream(object.body, range), response).catch(() => response.destroy());
}
