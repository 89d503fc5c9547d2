import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Asset,
  type CreateCastReply,
  createCastReplySchema,
  type FirstPassResponse,
  type Shot,
} from '../../packages/sdk/dist/contract/index.js';
import type { Reelbench } from '../../packages/sdk/dist/index.js';
import {
  CAST_SCRIPT,
  figuresOver,
  renderedWithoutFigures,
} from '../../packages/server/test/support/cast-fixtures.js';
import { useCliSession } from './support/cli-harness.js';

const cli = useCliSession('cast');
let sdk: Reelbench;
let projectId: string;

const reelbench = cli.run;

async function download(url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, cli.server.url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  ({ sdk, projectId } = await cli.projectWithScript(
    'odile@example.com',
    'Low Tide',
    'low-tide.fountain',
    CAST_SCRIPT,
  ));
});

describe('the cast from the script with the built binary', () => {
  it('first-pass --create-assets makes the shots, then exactly the three characters and four locations', async () => {
    const result = await reelbench(['first-pass', projectId, '--create-assets', '--json']);
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    const reply = JSON.parse(result.stdout) as FirstPassResponse & { cast: CreateCastReply };
    const cast = createCastReplySchema.parse(reply.cast);
    expect(cast.created.map((asset) => `${asset.type}:${asset.name}`)).toEqual([
      'character:Mara',
      'character:Eli',
      'character:Odile',
      'location:Lighthouse',
      'location:Harbor Market',
      'location:Diner',
      'location:Pier',
    ]);
    expect(cast.placedShotIds.length).toBe(reply.shots.length);
  });

  it('assets from-script --generate creates nothing twice and renders the default images in one job', async () => {
    const result = await reelbench(['assets', 'from-script', projectId, '--generate']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Nothing to create: every cast member has an asset');
    expect(result.stdout).toMatch(/character\s+Odile\s+[0-9a-f-]{36}/);
    // The job's progress, one line per image, on stderr.
    expect(result.stderr).toContain('100% Generated 7/7 cast images');
    const again = JSON.parse((await reelbench(['assets', 'from-script', projectId, '--json'])).stdout);
    expect(createCastReplySchema.parse(again)).toMatchObject({ created: [], placedShotIds: [], job: null });
    const assets: Asset[] = await sdk.assets.listByProject(projectId);
    expect(assets).toHaveLength(7);
    for (const asset of assets) expect(asset.images[asset.config.defaultImageKey]?.url).toBeTruthy();
  });

  it('after a render, a two-shot frame shows two figures over its scene’s shared backdrop', async () => {
    expect((await reelbench(['render', 'images', projectId])).code).toBe(0);
    const shots: Shot[] = (await sdk.shots.list(projectId)).shots;
    const assets = new Map((await sdk.assets.listByProject(projectId)).map((asset) => [asset.id, asset]));
    const lighthouse = shots.filter((shot) => shot.name.startsWith('1.'));
    expect(new Set(lighthouse.map((shot) => shot.assets[0]?.assetId)).size).toBe(1);
    const twoShot = lighthouse.find((shot) => shot.framing === 'two-shot') as Shot;
    const location = assets.get(twoShot.assets[0]?.assetId as string) as Asset;
    expect(location.name).toBe('Lighthouse');
    const backdrop = await download(location.images[location.config.defaultImageKey]?.url as string);
    const frame = await download(twoShot.image_url as string);
    expect(await figuresOver(frame, await renderedWithoutFigures(twoShot, backdrop))).toBe(2);
  });
});
