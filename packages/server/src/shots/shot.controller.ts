import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type RouteBody,
  type RouteQuery,
  type Scene,
  type Shot,
  type ShotOrderReply,
  type ShotPage,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { ShotsService } from './shot.service.js';
import { ShotOrderService } from './shot-order.service.js';

const routes = HTTP_ROUTES.shots;

/** HTTP_ROUTES.shots and HTTP_ROUTES.scenes. */
@Controller()
export class ShotsController {
  constructor(
    private readonly shots: ShotsService,
    private readonly order: ShotOrderService,
  ) {}

  @Route(routes.list)
  list(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Query() query: RouteQuery<typeof routes.list>,
  ): Promise<ShotPage> {
    return this.shots.list(user, projectId, query);
  }

  @Route(routes.create)
  create(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.create>,
  ): Promise<Shot> {
    return this.shots.create(user, projectId, body);
  }

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<Shot> {
    return this.shots.get(user, id);
  }

  @Route(routes.update)
  update(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RouteBody<typeof routes.update>,
  ): Promise<Shot> {
    return this.shots.update(user, id, body);
  }

  @Route(routes.delete)
  delete(@CurrentUser() user: User, @Param('id') id: string): Promise<DeletedReply> {
    return this.shots.remove(user, id);
  }

  @Route(routes.reorder)
  reorder(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.reorder>,
  ): Promise<ShotOrderReply> {
    const { order, scenes } = body;
    return this.order.reorder(user, projectId, order, scenes);
  }

  @Route(HTTP_ROUTES.scenes.list)
  scenes(@CurrentUser() user: User, @Param('projectId') projectId: string): Promise<Scene[]> {
    return this.shots.scenes(user, projectId);
  }
}
