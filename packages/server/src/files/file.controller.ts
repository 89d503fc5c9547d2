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
import { FilesService } from './file.service.js';
import { sendObject } from './send-object.js';

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
    await sendObject(request, response, object, `private, max-age=${maxAge}`);
  }
}
