import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import {
  type Cut,
  type CutComparisonReply,
  type CutImportResultReply,
  type CutSummary,
  cutExportQueryOptions,
  type DeletedReply,
  HTTP_ROUTES,
  type JobAcceptedReply,
  type Project,
  type RoughCut,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type User,
} from '@reelbench/sdk/contract';
import type { Response } from 'express';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { CutsService } from './cut.service.js';
import { CutPackageService } from './cut-package.service.js';
import { RoughCutService } from './rough-cut.service.js';
import { StoryboardService } from './storyboard.service.js';

const routes = HTTP_ROUTES.cuts;

@Controller()
export class CutsController {
  constructor(
    private readonly cuts: CutsService,
    private readonly packages: CutPackageService,
    private readonly storyboard: StoryboardService,
    private readonly roughCuts: RoughCutService,
  ) {}

  @Route(routes.list)
  list(
    @CurrentUser() user: User,
    @Param() { projectId }: RouteParams<typeof routes.list>,
  ): Promise<CutSummary[]> {
    return this.cuts.list(user, projectId);
  }

  @Route(routes.create)
  create(
    @CurrentUser() user: User,
    @Param() { projectId }: RouteParams<typeof routes.create>,
    @Body() body: RouteBody<typeof routes.create>,
  ): Promise<Cut> {
    return this.cuts.create(user, projectId, body);
  }

  @Route(routes.get)
  get(
    @CurrentUser() user: User,
    @Param() { projectId, cutId }: RouteParams<typeof routes.get>,
  ): Promise<Cut> {
    return this.cuts.get(user, projectId, cutId);
  }

  @Route(routes.rename)
  rename(
    @CurrentUser() user: User,
    @Param() { projectId, cutId }: RouteParams<typeof routes.rename>,
    @Body() body: RouteBody<typeof routes.rename>,
  ): Promise<Cut> {
    return this.cuts.rename(user, projectId, cutId, body.name);
  }

  @Route(routes.delete)
  delete(
    @CurrentUser() user: User,
    @Param() { projectId, cutId }: RouteParams<typeof routes.delete>,
  ): Promise<DeletedReply> {
    return this.cuts.remove(user, projectId, cutId);
  }

  @Route(routes.compare)
  compare(
    @CurrentUser() user: User,
    @Param() { projectId, olderId, newerId }: RouteParams<typeof routes.compare>,
  ): Promise<CutComparisonReply> {
    return this.cuts.compare(user, projectId, olderId, newerId);
  }

  /** The storyboard PDF; declared before `export` so that /export/pdf is this route, not a format. */
  @Route(routes.package)
  async package(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('cutId') cutId: string,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.packages.package(user, projectId, cutId);
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    file.stream.on('error', (error: Error) => response.destroy(error));
    file.stream.pipe(response);
  }

  @Route(routes.storyboard)
  async storyboardPdf(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('cutId') cutId: string,
    @Query() query: RouteQuery<typeof routes.storyboard>,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.storyboard.pdf(user, projectId, cutId, query.layout);
    response.status(200);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Length', String(file.bytes.length));
    response.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(file.bytes);
  }

  /** The file itself, as an attachment named by exportCut. */
  @Route(routes.export)
  async export(
    @CurrentUser() user: User,
    @Param() { projectId, cutId, format }: RouteParams<typeof routes.export>,
    @Query() query: RouteQuery<typeof routes.export>,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.cuts.export(user, projectId, cutId, format, cutExportQueryOptions(query));
    const body = Buffer.from(file.text, 'utf8');
    response.status(200);
    // A Buffer, with setHeader: Express would rewrite the charset the MIME type names.
    response.setHeader('Content-Type', file.mimeType);
    response.setHeader('Content-Length', String(body.length));
    response.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(body);
  }

  @Route(routes.import)
  import(
    @CurrentUser() user: User,
    @Param() { projectId, cutId }: RouteParams<typeof routes.import>,
    @Body() body: RouteBody<typeof routes.import>,
  ): Promise<CutImportResultReply> {
    return this.cuts.import(user, projectId, cutId, body.format, body.text, {
      frameRate: body.frameRate,
      dryRun: body.dryRun,
    });
  }

  @Route(routes.restore)
  restore(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('cutId') cutId: string,
  ): Promise<Project> {
    return this.cuts.restore(user, projectId, cutId);
  }

  @Route(routes.renderRoughCut)
  renderRoughCut(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Param('cutId') cutId: string,
    @Body() body: RouteBody<typeof routes.renderRoughCut>,
  ): Promise<JobAcceptedReply> {
    return this.roughCuts.render(user, projectId, cutId, body);
  }

  @Route(routes.getRoughCut)
  getRoughCut(
    @CurrentUser() user: User,
    @Param('projectId') projectId: string,
    @Query() query: RouteQuery<typeof routes.getRoughCut>,
  ): Promise<RoughCut | null> {
    return this.roughCuts.latest(user, projectId, query.cutId);
  }
}
