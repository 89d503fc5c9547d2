import { SCENE_COLORS } from '@reelbench/sdk';

/** The scene colours as CSS variables (--scene-1..7), so both themes can tune them. */
export function sceneColorVar(color: string | null): string {
  if (color === null) return 'var(--text-faint)';
  const index = (SCENE_COLORS as readonly string[]).indexOf(color.toLowerCase());
  return index === -1 ? color : `var(--scene-${index + 1})`;
}
