import type { Cut, EditorialFrameRate } from '@reelbench/sdk/contract';
import type { CutEntity } from './cut.entity.js';

export function toCut(entity: CutEntity): Cut {
  return {
    id: entity.id,
    projectId: entity.projectId,
    name: entity.name,
    version: entity.version,
    frameRate: entity.frameRate as EditorialFrameRate,
    events: entity.events,
    ...(entity.soundtrack ? { soundtrack: entity.soundtrack } : {}),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    exportedAt: entity.exportedAt ? entity.exportedAt.toISOString() : null,
  };
}
