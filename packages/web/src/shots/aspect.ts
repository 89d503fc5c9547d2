import { ASPECT_RATIOS, type AspectRatio, type Project } from '@reelbench/sdk';

const isAspect = (value: unknown): value is AspectRatio =>
  (ASPECT_RATIOS as readonly unknown[]).includes(value);

/**
 * The frame aspect of the project: its settings' `aspect` when they name one of ASPECT_RATIOS, else
 * the aspect most of its shots are framed at (the first pass records its style guide's `aspect` in
 * each shot's `composition_settings`, and the server renders at it), else 16:9.
 */
export function projectAspect(
  project: Pick<Project, 'settings'> | undefined,
  shots: readonly { composition_settings?: Record<string, unknown> | null }[] = [],
): AspectRatio {
  const value = (project?.settings as Record<string, unknown> | undefined)?.aspect;
  if (isAspect(value)) return value;
  const counts = new Map<AspectRatio, number>();
  for (const shot of shots) {
    const recorded = shot.composition_settings?.aspect;
    if (isAspect(recorded)) counts.set(recorded, (counts.get(recorded) ?? 0) + 1);
  }
  let best: AspectRatio = '16:9';
  let most = 0;
  for (const [aspect, count] of counts) {
    if (count > most) {
      best = aspect;
      most = count;
    }
  }
  return best;
}

export function aspectValue(aspect: AspectRatio): number {
  const [w, h] = aspect.split(':').map(Number);
  return (w ?? 16) / (h ?? 9);
}
