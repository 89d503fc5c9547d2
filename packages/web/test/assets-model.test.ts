import {
  type Asset,
  type AssetImageEntry,
  type AssetType,
  defaultAssetConfig,
  type Job,
} from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import { staleKeys } from '../src/pages/assets/asset-images.js';
import {
  assessmentReasons,
  assetLayout,
  coverImage,
  imageCount,
  imageSections,
  matchJobs,
  operationProgress,
  operationText,
  type RunningOperation,
  slotStatus,
} from '../src/pages/assets/asset-model.js';
import { gridColumns, moveByKey } from '../src/ui/grid-columns.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PROJECT = uuid(900);

function entry(overrides: Partial<AssetImageEntry> = {}): AssetImageEntry {
  return {
    url: '/api/files/a.png',
    optimizedUrl: null,
    thumbnailUrl: null,
    mediumUrl: null,
    s3Key: 'projects/p/assets/a/a.png',
    generatedAt: null,
    isCustomUpload: false,
    metadata: {},
    prompt: null,
    status: 'completed',
    ...overrides,
  };
}

function asset(n: number, type: AssetType, name: string, images: Asset['images'] = {}): Asset {
  return {
    id: uuid(n),
    type,
    name,
    description: null,
    images,
    config: defaultAssetConfig(type),
    metadata: {},
    projectId: PROJECT,
    seriesId: null,
    visualIdentifier: null,
    isSeriesLevel: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function job(id: number, type: string, createdAt: string, overrides: Partial<Job> = {}): Job {
  return {
    id: uuid(id),
    projectId: PROJECT,
    type,
    status: 'running',
    progress: 0,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

function operation(id: string, key: string, op: RunningOperation['operation'], known: string[] = []) {
  return {
    id,
    assetId: uuid(1),
    key,
    projectId: PROJECT,
    operation: op,
    progress: null,
    knownJobs: new Set(known),
  } satisfies RunningOperation;
}

describe('the assets grid', () => {
  const cast = [
    asset(3, 'location', 'Harbour'),
    asset(1, 'character', 'zed'),
    asset(2, 'character', 'Ana', {}),
    asset(4, 'prop', 'Lantern'),
  ];

  it('groups by type in SPEC order (character, location, prop, custom), by name within, in rows of `columns`', () => {
    const layout = assetLayout(cast, { query: '', type: 'all' }, 1);
    expect(layout.items.map((a) => a.name)).toEqual(['Ana', 'zed', 'Harbour', 'Lantern']);
    expect(layout.rows.map((row) => (row.kind === 'header' ? `${row.type}:${row.count}` : 'items'))).toEqual([
      'character:2',
      'items',
      'items',
      'location:1',
      'items',
      'prop:1',
      'items',
    ]);
    expect(layout.itemRows).toEqual([[0], [1], [2], [3]]);
    expect(layout.rowOfItem).toEqual([1, 2, 4, 6]);
  });

  it('filters by a part of the name (any case) and by type; a type with nothing shown has no header', () => {
    expect(assetLayout(cast, { query: 'HAR', type: 'all' }, 4).items.map((a) => a.name)).toEqual(['Harbour']);
    const characters = assetLayout(cast, { query: '', type: 'character' }, 4);
    expect(characters.items.map((a) => a.name)).toEqual(['Ana', 'zed']);
    expect(characters.rows.filter((row) => row.kind === 'header')).toHaveLength(1);
    expect(assetLayout(cast, { query: 'nobody', type: 'all' }, 4).rows).toEqual([]);
  });

  it('moves with the arrows across type headers, Home and End', () => {
    const layout = assetLayout(cast, { query: '', type: 'all' }, 2);
    expect(layout.itemRows).toEqual([[0, 1], [2], [3]]);
    expect(moveByKey(layout, 1, 'ArrowDown')).toBe(2);
    expect(moveByKey(layout, 2, 'ArrowDown')).toBe(3);
    expect(moveByKey(layout, 3, 'ArrowUp')).toBe(2);
    expect(moveByKey(layout, 0, 'End')).toBe(3);
  });

  it('shows the default key as the cover, else the first image; counts the keys with an image', () => {
    const back = asset(5, 'character', 'Mara', { 'default-back': entry({ url: '/back.png' }) });
    expect(coverImage(back)).toEqual({ key: 'default-back', url: '/back.png' });
    const both = asset(6, 'character', 'Mara', {
      'default-back': entry({ url: '/back.png' }),
      'default-front': entry({ url: '/front.png', mediumUrl: '/front-medium.webp' }),
    });
    expect(coverImage(both)).toEqual({ key: 'default-front', url: '/front-medium.webp' });
    expect(coverImage(asset(7, 'prop', 'Cup'))).toBeNull();
    expect(imageCount(both)).toEqual({ filled: 2, total: 5 });
  });
});

describe('grid columns', () => {
  it('fits as many cells of the minimum width as the width allows, at least one', () => {
    expect(gridColumns(1000, { padX: 20, gap: 10, minCell: 200 })).toEqual({ columns: 4, cellWidth: 232.5 });
    expect(gridColumns(100, { padX: 20, gap: 10, minCell: 200 })).toEqual({ columns: 1, cellWidth: 60 });
    expect(gridColumns(0, { padX: 20, gap: 10, minCell: 200 })).toEqual({ columns: 1, cellWidth: 200 });
  });
});

describe("an asset's image keys", () => {
  const keys = (type: AssetType) =>
    imageSections(asset(1, type, 'X')).map((section) => [
      section.variant,
      section.slots.map((slot) => `${slot.key}:${slot.label}`),
    ]);

  it('lays out every key SPEC.md §3 allows for each type, the default direction first', () => {
    expect(keys('character')).toEqual([
      [
        'default',
        [
          'default-front:Front',
          'default-back:Back',
          'default-left:Left',
          'default-right:Right',
          'default:Reference',
        ],
      ],
    ]);
    expect(keys('location')).toEqual([
      [
        'default',
        [
          'default-wide:Wide',
          'default-close:Close',
          'default-left90:Left 90°',
          'default-right90:Right 90°',
          'default-reverse:Reverse',
          'default:Reference',
        ],
      ],
    ]);
    expect(keys('prop')[0]?.[1]).toEqual([
      'default:Reference',
      'default-front:Front',
      'default-back:Back',
      'default-left:Left',
      'default-right:Right',
    ]);
    expect(keys('custom')).toEqual([['default', ['default:Reference']]]);
  });

  it('gives each further variant its own section', () => {
    const hero = asset(2, 'character', 'Mara');
    hero.config = { ...hero.config, supportedVariants: ['default', 'night'] };
    const sections = imageSections(hero);
    expect(sections.map((section) => section.variant)).toEqual(['default', 'night']);
    expect(sections[1]?.slots[0]?.key).toBe('night-front');
    expect(sections[1]?.slots.every((slot) => !slot.isDefault)).toBe(true);
  });

  it('says empty, working, stale (the server marks images made from an older base), failed or ready', () => {
    expect(slotStatus(undefined, false)).toBe('empty');
    expect(slotStatus(undefined, true)).toBe('processing');
    expect(slotStatus(entry(), false)).toBe('completed');
    const stale = entry({ status: 'pending', metadata: { stale: true, invalidatedBy: 'default-front' } });
    expect(slotStatus(stale, false)).toBe('stale');
    expect(slotStatus(stale, true)).toBe('processing');
    expect(slotStatus(entry({ status: 'failed' }), false)).toBe('failed');
    expect(slotStatus(entry({ url: null, status: 'pending' }), false)).toBe('pending');
    const hero = asset(3, 'character', 'Mara', {
      'default-front': entry(),
      'default-back': stale,
      'default-left': stale,
    });
    expect(staleKeys(hero)).toEqual(['default-back', 'default-left']);
  });
});

describe('live progress of the work on an image', () => {
  it('gives each operation the oldest new job of its type and project that no earlier one took', () => {
    const known = job(1, 'unified-asset:generateImage', '2026-01-01T00:00:01.000Z', { status: 'completed' });
    const first = job(2, 'unified-asset:generateImage', '2026-01-01T00:00:02.000Z', { progress: 50 });
    const second = job(3, 'unified-asset:generateImage', '2026-01-01T00:00:03.000Z', { status: 'queued' });
    const enhance = job(4, 'asset:enhance-image', '2026-01-01T00:00:04.000Z');
    const elsewhere = job(5, 'unified-asset:generateImage', '2026-01-01T00:00:00.500Z', {
      projectId: uuid(901),
    });
    const operations = [
      operation('a', 'default-front', 'generate', [known.id]),
      operation('b', 'default-back', 'regenerate', [known.id]),
      operation('c', 'default-left', 'enhance'),
      operation('d', 'default', 'upload'),
      operation('e', 'default-right', 'generate', [known.id, first.id, second.id]),
    ];
    const matched = matchJobs(operations, [second, enhance, elsewhere, first, known]);
    expect(matched.get('a')?.id).toBe(first.id);
    expect(matched.get('b')?.id).toBe(second.id);
    expect(matched.get('c')?.id).toBe(enhance.id);
    expect(matched.has('d')).toBe(false);
    expect(matched.has('e')).toBe(false);

    expect(operationText(operations[0] as RunningOperation, first)).toBe('Generating 50%');
    expect(operationProgress(operations[0] as RunningOperation, first)).toBe(50);
    expect(operationText(operations[1] as RunningOperation, second)).toBe('Regenerating · queued');
    expect(operationProgress(operations[1] as RunningOperation, second)).toBeNull();
    expect(operationText(operations[4] as RunningOperation, undefined)).toBe('Generating…');
  });

  it('shows an upload by its own percentage', () => {
    const upload = { ...operation('u', 'default', 'upload'), progress: 40 };
    expect(operationText(upload, undefined)).toBe('Uploading 40%');
    expect(operationProgress(upload, undefined)).toBe(40);
  });

  it('lists the reasons of an assessment one by one', () => {
    expect(assessmentReasons('sharp detail; exposure is balanced;  good contrast')).toEqual([
      'sharp detail',
      'exposure is balanced',
      'good contrast',
    ]);
  });
});
