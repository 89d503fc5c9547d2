import {
  type Asset,
  defaultAssetConfig,
  type Project,
  type Reelbench,
  type Scene,
  type Shot,
} from '@reelbench/sdk';
import { afterEach, beforeEach, vi } from 'vitest';

let counter = 0;
/** A uuid-shaped id that sorts by creation: 00000000-0000-4000-8000-00000000000n. */
export function id(n = ++counter): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeShot(overrides: Partial<Shot> & { id: string }): Shot {
  return {
    projectId: PROJECT_ID,
    name: 'Untitled Shot',
    description: null,
    duration: 5,
    start_time: 0,
    prompt: null,
    action: null,
    script_text: null,
    image_url: null,
    video_url: null,
    s3_image_key: null,
    s3_video_key: null,
    style_package_id: null,
    composition_settings: null,
    selected_template: null,
    customCompositionUrl: null,
    assets: [],
    assessment_notes: null,
    assessed_at: null,
    generation_status: 'pending',
    video_generation_status: 'pending',
    sequence_id: null,
    ...overrides,
  };
}

export const PROJECT_ID = '10000000-0000-4000-8000-000000000001';

export function makeScene(n: number, name: string, shotIds: string[], color = '#ef4444'): Scene {
  return { id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name, color, shotIds };
}

export function makeProject(scenes: Scene[], shotOrder: string[]): Project {
  return {
    id: PROJECT_ID,
    name: 'Test',
    description: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    thumbnail: null,
    audio_url: null,
    audio_s3_key: null,
    series_id: null,
    settings: { scenes, shotOrder },
  };
}

/**
 * For a shot page's tests: jsdom lays nothing out, so every element reports `size` (the virtualisers
 * read it), restored after each test; timers are fake but advance on their own.
 */
export function withFakeLayout(size: { width: number; height: number }) {
  const metrics = {
    clientHeight: size.height,
    clientWidth: size.width,
    offsetHeight: size.height,
    offsetWidth: size.width,
  };
  const saved = new Map<string, PropertyDescriptor | undefined>();
  beforeEach(() => {
    for (const [key, value] of Object.entries(metrics)) {
      saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    }
  });
}

/**
 * The `shots` part of a fake SDK client: `shots` as one page, an update that answers the shot with
 * the changes applied, sends and generations that do nothing; `overrides` replace or add methods.
 */
export function fakeShotsApi<Extra extends object = object>(shots: Shot[], overrides?: Extra) {
  return {
    list: vi.fn(async () => ({ shots, total: shots.length, limit: 2000, offset: 0 })),
    update: vi.fn(async (shotId: string, updates: object) => ({ ...makeShot({ id: shotId }), ...updates })),
    send: vi.fn(async () => []),
    generate: vi.fn(),
    ...(overrides as Extra),
  };
}

/**
 * A fake SDK client for the shot pages: `shots` through fakeShotsApi (`overrides.shots` replace or add
 * its methods) and `projects.get` answering a project of `scenes` with the shots in their given order
 * (`overrides.projects` add project methods). Returns the client and its shots api, for the spies.
 */
export function fakeShotsClient<Extra extends object = object>(
  shots: Shot[],
  scenes: Scene[],
  overrides: { shots?: Extra; projects?: object } = {},
) {
  const api = fakeShotsApi(shots, overrides.shots);
  const order = shots.map((shot) => shot.id);
  const client = {
    socket: undefined,
    shots: api,
    projects: { get: vi.fn(async () => makeProject(scenes, order)), ...overrides.projects },
  } as unknown as Reelbench;
  return { client, api };
}

/** An asset of project p1 (a prop named Lamp, without images, unless `overrides` say otherwise). */
export function makeAsset(overrides: Partial<Asset> = {}): Asset {
  const type = overrides.type ?? 'prop';
  return {
    id: 'a1',
    type,
    name: 'Lamp',
    description: null,
    images: {},
    config: defaultAssetConfig(type),
    metadata: {},
    projectId: 'p1',
    seriesId: null,
    visualIdentifier: null,
    isSeriesLevel: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}
