import { Body, Controller, Param } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type Project,
  type ProjectListEntry,
  type RouteBody,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { ProjectsService } from './project.service.js';

const routes = HTTP_ROUTES.projects;

/** HTTP_ROUTES.projects; save and emergencySave belong to the project-save work. */
@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Route(routes.list)
  list(@CurrentUser() user: User): Promise<ProjectListEntry[]> {
    return this.projects.list(user);
  }

  @Route(routes.create)
  create(@CurrentUser() user: User, @Body() body: RouteBody<typeof routes.create>): Promise<Project> {
    return this.projects.create(user, body);
  }

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<Project> {
    return this.projects.get(user, id);
  }

  @Route(routes.update)
  update(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RouteBody<typeof routes.update>,
  ): Promise<Project> {
    return this.projects.update(user, id, body);
  }

  @Route(routes.delete)
  delete(@CurrentUser() user: User, @Param('id') id: string): Promise<DeletedReply> {
    return this.projects.remove(user, id);
  }

  @Route(routes.bySeries)
  bySeries(@CurrentUser() user: User, @Param('seriesId') seriesId: string): Promise<ProjectListEntry[]> {
    return this.projects.listBySeries(user, seriesId);
  }
}
