import type { ShotAssetPlacement } from '@reelbench/sdk';

/** Keyboard nudges of a placement: arrows 1 % of the frame, Shift+arrows 10 %. */
export const NUDGE = 0.01;
export const NUDGE_LARGE = 0.1;

const clamp01 = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 10000) / 10000;

/** The placement moved by (dx, dy) in frame fractions, kept inside the frame. */
export function nudged(placement: ShotAssetPlacement, dx: number, dy: number): ShotAssetPlacement {
  return {
    ...placement,
    position: { x: clamp01(placement.position.x + dx), y: clamp01(placement.position.y + dy) },
  };
}

/** The placement at a frame position (0..1 each). */
export function movedTo(placement: ShotAssetPlacement, x: number, y: number): ShotAssetPlacement {
  return { ...placement, position: { x: clamp01(x), y: clamp01(y) } };
}

/** `placements` with the one at `index` replaced. */
export function replaceAt(
  placements: readonly ShotAssetPlacement[],
  index: number,
  next: ShotAssetPlacement,
): ShotAssetPlacement[] {
  return placements.map((placement, i) => (i === index ? next : placement));
}

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** The shot the lab opens: ?shot=, else the selected shot, else the first. */
export function labShotId(
  order: readonly string[],
  requested: string | undefined,
  active: string | null,
): string | undefined {
  if (requested && order.includes(requested)) return requested;
  if (active && order.includes(active)) return active;
  return order[0];
}
