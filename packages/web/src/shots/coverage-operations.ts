import { type CoverageVariant, type FramingType, TOASTS } from '@reelbench/sdk';
import { queries, queryKeys } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { errorBody } from '../state/errors.js';
import { alternates } from './coverage.js';
import { type CoverageDialogState, coverageDialog } from './coverage-actions.js';
import { coverageRenders } from './coverage-progress.js';
import { framingLabel } from './model.js';

type Services = AppServices;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Writes variants into the shot's coverage query (replacing those it has, adding new ones). */
function writeVariants(services: Services, shotId: string, variants: readonly CoverageVariant[]): void {
  services.queryClient.setQueryData(queryKeys.coverage(shotId), (current) => {
    const list = [...(current ?? [])];
    for (const variant of variants) {
      const at = list.findIndex((entry) => entry.id === variant.id);
      if (at === -1) list.push(variant);
      else list[at] = variant;
    }
    return list;
  });
  // C on the storyboard loads the shot's alternates again, with these.
  alternates.set(shotId, undefined);
}

/**
 * Renders the images of the shot's variants (`generate-coverage`, one job). The lab shows the job's
 * progress live (the jobs tracker follows its events); the answer, when the job has ended, writes
 * the rendered variants.
 */
export async function generateCoverage(
  services: Services,
  shot: CoverageDialogState,
  variantIds: readonly string[],
): Promise<void> {
  const { client, toasts, activity, queryClient } = services;
  if (variantIds.length === 0) return;
  const ids = [...variantIds];
  queryClient.setQueryData(queryKeys.coverage(shot.shotId), (current) =>
    current?.map((variant) =>
      ids.includes(variant.id) ? { ...variant, generation_status: 'processing' as const } : variant,
    ),
  );
  coverageRenders(services).set((current) => ({ ...current, [shot.shotId]: ids.length }));
  try {
    const reply = await activity.track(
      client.shots.send('generate-coverage', { shotId: shot.shotId, variantIds: ids }),
    );
    writeVariants(services, shot.shotId, reply.variants);
    const rendered = reply.variants.filter((variant) => variant.image_url).length;
    const failed = reply.variants.length - rendered;
    if (failed > 0) {
      toasts.show({
        type: 'warning',
        title: 'Coverage partly rendered',
        message: `${rendered} of ${reply.variants.length} variants of shot ${shot.shotNumber} rendered; ${plural(failed, 'variant')} failed.`,
      });
    } else {
      toasts.show({
        type: 'success',
        title: 'Coverage Rendered',
        message: `${plural(rendered, 'variant')} of shot ${shot.shotNumber} rendered. On the storyboard, C cycles them and P promotes one.`,
      });
    }
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.coverage(shot.shotId) });
  } finally {
    coverageRenders(services).set((current) => {
      const { [shot.shotId]: _done, ...rest } = current;
      return rest;
    });
  }
}

/** Creates variants of the shot at the framings (`create-coverage`), then renders them when asked. */
export async function createCoverage(
  services: Services,
  shot: CoverageDialogState,
  framings: readonly FramingType[],
  { render }: { render: boolean },
): Promise<CoverageVariant[]> {
  const variants = await services.activity.track(
    services.client.shots.send('create-coverage', { shotId: shot.shotId, framingTypes: [...framings] }),
  );
  writeVariants(services, shot.shotId, variants);
  services.toasts.show({
    type: 'success',
    title: 'Coverage Created',
    message: `${plural(variants.length, 'variant')} of shot ${shot.shotNumber}: ${variants
      .map((variant) => framingLabel(variant.framingType))
      .join(', ')}${render ? ' · rendering their images' : ''}.`,
  });
  if (render)
    void generateCoverage(
      services,
      shot,
      variants.map((variant) => variant.id),
    );
  return variants;
}

/** Generate Coverage Images: the variants without an image; none yet opens Create Coverage. */
export async function generateMissingCoverage(
  services: AppServices,
  shot: CoverageDialogState,
): Promise<void> {
  let variants: CoverageVariant[];
  try {
    variants = await services.queryClient.fetchQuery(queries.coverage(services.client, shot.shotId));
  } catch (error) {
    services.toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
    return;
  }
  if (variants.length === 0) {
    coverageDialog(services).set(shot);
    return;
  }
  const missing = variants.filter(
    (variant) => !variant.image_url && variant.generation_status !== 'processing',
  );
  if (missing.length === 0) {
    services.toasts.show({
      type: 'info',
      title: 'Coverage up to date',
      message: `All ${plural(variants.length, 'variant')} of shot ${shot.shotNumber} have images.`,
    });
    return;
  }
  await generateCoverage(
    services,
    shot,
    missing.map((variant) => variant.id),
  );
}
