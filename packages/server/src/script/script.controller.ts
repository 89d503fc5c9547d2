import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import {
  HTTP_ROUTES,
  type Job,
  type RouteBody,
  type Script,
  type ScriptFormatHelp,
  type ScriptValidation,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { JobsService } from '../jobs/job.service.js';
import { ScriptService } from './script.service.js';

const routes = HTTP_ROUTES.script;

/**
 * HTTP_ROUTES.script. The fixed paths (jobs, validate, format-help) come before '/api/script/:projectId'
 * so that 'jobs' is never read as a project id.
 */
@Controller()
export class ScriptController {
  constructor(
    private readonly scripts: ScriptService,
    private readonly jobsService: JobsService,
  ) {}

  /** The user's jobs, newest first (the same list as jobs:list). */
  @Route(routes.jobs)
  async jobs(@CurrentUser() user: User): Promise<Job[]> {
    return (await this.jobsService.list(user, undefined)).jobs;
  }

  @Route(routes.cancelJob)
  cancelJob(@CurrentUser() user: User, @Param('id') id: string): Promise<Job> {
    return this.jobsService.cancel(user, id);
  }

  /**
   * 200 with {valid, findings, summary} for every script that could be checked, valid or not, so the
   * editor can show each finding on its line; a request that cannot be checked (wrong types, an
   * unknown format) is 400 VALIDATION_ERROR 'Script validation failed' with the reasons in details.
   */
  @Route(routes.validate)
  @HttpCode(200)
  validate(@Body() body: RouteBody<typeof routes.validate>): ScriptValidation {
    return this.scripts.validate(body);
  }

  @Route(routes.formatHelp)
  formatHelp(@Param('format') format: string): ScriptFormatHelp {
    return this.scripts.formatHelp(format);
  }

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param('projectId') projectId: string): Promise<Script> {
    return this.scripts.get(user, projectId);
  }

  @Route(routes.save)
  save(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Body() body: RouteBody<typeof routes.save>,
  ): Promise<Script> {
    return this.scripts.save(user, projectId, body);
  }
}
