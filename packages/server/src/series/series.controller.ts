import { Body, Controller, Param } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type RouteBody,
  type Series,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { SeriesService } from './series.service.js';

const routes = HTTP_ROUTES.series;

@Controller()
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Route(routes.list)
  list(@CurrentUser() user: User): Promise<Series[]> {
    return this.series.list(user);
  }

  @Route(routes.create)
  create(@CurrentUser() user: User, @Body() body: RouteBody<typeof routes.create>): Promise<Series> {
    return this.series.create(user, body);
  }

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<Series> {
    return this.series.get(user, id);
  }

  @Route(routes.update)
  update(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RouteBody<typeof routes.update>,
  ): Promise<Series> {
    return this.series.update(user, id, body);
  }

  @Route(routes.delete)
  delete(@CurrentUser() user: User, @Param('id') id: string): Promise<DeletedReply> {
    return this.series.remove(user, id);
  }
}
