import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** packages/web/dist/app (Vite's output), seen from src/system or dist/system of the server package. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/app', import.meta.url));
const NOT_THE_APP = /^\/(?:api|socket\.io)(?:\/|$)/;
/** Vite names every built asset by its content hash, so a name never changes meaning. */
const HASHED_ASSET = /^\/assets\//;

export function webDistDir(configured: string | undefined): string | undefined {
  const dir = configured ?? DEFAULT_WEB_DIST;
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

/**
 * The workbench's Content-Security-Policy: scripts, styles, fonts and the socket from our own origin
 * only; images and media also from signed storage URLs (https) and inlined data/blob previews; the
 * page may not be framed.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(response: Response): void {
  response.setHeader('Content-Security-Policy', WEB_CSP);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Referrer-Policy', 'same-origin');
}

/**
 * Serves the built web app at /: hashed assets cached for a year as immutable, index.html never
 * cached (so a new build is picked up at once), and any other GET that is not /api or /socket.io
 * answered with index.html, so client-side routes (/project/…) survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!NOT_THE_APP.test(request.path)) securityHeaders(response);
    next();
  });
  app.useStaticAssets(dir, {
    index: false,
    fallthrough: true,
    setHeaders: (response, filePath) => {
      const relative = `/${path.relative(dir, filePath).split(path.sep).join('/')}`;
      response.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_THE_APP.test(request.path);
    if (isPage && request.accepts('html')) {
      response.setHeader('Cache-Control', 'no-store');
      response.sendFile(index);
    } else next();
  });
}
