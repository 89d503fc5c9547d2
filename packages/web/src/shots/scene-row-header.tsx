import type { ReactNode } from 'react';
import { type SceneGroup, UNASSIGNED_SCENE_ID } from './model.js';
import { sceneColorVar } from './scene-color.js';

/** A scene's header row in a scene grid: its colour swatch, number, name and facts. */
export function SceneRowHeader({
  group,
  facts,
  columns,
}: {
  group: SceneGroup;
  facts: ReactNode;
  columns: number;
}) {
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid row header (see VirtualGrid)
    <div
      role="rowheader"
      aria-colspan={columns}
      className={group.sceneId === UNASSIGNED_SCENE_ID ? 'sb-scene sb-scene--unassigned' : 'sb-scene'}
      style={{ ['--scene-color' as string]: sceneColorVar(group.color) }}
    >
      <span className="sb-scene__swatch" aria-hidden="true" />
      {group.sceneNumber !== null ? (
        <span className="sb-scene__number mono">{String(group.sceneNumber).padStart(2, '0')}</span>
      ) : null}
      <span className="sb-scene__name">{group.name}</span>
      <span className="sb-scene__facts mono">{facts}</span>
    </div>
  );
}
