import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isReelbenchError, type Shot } from '@reelbench/sdk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShotImageRequest } from '../../src/generation/generation.types.js';
import { renderShotImage } from '../../src/generation/local/local.provider.js';
import { RenderPool } from '../../src/generation/local/render-pool.js';
import { asset, discCutout, sha256 } from './generation.fixtures.js';

/** The worker is JavaScript: the suite runs after `tsc -b` (npm test builds first). */
const WORKER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/generation/local/render-worker.js',
);

function request(overrides: Partial<ShotImageRequest> = {}, image: Buffer | null = null): ShotImageRequest {
  const mara = asset('character', 'Mara');
  const shot: Pick<Shot, 'name' | 'action' | 'description' | 'framing' | 'assets'> = {
    name: 'Mara at the window',
    action: 'She waits.',
    description: null,
    framing: 'medium',
    assets: [{ assetId: mara.id, position: { x: 0.4, y: 0.6 }, scale: 1, rotation: 0 }],
  };
  return { shot, aspect: '16:9', style: 'gritty-filmic', assets: [{ asset: mara, image }], ...overrides };
}

describe('RenderPool (storyboard frames in worker threads)', () => {
  if (!existsSync(WORKER)) throw new Error(`build the server first: ${WORKER} is missing`);
  const pool = new RenderPool(2, WORKER);

  afterAll(async () => {
    await pool.close();
  });

  it('renders the same bytes as the calling thread, several at once', async () => {
    const cutout = await discCutout('#c04040');
    const requests = [request({}, cutout), request({ aspect: '9:16' }, cutout), request({ aspect: '1:1' })];
    const pooled = await Promise.all(requests.map((each) => pool.render(each)));
    const local = await Promise.all(requests.map((each) => renderShotImage(each)));
    expect(pooled.map((image) => [image.width, image.height])).toEqual([
      [1280, 720],
      [720, 1280],
      [1024, 1024],
    ]);
    expect(pooled.map((image) => sha256(image.png))).toEqual(local.map((image) => sha256(image.png)));
    expect(Buffer.isBuffer(pooled[0]?.png)).toBe(true);
  });

  it("passes a render's catalogue error back as the same error", async () => {
    const error = await pool
      .render(request({}, Buffer.from('not an image')))
      .catch((caught: unknown) => caught);
    expect(isReelbenchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((error as Error).message).toContain('is not a readable image');
    // The worker is still usable after a failed render.
    expect((await pool.render(request())).width).toBe(1280);
  });

  it('refuses work once closed', async () => {
    const closed = new RenderPool(1, WORKER);
    await closed.close();
    await expect(closed.render(request())).rejects.toThrow('The render pool is closed');
  });
});
