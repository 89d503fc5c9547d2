import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  applicationErrorSchema,
  assetSchema,
  authResponseSchema,
  coverageVariantSchema,
  DEFAULT_SHOT_DURATION,
  effectiveGenerationStatus,
  FIRST_PASS_DEFAULTS,
  FRAMING_TYPES,
  firstPassRequestSchema,
  firstPassResponseSchema,
  firstPassShotDuration,
  firstPassShotSchema,
  GENERATION_STATUSES,
  JOB_STATUSES,
  jobSchema,
  parseProjectSettings,
  projectListEntrySchema,
  projectSaveSchema,
  projectSchema,
  projectSettingsFieldSchema,
  SCENE_COLORS,
  seriesSchema,
  shotAssetPlacementSchema,
  shotSchema,
  shotUpdatesSchema,
  streamlinedAssetSchema,
  styleGuideSchema,
  TEXT_LIMITS,
  toastSchema,
  userSchema,
} from '../../src/contract/index.js';
import { assetInput, NOW, projectInput, shotInput, uuid } from './contract-fixtures.js';

const scene = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(),
  name: 'Platform',
  color: SCENE_COLORS[0],
  shotIds: [uuid()],
  ...overrides,
});

describe('parseProjectSettings', () => {
  it('accepts an object and fills the missing lists', () => {
    expect(parseProjectSettings({})).toEqual({ scenes: [], shotOrder: [] });
    const s = scene();
    const order = [uuid(), uuid()];
    expect(parseProjectSettings({ scenes: [s], shotOrder: order, audioUrl: null })).toEqual({
      scenes: [s],
      shotOrder: order,
      audioUrl: null,
    });
  });

  it('accepts the same settings as a JSON string', () => {
    const settings = { scenes: [scene()], shotOrder: [uuid()], audioUrl: '/api/files/a.mp3' };
    expect(parseProjectSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it('drops keys it does not know', () => {
    expect(parseProjectSettings({ shotOrder: [], theme: 'dark' })).toEqual({ scenes: [], shotOrder: [] });
  });

  it('gives a scene without a name the default scene name', () => {
    const { name: _name, ...unnamed } = scene();
    expect(parseProjectSettings({ scenes: [unnamed] }).scenes[0]?.name).toBe('Scene');
  });

  it.each([
    ['garbage text', 'not json at all'],
    ['JSON of the wrong shape', '{"scenes": 3}'],
    ['a JSON array', '[]'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array', []],
    ['a bad shot id', { shotOrder: ['not-a-uuid'] }],
    ['a bad colour', { scenes: [scene({ color: 'red; background: url(x)' })] }],
  ])('throws a ZodError for %s', (_label, value) => {
    expect(() => parseProjectSettings(value)).toThrow(ZodError);
  });

  it.each([
    ['{oops', 'Project settings are not valid JSON'],
    [42, 'Project settings must be an object or a JSON string'],
  ])('names the problem with %j', (value, message) => {
    const result = projectSettingsFieldSchema.safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('points at the field of a bad scene', () => {
    const result = projectSettingsFieldSchema.safeParse({ scenes: [scene({ color: 'blue' })] });
    expect(result.error?.issues[0]?.path).toEqual(['scenes', 0, 'color']);
  });
});

describe('projectSchema', () => {
  it('fills nullable fields with null and settings with empty lists', () => {
    const project = projectSchema.parse(projectInput());
    expect(project).toMatchObject({
      description: null,
      thumbnail: null,
      audio_url: null,
      audio_s3_key: null,
      series_id: null,
      settings: { scenes: [], shotOrder: [] },
    });
  });

  it('decodes settings stored as a JSON string', () => {
    const order = [uuid()];
    const project = projectSchema.parse(projectInput({ settings: JSON.stringify({ shotOrder: order }) }));
    expect(project.settings.shotOrder).toEqual(order);
  });

  it('takes ISO timestamps with an offset, not local times or Date objects', () => {
    expect(projectSchema.parse(projectInput({ created_at: '2025-03-01T12:00:00+02:00' })).created_at).toBe(
      '2025-03-01T12:00:00+02:00',
    );
    expect(projectSchema.safeParse(projectInput({ created_at: '2025-03-01T10:00:00' })).success).toBe(false);
    expect(projectSchema.safeParse(projectInput({ created_at: new Date(NOW) as never })).success).toBe(false);
  });

  it('rejects names that are empty, blank or over 200 characters and non-uuid ids', () => {
    for (const name of ['', '   ', 'x'.repeat(TEXT_LIMITS.name + 1)]) {
      expect(projectSchema.safeParse(projectInput({ name })).success).toBe(false);
    }
    expect(projectSchema.safeParse(projectInput({ name: 'x'.repeat(TEXT_LIMITS.name) })).success).toBe(true);
    expect(projectSchema.safeParse(projectInput({ id: '42' })).success).toBe(false);
  });

  it('list entries also carry shotCount and duration', () => {
    const entry = { ...projectInput(), shotCount: 3, duration: 14.5 };
    expect(projectListEntrySchema.parse(entry)).toMatchObject({ shotCount: 3, duration: 14.5 });
    expect(projectListEntrySchema.safeParse({ ...entry, shotCount: -1 }).success).toBe(false);
    expect(projectListEntrySchema.safeParse({ ...entry, shotCount: 1.5 }).success).toBe(false);
  });

  it('series have snake_case timestamps like projects and an optional project count', () => {
    const series = { id: uuid(), name: 'Season 1', created_at: NOW, updated_at: NOW };
    expect(seriesSchema.parse(series).description).toBeNull();
    expect(seriesSchema.parse({ ...series, projectCount: 4 }).projectCount).toBe(4);
  });
});

describe('shotSchema', () => {
  it('gives a new shot the SPEC defaults', () => {
    const shot = shotSchema.parse(shotInput());
    expect(shot).toMatchObject({
      name: 'Untitled Shot',
      duration: DEFAULT_SHOT_DURATION,
      start_time: 0,
      generation_status: 'pending',
      video_generation_status: 'pending',
      assets: [],
      image_url: null,
    });
  });

  it.each([0, -1, 3600.5, Number.POSITIVE_INFINITY, Number.NaN])('rejects duration %s', (duration) => {
    expect(shotSchema.safeParse(shotInput({ duration })).success).toBe(false);
  });

  it('accepts durations up to an hour', () => {
    expect(shotSchema.parse(shotInput({ duration: 3600 })).duration).toBe(3600);
    expect(shotSchema.parse(shotInput({ duration: 0.04 })).duration).toBe(0.04);
  });

  it('rejects an unknown generation status and a prompt over 10 000 characters', () => {
    expect(shotSchema.safeParse(shotInput({ generation_status: 'done' as never })).success).toBe(false);
    expect(shotSchema.safeParse(shotInput({ prompt: 'x'.repeat(TEXT_LIMITS.prompt + 1) })).success).toBe(
      false,
    );
  });

  it('knows the six generation statuses and ten framing types', () => {
    expect(GENERATION_STATUSES).toEqual([
      'pending',
      'queued',
      'processing',
      'completed',
      'failed',
      'cancelled',
    ]);
    expect(FRAMING_TYPES).toHaveLength(10);
    expect(shotSchema.parse(shotInput({ framing: 'over-shoulder' })).framing).toBe('over-shoulder');
  });

  it('treats a status as completed whenever the url exists', () => {
    expect(effectiveGenerationStatus('pending', '/api/files/shot.png')).toBe('completed');
    expect(effectiveGenerationStatus('failed', 'https://cdn.example.com/v.mp4')).toBe('completed');
    expect(effectiveGenerationStatus('processing', null)).toBe('processing');
    expect(effectiveGenerationStatus('pending', '')).toBe('pending');
  });

  it('shot updates leave absent fields absent instead of resetting them to defaults', () => {
    expect(shotUpdatesSchema.parse({ name: 'Close on Mara' })).toEqual({ name: 'Close on Mara' });
    expect(shotUpdatesSchema.parse({})).toEqual({});
    expect(shotUpdatesSchema.safeParse({ duration: -2 }).success).toBe(false);
  });
});

describe('shotAssetPlacementSchema', () => {
  const assetId = uuid();

  it('centres a placement at scale 1 without rotation by default', () => {
    expect(shotAssetPlacementSchema.parse({ assetId })).toEqual({
      assetId,
      position: { x: 0.5, y: 0.5 },
      scale: 1,
      rotation: 0,
    });
  });

  it.each([
    ['x below 0', { position: { x: -0.01, y: 0 } }],
    ['y above 1', { position: { x: 0, y: 1.01 } }],
    ['scale 0', { scale: 0 }],
    ['scale above 10', { scale: 10.5 }],
    ['rotation below -360', { rotation: -361 }],
    ['rotation above 360', { rotation: 360.1 }],
    ['a string scale', { scale: '2' }],
  ])('rejects %s', (_label, overrides) => {
    expect(shotAssetPlacementSchema.safeParse({ assetId, ...overrides }).success).toBe(false);
  });

  it('accepts the bounds and the optional selections', () => {
    const placement = {
      assetId,
      position: { x: 1, y: 0 },
      scale: 10,
      rotation: -360,
      selectedVariantId: null,
      selectedDirection: 'left',
    };
    expect(shotAssetPlacementSchema.parse(placement)).toEqual(placement);
  });
});

describe('assetSchema', () => {
  it('parses an asset with images keyed by image key', () => {
    const asset = assetSchema.parse(
      assetInput({ images: { 'default-front': { url: '/api/files/a.png', status: 'completed' } } }),
    );
    expect(asset.images['default-front']).toMatchObject({ url: '/api/files/a.png', isCustomUpload: false });
    expect(asset.config.supportedVariants).toEqual(['default']);
    expect(asset.isSeriesLevel).toBe(false);
  });

  it('rejects a malformed image key, an unknown type and a missing config', () => {
    expect(assetSchema.safeParse(assetInput({ images: { 'DEFAULT-FRONT': {} } })).success).toBe(false);
    expect(assetSchema.safeParse(assetInput({ type: 'vehicle' as never })).success).toBe(false);
    const { config: _config, ...withoutConfig } = assetInput();
    expect(assetSchema.safeParse(withoutConfig).success).toBe(false);
  });

  it('the streamlined form keeps only display urls and drops metadata', () => {
    const full = assetSchema.parse(
      assetInput({
        metadata: { seed: 7 },
        images: { default: { url: '/a.png', thumbnailUrl: '/a.t.png', prompt: 'long prompt', s3Key: 'k' } },
      }),
    );
    const lean = streamlinedAssetSchema.parse(full);
    expect(lean).not.toHaveProperty('metadata');
    expect(lean.images.default).toEqual({
      url: '/a.png',
      thumbnailUrl: '/a.t.png',
      mediumUrl: null,
      status: 'pending',
    });
  });
});

describe('first pass', () => {
  const firstPassShot = { framing: 'wide', camera_move: 'static', sceneNumber: 1, startTime: 0 } as const;

  it('styleGuide defaults to the first-pass defaults', () => {
    expect(styleGuideSchema.parse({})).toEqual(FIRST_PASS_DEFAULTS);
    expect(styleGuideSchema.safeParse({ style: 'noir' }).success).toBe(false);
    expect(styleGuideSchema.safeParse({ aspect: '4:3' }).success).toBe(false);
    expect(styleGuideSchema.safeParse({ notes: 'x'.repeat(TEXT_LIMITS.description + 1) }).success).toBe(
      false,
    );
  });

  it('the request has mode cinematic only', () => {
    const projectId = uuid();
    expect(firstPassRequestSchema.parse({ projectId, mode: 'cinematic' })).toEqual({
      projectId,
      mode: 'cinematic',
      styleGuide: FIRST_PASS_DEFAULTS,
    });
    expect(firstPassRequestSchema.safeParse({ projectId, mode: 'documentary' }).success).toBe(false);
    expect(firstPassRequestSchema.safeParse({ mode: 'cinematic' }).success).toBe(false);
  });

  it('duration is endTime − startTime when endTime exists', () => {
    expect(firstPassShotDuration({ startTime: 10.1, endTime: 12.3, duration: 9 })).toBe(2.2);
    expect(firstPassShotDuration({ startTime: 0, endTime: 4 })).toBe(4);
  });

  it('otherwise the given duration, and the default shot duration when neither exists', () => {
    expect(firstPassShotDuration({ startTime: 30, duration: 3.5 })).toBe(3.5);
    expect(firstPassShotDuration({ startTime: 30 })).toBe(DEFAULT_SHOT_DURATION);
  });

  it('a shot needs endTime or duration, and endTime after startTime', () => {
    expect(firstPassShotSchema.safeParse({ ...firstPassShot, duration: 2 }).success).toBe(true);
    expect(firstPassShotSchema.safeParse({ ...firstPassShot, endTime: 2 }).success).toBe(true);
    expect(firstPassShotSchema.safeParse(firstPassShot).success).toBe(false);
    expect(firstPassShotSchema.safeParse({ ...firstPassShot, startTime: 5, endTime: 5 }).success).toBe(false);
    expect(firstPassShotSchema.safeParse({ ...firstPassShot, duration: 2, sceneNumber: 0 }).success).toBe(
      false,
    );
  });

  it('a response without shots is valid: it is the failed-empty case, not a format error', () => {
    expect(firstPassResponseSchema.parse({ shots: [] })).toEqual({ shots: [] });
    const parsed = firstPassResponseSchema.parse({
      shots: [{ ...firstPassShot, duration: 3, characters: ['MARA'] }],
      scenes: [{ number: 1, heading: 'INT. TRAIN - NIGHT', name: 'Train', shotIndexes: [0] }],
      missingAssets: [{ type: 'character', name: 'MARA' }],
    });
    expect(parsed.shots[0]).toMatchObject({ name: 'Untitled Shot', characters: ['MARA'], location: '' });
  });
});

describe('save, jobs and UI records', () => {
  it('a project save carries an idempotency key and full shots', () => {
    const saveId = uuid();
    const save = projectSaveSchema.parse({ saveId, shots: [{ name: 'New' }, { id: uuid(), duration: 2 }] });
    expect(save.shots).toHaveLength(2);
    expect(save.shots[0]?.duration).toBe(DEFAULT_SHOT_DURATION);
    expect(projectSaveSchema.safeParse({ shots: [] }).success).toBe(false);
    expect(projectSaveSchema.safeParse({ saveId, script: { content: 'x'.repeat(2_000_001) } }).success).toBe(
      false,
    );
    expect(projectSaveSchema.safeParse({ saveId, script: { content: 'x'.repeat(2_000_000) } }).success).toBe(
      true,
    );
  });

  it('jobs have five statuses and progress from 0 to 100', () => {
    expect(JOB_STATUSES).toEqual(['queued', 'running', 'completed', 'failed', 'cancelled']);
    const job = {
      id: uuid(),
      projectId: uuid(),
      type: 'shot:generate-batch',
      status: 'running',
      progress: 40,
      createdAt: NOW,
      updatedAt: NOW,
    };
    expect(jobSchema.parse(job).progress).toBe(40);
    expect(jobSchema.safeParse({ ...job, progress: 101 }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, status: 'pending' }).success).toBe(false);
  });

  it('a toast has no click handler in its schema and a type from the four toast types', () => {
    const toast = toastSchema.parse({
      id: 't1',
      type: 'warning',
      title: 'Saved',
      action: { label: 'Undo', onClick: 'x' },
    });
    expect(toast).toEqual({
      id: 't1',
      type: 'warning',
      title: 'Saved',
      message: '',
      persistent: false,
      action: { label: 'Undo' },
    });
    expect(toastSchema.safeParse({ id: 't1', type: 'fatal', title: 'x' }).success).toBe(false);
  });

  it('an application error has a catalogue code', () => {
    const parsed = applicationErrorSchema.parse({ code: 'NOT_FOUND_ERROR', statusCode: 404, timestamp: NOW });
    expect(parsed.context).toEqual({});
    expect(applicationErrorSchema.safeParse({ code: 'OOPS', statusCode: 500, timestamp: NOW }).success).toBe(
      false,
    );
  });

  it('users and auth responses', () => {
    const user = { id: uuid(), email: 'mara@example.com', username: 'mara', createdAt: NOW };
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, email: 'mara' }).success).toBe(false);
    expect(authResponseSchema.parse({ success: false, error: 'Login failed' })).toEqual({
      success: false,
      error: 'Login failed',
    });
  });

  it('coverage variants default to pending without media', () => {
    const variant = coverageVariantSchema.parse({
      id: uuid(),
      shotId: uuid(),
      framingType: 'close',
      name: 'Close',
      createdAt: NOW,
    });
    expect(variant).toMatchObject({ generation_status: 'pending', image_url: null, video_url: null });
    expect(coverageVariantSchema.safeParse({ ...variant, framingType: 'dutch' }).success).toBe(false);
  });
});
