import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type Scene,
  type Shot,
  type ShotOrderReply,
  type ShotPage,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { parse } from '../common/validation.js';
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
    @Query() query: unknown,
  ): Promise<ShotPage> {
    return this.shots.list(user, projectId, parse(routes.list.query, query ?? {}));
  }

  @Route(routes.create)
  create(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: unknown,
  ): Promise<Shot> {
    return this.shots.create(user, projectId, parse(routes.create.body, body ?? {}));
  }

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<Shot> {
    return this.shots.get(user, id);
  }

  @Route(routes.update)
  update(@CurrentUser() user: User, @Param('id') id: string, @Body() body: unknown): Promise<Shot> {
    return this.shots.update(user, id, parse(routes.update.body, body ?? {}));
  }

  @Route(routes.delete)
  delete(@CurrentUser() user: User, @Param('id') id: string): Promise<DeletedReply> {
    return this.shots.remove(user, id);
  }

  @Route(routes.reorder)
  reorder(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: unknown,
  ): Promise<ShotOrderReply> {
    const { order, scenes } = parse(routes.reorder.body, body ?? {});
    return this.order.reorder(user, projectId, order, scenes);
  }

  @Route(HTTP_ROUTES.scenes.list)
  scenes(@CurrentUser() user: User, @Param('projectId') projectId: string): Promise<Scene[]> {
    return this.shots.scenes(user, projectId);
  }
}
