import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** packages/web/dist, seen from src/system or dist/system of the server package. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const NOT_THE_APP = /^\/(?:api|socket\.io)(?:\/|$)/;

export function webDistDir(configured: string | undefined): string | undefined {
  const dir = configured ?? DEFAULT_WEB_DIST;
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

/**
 * Serves the built web app at / and answers any other GET that is not /api or /socket.io with
 * index.html, so client-side routes (/project/…) survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.useStaticAssets(dir, { index: false, fallthrough: true });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_THE_APP.test(request.path);
    if (isPage && request.accepts('html')) response.sendFile(index);
    else next();
  });
}
