import { assetTypeSchema } from '@reelbench/sdk/contract';
import { type DirectorAsset, directFirstPass, type FirstPassResult } from '@reelbench/sdk/screenplay';
import type { BreakdownAsset, BreakdownInput, BreakdownProvider } from './breakdown.types.js';

function directorAssets(assets: readonly BreakdownAsset[]): DirectorAsset[] {
  return assets.flatMap((asset) => {
    const type = assetTypeSchema.safeParse(asset.type);
    return type.success ? [{ ...asset, type: type.data }] : [];
  });
}

/** The embedded rule-based director: no network, the default. */
export class LocalBreakdownProvider implements BreakdownProvider {
  readonly name = 'local';

  async breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<FirstPassResult> {
    signal?.throwIfAborted();
    return directFirstPass(input.screenplay, input.styleGuide, { assets: directorAssets(input.assets) });
  }
}
