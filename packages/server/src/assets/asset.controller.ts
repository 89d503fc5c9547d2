import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  type Asset,
  type DeletedReply,
  HTTP_ROUTES,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { AssetsService } from './asset.service.js';
import { AssetImageEditsService } from './asset-image-edits.service.js';

const routes = HTTP_ROUTES.assets;

/** HTTP_ROUTES.assets. */
@Controller()
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly edits: AssetImageEditsService,
  ) {}

  @Route(routes.get)
  get(@CurrentUser() user: User, @Param() { id }: RouteParams<typeof routes.get>): Promise<Asset> {
    return this.assets.getById(user, id);
  }

  @Route(routes.listByProject)
  listByProject(
    @CurrentUser() user: User,
    @Param() { projectId }: RouteParams<typeof routes.listByProject>,
    @Query() { type }: RouteQuery<typeof routes.listByProject>,
  ): Promise<Asset[]> {
    return this.assets.getByProject(user, projectId, true, type);
  }

  @Route(routes.create)
  create(@CurrentUser() user: User, @Body() body: RouteBody<typeof routes.create>): Promise<Asset> {
    return this.assets.create(user, body);
  }

  @Route(routes.update)
  update(
    @CurrentUser() user: User,
    @Param() { id }: RouteParams<typeof routes.update>,
    @Body() body: RouteBody<typeof routes.update>,
  ): Promise<Asset> {
    return this.assets.update(user, id, body);
  }

  @Route(routes.delete)
  delete(
    @CurrentUser() user: User,
    @Param() { id }: RouteParams<typeof routes.delete>,
  ): Promise<DeletedReply> {
    return this.assets.remove(user, id);
  }

  @Route(routes.ensureImageBgRemoved)
  ensureImageBgRemoved(
    @CurrentUser() user: User,
    @Param() { id, key }: RouteParams<typeof routes.ensureImageBgRemoved>,
  ): Promise<Asset> {
    return this.edits.ensureImageBgRemoved(user, id, key);
  }

  @Route(routes.ensureVariantBgRemoved)
  ensureVariantBgRemoved(
    @CurrentUser() user: User,
    @Param() { id, key }: RouteParams<typeof routes.ensureVariantBgRemoved>,
  ): Promise<Asset> {
    return this.edits.ensureVariantBgRemoved(user, id, key);
  }
}
