import { Body, Controller, Param } from '@nestjs/common';
import { type Cut, HTTP_ROUTES, type RouteBody, type Soundtrack, type User } from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { AudioService } from './audio.service.js';

const routes = HTTP_ROUTES.audio;

/** /api/audio: the project's soundtrack over HTTP (the same service as the audio socket domain). */
@Controller()
export class AudioController {
  constructor(private readonly audio: AudioService) {}

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('projectId') projectId: string): Promise<Soundtrack | null> {
    return this.audio.get(user, projectId);
  }

  @Route(routes.set)
  set(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.set>,
  ): Promise<Soundtrack> {
    return this.audio.set(user, projectId, body);
  }

  @Route(routes.setOffset)
  setOffset(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.setOffset>,
  ): Promise<Soundtrack> {
    return this.audio.setOffset(user, projectId, body.offsetSeconds);
  }

  @Route(routes.remove)
  remove(@CurrentUser() user: User, @Param('projectId') projectId: string) {
    return this.audio.remove(user, projectId);
  }

  @Route(routes.setCut)
  setCut(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.setCut>,
  ): Promise<Cut> {
    return this.audio.setCut(user, projectId, body);
  }
}
