import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { assetSchema, projectSchema, shotSchema } from '../../src/contract/index.js';

export const NOW = '2025-03-01T10:00:00.000Z';
export const uuid = (): string => randomUUID();

export function projectInput(
  overrides: Partial<z.input<typeof projectSchema>> = {},
): z.input<typeof projectSchema> {
  return { id: uuid(), name: 'Night Train', created_at: NOW, updated_at: NOW, ...overrides };
}

export function shotInput(overrides: Partial<z.input<typeof shotSchema>> = {}): z.input<typeof shotSchema> {
  return { id: uuid(), projectId: uuid(), ...overrides };
}

export function assetInput(
  overrides: Partial<z.input<typeof assetSchema>> = {},
): z.input<typeof assetSchema> {
  return {
    id: uuid(),
    type: 'character',
    name: 'Mara',
    projectId: uuid(),
    config: {
      type: 'character',
      defaultImageKey: 'default-front',
      supportedRotations: ['front', 'back', 'left', 'right'],
    },
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}
