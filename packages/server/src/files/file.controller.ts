import { pipeline } from 'node:stream/promises';
import { Body, Controller, Get, Param, Query, Req, Res, UploadedFile } from '@nestjs/common';
import {
  type DownloadUrl,
  HTTP_ROUTES,
  type RouteBody,
  type StorageTest,
  type StoredFile,
  type UploadResult,
  type User,
  type VideoMigration,
} from '@reelbench/sdk/contract';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/auth.guard.js';
import { Public, Route } from '../common/route.decorator.js';
import type { UploadedBlob } from '../common/upload.interceptor.js';
import { RAW_FILES_PATH } from '../storage/url-signer.js';
import { parseByteRange, sliceStream } from './byte-range.js';
import { FilesService } from './file.service.js';

const routes = HTTP_ROUTES.files;

/** The origin the client reached us on: a /api/files/raw URL with it is one of ours. */
function requestOrigin(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? ''}`;
}

/** Express 5 hands a `*key` wildcard over as its segments. */
function wildcardKey(value: string | string[]): string {
  return Array.isArray(value) ? value.join('/') : value;
}

/** HTTP_ROUTES.files, plus the public route that serves signed URLs. */
@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Route(routes.uploadImage)
  uploadImage(
    @CurrentUser() user: User,
    @Body() body: RouteBody<typeof routes.uploadImage>,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<UploadResult> {
    return this.files.uploadImage(user, body, file);
  }

  @Route(routes.uploadAudio)
  uploadAudio(
    @CurrentUser() user: User,
    @Body() body: RouteBody<typeof routes.uploadAudio>,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<UploadResult> {
    return this.files.uploadAudio(user, body, file);
  }

  @Route(routes.uploadJson)
  uploadJson(
    @CurrentUser() user: User,
    @Body() body: RouteBody<typeof routes.uploadJson>,
  ): Promise<UploadResult> {
    return this.files.uploadJson(user, body);
  }

  @Route(routes.download)
  download(@CurrentUser() user: User, @Param('key') key: string): Promise<DownloadUrl> {
    return this.files.download(user, key);
  }

  @Route(routes.delete)
  remove(@CurrentUser() user: User, @Param('key') key: string): Promise<{ deleted: true; key: string }> {
    return this.files.remove(user, key);
  }

  @Route(routes.list)
  list(@CurrentUser() user: User, @Param('projectId') projectId: string): Promise<{ files: StoredFile[] }> {
    return this.files.list(user, projectId);
  }

  @Route(routes.test)
  test(): Promise<StorageTest> {
    return this.files.test();
  }

  @Route(routes.migrateVideo)
  migrateVideo(
    @CurrentUser() user: User,
    @Body() body: RouteBody<typeof routes.migrateVideo>,
    @Req() request: Request,
  ): Promise<VideoMigration> {
    return this.files.migrateVideo(user, body, requestOrigin(request));
  }

  /**
   * Public: the signature is the permission. Streams the object with its stored content type, or
   * the one byte range asked for (206), so players can seek in audio and video.
   */
  @Public()
  @Get(`${RAW_FILES_PATH}/*key`)
  async raw(
    @Param('key') key: string | string[],
    @Query('expires') expires: unknown,
    @Query('sig') sig: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const object = await this.files.openSigned(wildcardKey(key), expires, sig);
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    const range = parseByteRange(request.get('range'), object.size);
    // setHeader, not set(): Express would append a charset to the stored content type.
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Cache-Control', `private, max-age=${maxAge}`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Uploaded bytes are never a page of this origin, even when opened directly.
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
}
