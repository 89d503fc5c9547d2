import { Body, Controller, Headers, HttpCode, Param } from '@nestjs/common';
import { HTTP_ROUTES, type ProjectSaveResult, type RouteBody, type User } from '@reelbench/sdk/contract';
import { bearerToken, CurrentUser } from '../auth/auth.guard.js';
import { Public, Route } from '../common/route.decorator.js';
import { ProjectSaveService } from './project-save.service.js';

const routes = HTTP_ROUTES.projects;

/** HTTP_ROUTES.projects.save and emergencySave. */
@Controller()
export class ProjectSaveController {
  constructor(private readonly saves: ProjectSaveService) {}

  @Route(routes.save)
  @HttpCode(200)
  save(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RouteBody<typeof routes.save>,
  ): Promise<ProjectSaveResult> {
    return this.saves.save(user, id, body);
  }

  /** A beacon cannot set headers: the service authenticates from the header or the body's token. */
  @Route(routes.emergencySave)
  @Public()
  @HttpCode(200)
  emergencySave(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: RouteBody<typeof routes.emergencySave>,
  ): Promise<{ accepted: boolean }> {
    return this.saves.emergencySave(bearerToken(authorization), body);
  }
}
