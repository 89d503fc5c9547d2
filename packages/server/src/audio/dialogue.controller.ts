import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { HTTP_ROUTES, type RouteBody, type User } from '@reelbench/sdk/contract';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { sendObject } from '../files/send-object.js';
import { DialogueService } from './dialogue.service.js';

const routes = HTTP_ROUTES.audio;

/** /api/audio/:projectId/…: the scratch track over HTTP (the same service as the socket actions). */
@Controller()
export class DialogueController {
  constructor(private readonly dialogue: DialogueService) {}

  @Route(routes.generateDialogue)
  generate(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.generateDialogue>,
  ) {
    return this.dialogue.generate(user, projectId, body);
  }

  @Route(routes.listLines)
  list(@CurrentUser() user: User, @Param('projectId') projectId: string) {
    return this.dialogue.list(user, projectId);
  }

  @Route(routes.regenerateLine)
  regenerate(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('lineId') lineId: string,
    @Body() body: RouteBody<typeof routes.regenerateLine>,
  ) {
    return this.dialogue.regenerate(user, projectId, lineId, body);
  }

  @Route(routes.uploadLine)
  upload(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('lineId') lineId: string,
    @Body() body: RouteBody<typeof routes.uploadLine>,
  ) {
    return this.dialogue.uploadTake(user, projectId, lineId, body.key);
  }

  /** The clip itself: a WAV, byte ranges answered, private to the project's owner. */
  @Route(routes.lineFile)
  async file(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('lineId') lineId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const object = await this.dialogue.file(user, projectId, lineId);
    await sendObject(request, response, object, 'private, no-cache');
  }

  @Route(routes.timeShots)
  timeShots(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.timeShots>,
  ) {
    return this.dialogue.timeShots(user, projectId, body);
  }
}
