import { Body, Controller, Param } from '@nestjs/common';
import {
  HTTP_ROUTES,
  type RepositoryState,
  type RepositoryView,
  type RouteBody,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { RepositoryService } from './repository.service.js';

const routes = HTTP_ROUTES.repository;

/** HTTP_ROUTES.repository: the public page's data, and the owner's publish toggles. */
@Controller()
export class RepositoryController {
  constructor(private readonly repository: RepositoryService) {}

  @Route(routes.view)
  view(@Param('id') id: string): Promise<RepositoryView> {
    return this.repository.view(id);
  }

  @Route(routes.state)
  state(@CurrentUser() user: User, @Param('id') projectId: string): Promise<RepositoryState> {
    return this.repository.state(user, projectId);
  }

  @Route(routes.publishProject)
  publishProject(
    @CurrentUser() user: User,
    @Param('id') projectId: string,
    @Body() body: RouteBody<typeof routes.publishProject>,
  ): Promise<RepositoryState> {
    return this.repository.publishProject(user, projectId, body.published);
  }

  @Route(routes.publishAsset)
  publishAsset(
    @CurrentUser() user: User,
    @Param('id') assetId: string,
    @Body() body: RouteBody<typeof routes.publishAsset>,
  ): Promise<{ assetId: string; published: boolean }> {
    return this.repository.publishAsset(user, assetId, body.published);
  }
}
