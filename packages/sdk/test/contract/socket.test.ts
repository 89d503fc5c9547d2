import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ActionPayload,
  type ActionReply,
  actionEvent,
  actionTimeoutMs,
  BATCH_TARGET_MESSAGE,
  errorEnvelopeSchema,
  errorEvent,
  getActionSpec,
  imageDataKind,
  isRequestEnvelope,
  listSocketActions,
  MESSAGES,
  type Project,
  QUALITY_DEFAULTS,
  requestEnvelopeSchema,
  responseEnvelopeSchema,
  responseEvent,
  SOCKET_ACTIONS,
  SOCKET_DEFAULT_TIMEOUT_MS,
  type SocketActionName,
  type SocketDomain,
} from '../../src/contract/index.js';
import { NOW, uuid } from './contract-fixtures.js';

const EXPECTED_ACTIONS: Record<SocketDomain, string[]> = {
  project: [
    'subscribe',
    'unsubscribe',
    'getAll',
    'getOne',
    'create',
    'update',
    'delete',
    'getBySeries',
    'getEDLs',
    'getEDL',
    // Ours (issue 14): the cast from the script.
    'cast',
    'create-cast',
    'save',
  ],
  series: ['getAll', 'getOne', 'create', 'update', 'delete', 'getProjects'],
  'unified-asset': [
    'getByProject',
    'getById',
    'getByIdStreamlined',
    'getByIds',
    'getByProjectAndType',
    'create',
    'update',
    'delete',
    'setImage',
    'deleteImage',
    'upgradeToSeries',
    'downgradeFromSeries',
    'clone',
    'generateImage',
  ],
  shot: [
    'create',
    'update',
    'delete',
    'getOne',
    'getAll',
    'add-asset',
    'update-asset',
    'update-assets',
    'remove-asset',
    'get-assets',
    'generate',
    'generate-seedream',
    'generate-batch',
    'generate-video',
    'generate-video-batch',
    'edit',
    'reorder',
    'reorder-with-scenes',
    'get-coverage',
    'get-coverage-counts',
    'create-coverage',
    'generate-coverage',
    'update-variant',
    'delete-variant',
    'delete-all-variants',
    'generate-with-quality',
    // Ours (issue 15): a shot's takes.
    'getTakes',
    'useTake',
    // Ours (issue 30): a shot a script revision removed, back from the trash.
    'restoreRemoved',
  ],
  script: [
    'analyze',
    'analyzeProject',
    'convert',
    'directedBreakdown',
    'generate-shots',
    'generateShotsFromScript',
    'generateCinematicShots',
    'save',
    'get',
  ],
  jobs: ['list', 'cancel'],
  cut: [
    'create',
    'list',
    'get',
    'rename',
    'delete',
    'compare',
    'export',
    'import',
    // Ours (issue 27): the undo of an import.
    'restore',
    'render-rough-cut',
    'get-rough-cut',
  ],
  review: ['createLink', 'listLinks', 'revokeLink', 'listComments', 'deleteComment'],
  repository: ['state', 'publishProject', 'publishAsset'],
  audio: [
    'get',
    'set',
    'set-offset',
    'remove',
    'set-cut',
    'generate-dialogue',
    'list-lines',
    'regenerate-line',
    'upload-line',
    'time-shots',
  ],
  // Ours (issue 14): style packages.
  style: ['list', 'get', 'create', 'update', 'delete', 'duplicate'],
};

/** SPEC.md section 7 timeouts; every other action uses the 600 s default. */
const EXPECTED_TIMEOUTS: Record<string, number> = {
  'unified-asset:generateImage': 300_000,
  'shot:create': 120_000,
  'shot:update': 120_000,
  'shot:delete': 30_000,
  'shot:getOne': 30_000,
  'shot:getAll': 30_000,
  'shot:generate': 60_000,
  'shot:generate-seedream': 90_000,
  'shot:generate-batch': 300_000,
  'shot:generate-video': 120_000,
  'shot:generate-video-batch': 600_000,
  'script:analyzeProject': 120_000,
  'script:directedBreakdown': 60_000,
};

const projectId = uuid();
const shotId = uuid();
const assetId = uuid();
const seriesId = uuid();
const scene = { id: uuid(), name: 'Platform', color: '#ef4444', shotIds: [shotId] };

/** One valid payload per action; the type makes a missing or misspelt action a compile error. */
const VALID_PAYLOADS: { [D in SocketDomain]: { [A in SocketActionName<D>]: ActionPayload<D, A> } } = {
  project: {
    subscribe: { projectId },
    unsubscribe: { projectId },
    getAll: {},
    getOne: { projectId },
    create: { name: 'Night Train', settings: '{"shotOrder":[]}' },
    update: { projectId, updates: { name: 'Night Train 2', series_id: null } },
    delete: { projectId },
    getBySeries: { seriesId },
    getEDLs: { projectId },
    getEDL: { projectId, edlId: uuid() },
    save: { projectId, saveId: uuid(), shots: [{ id: shotId, name: 'Arrival' }], deletedShotIds: [uuid()] },
    cast: { projectId },
    'create-cast': { projectId, generate: true },
  },
  series: {
    getAll: undefined,
    getOne: { seriesId },
    create: { name: 'Season 1' },
    update: { seriesId, updates: { description: 'Eight episodes' } },
    delete: { seriesId },
    getProjects: { seriesId },
  },
  'unified-asset': {
    getByProject: { projectId },
    getById: { id: assetId },
    getByIdStreamlined: { id: assetId },
    getByIds: { ids: [assetId, uuid()] },
    getByProjectAndType: { projectId, type: 'location' },
    create: { projectId, type: 'character', name: 'Mara' },
    update: { id: assetId, updates: { name: 'Mara Vance', visualIdentifier: 'red coat, short grey hair' } },
    delete: { id: assetId },
    setImage: { assetId, imageKey: 'default-front', imageData: 'data:image/png;base64,iVBORw0KGgo=' },
    deleteImage: { assetId, imageKey: 'default-back' },
    upgradeToSeries: { id: assetId },
    downgradeFromSeries: { id: assetId, projectId },
    clone: { sourceAssetId: assetId, targetProjectId: projectId },
    generateImage: { assetId, imageKey: 'default-left' },
  },
  shot: {
    create: { projectId, name: 'Arrival', duration: 4 },
    update: { shotId, updates: { duration: 3.5 } },
    delete: { shotId },
    getOne: { shotId },
    getAll: { projectId, limit: 50, offset: 100, sceneNumber: 2 },
    'add-asset': { shotId, placement: { assetId } },
    'update-asset': { shotId, assetId, updates: { scale: 1.5 } },
    'update-assets': { shotId, assets: [{ assetId, rotation: 90 }] },
    'remove-asset': { shotId, assetId },
    'get-assets': { shotId },
    generate: { projectId, shotId },
    'generate-seedream': { projectId, shotId, prompt: 'rain on glass' },
    'generate-batch': { projectId, shotIds: [shotId] },
    'generate-video': { projectId, shotId },
    'generate-video-batch': { projectId, staleOnly: true },
    edit: { projectId, shotId, instruction: 'make it dusk' },
    reorder: { projectId, order: [shotId] },
    'reorder-with-scenes': { projectId, order: [shotId], scenes: [scene] },
    'get-coverage': { shotId },
    'get-coverage-counts': { projectId },
    'create-coverage': { shotId, framingTypes: ['close', 'over-shoulder'] },
    'generate-coverage': { shotId, variantIds: [uuid()] },
    'update-variant': { variantId: uuid(), updates: { name: 'Tighter' } },
    'delete-variant': { variantId: uuid() },
    'delete-all-variants': { shotId },
    'generate-with-quality': { projectId, shotId },
    getTakes: { shotId },
    useTake: { shotId, takeId: uuid() },
    restoreRemoved: { projectId, shotId },
  },
  script: {
    analyze: { content: 'INT. TRAIN - NIGHT\n\nMara waits.' },
    analyzeProject: { projectId },
    convert: { content: 'INT. TRAIN - NIGHT', to: 'fdx' },
    directedBreakdown: { projectId },
    'generate-shots': { projectId },
    generateShotsFromScript: { projectId, mode: 'cinematic', styleGuide: { style: 'documentary' } },
    generateCinematicShots: { projectId, sceneNumbers: [1, 3] },
    save: { projectId, content: 'FADE IN:' },
    get: { projectId },
  },
  jobs: {
    list: {},
    cancel: { jobId: uuid() },
  },
  cut: {
    create: { projectId, name: 'Assembly', frameRate: 23.976 },
    list: { projectId },
    get: { projectId, cutId: uuid() },
    rename: { projectId, cutId: uuid(), name: 'Fine cut' },
    delete: { projectId, cutId: uuid() },
    compare: { projectId, olderId: uuid(), newerId: uuid() },
    export: { projectId, cutId: uuid(), format: 'edl', options: { frameRate: 29.97, dropFrame: true } },
    import: { projectId, cutId: uuid(), format: 'otio', text: '{}' },
    restore: { projectId, cutId: uuid() },
    'render-rough-cut': { projectId, cutId: uuid(), burnIn: true },
    'get-rough-cut': { projectId, cutId: uuid() },
  },
  audio: {
    get: { projectId },
    set: { projectId, key: `projects/${projectId}/audio/track.mp3`, offsetSeconds: -1.5 },
    'set-offset': { projectId, offsetSeconds: 2 },
    remove: { projectId },
    'set-cut': { projectId, cutId: uuid(), offsetSeconds: 0.5 },
    'generate-dialogue': { projectId, provider: 'local' },
    'list-lines': { projectId },
    'regenerate-line': { projectId, lineId: uuid() },
    'upload-line': { projectId, lineId: uuid(), key: `projects/${projectId}/audio/take.wav` },
    'time-shots': { projectId, pacing: 'slow' },
  },
  review: {
    createLink: { projectId, expiresInHours: 72 },
    listLinks: { projectId },
    revokeLink: { projectId, linkId: uuid() },
    listComments: { projectId },
    deleteComment: { projectId, commentId: uuid() },
  },
  repository: {
    state: { projectId },
    publishProject: { projectId, published: true },
    publishAsset: { assetId, published: false },
  },
  style: {
    list: { projectId },
    get: { projectId, styleId: 'documentary' },
    create: {
      projectId,
      name: 'Harbour noir',
      look: 'hard shadows',
      grade: { saturation: 0.2, tint: [1, 1, 1], contrast: [1.2, 1.2, 1.2], lift: [0, 0, 0], vignette: 0.4 },
      referenceImageKeys: [`projects/${projectId}/files/look.png`],
    },
    update: { projectId, styleId: uuid(), updates: { look: 'wet streets' } },
    delete: { projectId, styleId: uuid() },
    duplicate: { projectId, styleId: 'gritty-filmic', name: 'Grit 2' },
  },
};

function payloadSchema(domain: string, action: string) {
  const spec = getActionSpec(domain, action);
  if (!spec) throw new Error(`no action ${domain}:${action}`);
  return spec.payload;
}

function firstIssueMessage(domain: string, action: string, payload: unknown): string | undefined {
  const result = payloadSchema(domain, action).safeParse(payload);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('SOCKET_ACTIONS', () => {
  it('has exactly the domains and action names of SPEC.md section 7, hyphens kept', () => {
    const actual = Object.fromEntries(
      Object.entries(SOCKET_ACTIONS).map(([d, actions]) => [d, Object.keys(actions)]),
    );
    expect(actual).toEqual(EXPECTED_ACTIONS);
  });

  it.each(listSocketActions().map((entry) => [entry.event, entry.spec.timeoutMs]))(
    '%s times out after %d ms',
    (event, timeout) => {
      expect(timeout).toBe(EXPECTED_TIMEOUTS[event] ?? SOCKET_DEFAULT_TIMEOUT_MS);
    },
  );

  it('de-duplicates generate-video and nothing else', () => {
    const deduped = listSocketActions().filter((entry) => entry.spec.dedupe);
    expect(deduped.map((entry) => entry.event)).toEqual(['shot:generate-video']);
  });

  it('lists every action with its request event', () => {
    const entries = listSocketActions();
    expect(entries).toHaveLength(Object.values(EXPECTED_ACTIONS).flat().length);
    expect(entries.find((e) => e.event === 'unified-asset:getByIdStreamlined')?.domain).toBe('unified-asset');
    expect(actionEvent('shot', 'generate-video')).toBe('shot:generate-video');
  });
});

describe('getActionSpec and actionTimeoutMs', () => {
  it('finds an action and its timeout', () => {
    expect(getActionSpec('shot', 'generate')).toBe(SOCKET_ACTIONS.shot.generate);
    expect(actionTimeoutMs('shot', 'generate')).toBe(60_000);
    expect(actionTimeoutMs('script', 'directedBreakdown')).toBe(60_000);
    expect(actionTimeoutMs('jobs', 'list')).toBe(SOCKET_DEFAULT_TIMEOUT_MS);
  });

  it.each([
    ['shot', 'nope'],
    ['nope', 'getAll'],
    ['project', 'toString'],
    ['project', '__proto__'],
    ['__proto__', 'constructor'],
    ['constructor', 'name'],
    ['', ''],
  ])('knows nothing of %s:%s and falls back to the 600 s default', (domain, action) => {
    expect(getActionSpec(domain, action)).toBeUndefined();
    expect(actionTimeoutMs(domain, action)).toBe(600_000);
  });
});

describe('payload schemas', () => {
  const cases = Object.entries(VALID_PAYLOADS).flatMap(([domain, actions]) =>
    Object.entries(actions).map(
      ([action, payload]) => [`${domain}:${action}`, domain, action, payload] as const,
    ),
  );

  it.each(cases)('%s accepts a valid payload', (_event, domain, action, payload) => {
    expect(payloadSchema(domain, action).safeParse(payload).success).toBe(true);
  });

  it.each(cases)('%s rejects a payload that is not an object', (_event, domain, action) => {
    for (const wrong of [42, 'getAll', [], true]) {
      expect(payloadSchema(domain, action).safeParse(wrong).success).toBe(false);
    }
  });

  const withoutRequiredFields = ['project:getAll', 'project:create', 'series:getAll', 'jobs:list'];
  const withRequiredFields = cases.filter(([event]) => !withoutRequiredFields.includes(event));
  it.each(withRequiredFields)('%s rejects an empty payload', (_event, domain, action) => {
    expect(payloadSchema(domain, action).safeParse({}).success).toBe(false);
  });

  it.each([
    ['project', 'getOne', { projectId: 'project-1' }],
    ['project', 'create', { name: 'x'.repeat(201) }],
    ['project', 'create', { description: 'x'.repeat(5_001) }],
    ['project', 'create', { settings: 'not json' }],
    ['project', 'update', { projectId, updates: { name: 7 } }],
    ['unified-asset', 'getByProjectAndType', { projectId, type: 'vehicle' }],
    ['unified-asset', 'getByIds', { ids: [] }],
    ['unified-asset', 'setImage', { assetId, imageKey: 'DEFAULT', imageData: 'data:image/png;base64,AAAA' }],
    [
      'unified-asset',
      'setImage',
      { assetId, imageKey: 'default', imageData: 'http://insecure.example.com/a.png' },
    ],
    [
      'unified-asset',
      'setImage',
      { assetId, imageKey: 'default', imageData: 'data:text/html;base64,PGgxPg==' },
    ],
    ['unified-asset', 'setImage', { assetId, imageKey: 'default', imageData: '../../etc/passwd' }],
    ['shot', 'getAll', { projectId, limit: 0 }],
    ['shot', 'getAll', { projectId, limit: '50' }],
    ['shot', 'getAll', { projectId, offset: -1 }],
    ['shot', 'update', { shotId, updates: { duration: 0 } }],
    ['shot', 'create', { projectId, prompt: 'x'.repeat(10_001) }],
    ['shot', 'generate', { projectId }],
    ['shot', 'generate-batch', { projectId }],
    ['shot', 'generate-batch', { projectId, shotIds: [] }],
    ['shot', 'generate-batch', { projectId, shotIds: [shotId], staleOnly: true }],
    ['shot', 'generate-video-batch', { projectId, staleOnly: false }],
    ['shot', 'generate-batch', { projectId, all: false }],
    ['shot', 'generate-batch', { projectId, shotIds: Array.from({ length: 1001 }, () => shotId) }],
    ['shot', 'create-coverage', { shotId, framingTypes: [] }],
    ['shot', 'create-coverage', { shotId, framingTypes: ['dutch-angle'] }],
    ['shot', 'generate-with-quality', { projectId, shotId, minScore: 11 }],
    ['script', 'save', { projectId, content: 'x'.repeat(2_000_001) }],
    ['script', 'convert', { content: 'x', to: 'pdf' }],
    ['script', 'generateShotsFromScript', { projectId, mode: 'quick' }],
    ['jobs', 'cancel', { jobId: 12 }],
  ])('%s:%s rejects %j', (domain, action, payload) => {
    expect(payloadSchema(domain, action).safeParse(payload).success).toBe(false);
  });

  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', 'data-url'],
    ['https://cdn.example.com/a.png', 'https-url'],
    ['projects/p1/assets/a1/default.png', 'storage-key'],
    ['data:image/svg+xml;base64,PHN2Zz4=', null],
    ['data:image/png;base64,not base64!', null],
    ['https://', null],
    ['ftp://example.com/a.png', null],
    ['projects/../../secrets', null],
    ['/absolute/key.png', null],
    ['', null],
  ])('imageDataKind(%j) is %s', (value, kind) => {
    expect(imageDataKind(value)).toBe(kind);
  });

  it('accepts the three kinds of image data', () => {
    for (const imageData of [
      'data:image/webp;base64,UklGRg==',
      'https://cdn.example.com/mara/front.png?v=2',
      'assets/1f0c/default-front.png',
    ]) {
      expect(
        payloadSchema('unified-asset', 'setImage').safeParse({ assetId, imageKey: 'default', imageData })
          .success,
      ).toBe(true);
    }
  });

  it('a batch takes the whole project as all: true, past the limit of an explicit list', () => {
    for (const action of ['generate-batch', 'generate-video-batch'] as const) {
      expect(payloadSchema('shot', action).safeParse({ projectId, all: true }).success).toBe(true);
    }
    expect(
      firstIssueMessage('shot', 'generate-batch', { projectId, shotIds: Array(1001).fill(shotId) }),
    ).toMatch(/1000/);
  });

  it('a batch without targets, or with more than one kind, names the rule', () => {
    for (const payload of [
      { projectId },
      { projectId, shotIds: [shotId], staleOnly: true },
      { projectId, shotIds: [shotId], all: true },
      { projectId, staleOnly: true, all: true },
    ]) {
      expect(firstIssueMessage('shot', 'generate-batch', payload)).toBe(BATCH_TARGET_MESSAGE);
      expect(firstIssueMessage('shot', 'generate-video-batch', payload)).toBe(BATCH_TARGET_MESSAGE);
    }
  });

  it('an asset update without an id says so in the catalogue words', () => {
    expect(firstIssueMessage('unified-asset', 'update', { updates: { name: 'x' } })).toBe(
      MESSAGES.assetIdRequired,
    );
    expect(firstIssueMessage('unified-asset', 'update', { id: 'x', updates: {} })).not.toBe(
      MESSAGES.assetIdRequired,
    );
  });

  it('a directed breakdown without projectId says so in the catalogue words', () => {
    expect(firstIssueMessage('script', 'directedBreakdown', {})).toBe(MESSAGES.breakdownProjectIdRequired);
  });

  it('quality generation defaults to maxRetries 3 and minScore 6', () => {
    const parsed = SOCKET_ACTIONS.shot['generate-with-quality'].payload.parse({ projectId, shotId });
    expect(parsed).toMatchObject(QUALITY_DEFAULTS);
    expect(parsed.maxRetries).toBe(3);
    expect(parsed.minScore).toBe(6);
  });

  it('getAll without payload and shot lists without paging get their defaults', () => {
    expect(SOCKET_ACTIONS.project.getAll.payload.parse(undefined)).toEqual({});
    expect(SOCKET_ACTIONS.project.create.payload.parse({})).toEqual({ name: 'Untitled Project' });
    expect(SOCKET_ACTIONS.shot.getAll.payload.parse({ projectId })).toEqual({
      projectId,
      limit: 500,
      offset: 0,
    });
    expect(SOCKET_ACTIONS.script.directedBreakdown.payload.parse({ projectId }).styleGuide.pacing).toBe(
      'balanced',
    );
  });
});

describe('reply schemas', () => {
  it('project replies are projects', () => {
    const reply = SOCKET_ACTIONS.project.getOne.reply.parse({
      id: projectId,
      name: 'A',
      created_at: NOW,
      updated_at: NOW,
    });
    expect(reply.settings).toEqual({ scenes: [], shotOrder: [] });
  });

  it('a deletion reply names the id', () => {
    expect(SOCKET_ACTIONS.shot.delete.reply.parse({ id: shotId, deleted: true })).toEqual({
      id: shotId,
      deleted: true,
    });
    expect(SOCKET_ACTIONS.shot.delete.reply.safeParse({ id: shotId, deleted: false }).success).toBe(false);
  });

  it('types follow the schemas', () => {
    expectTypeOf<ActionReply<'project', 'getOne'>>().toEqualTypeOf<Project>();
    expectTypeOf<ActionPayload<'shot', 'getAll'>>().toHaveProperty('projectId').toEqualTypeOf<string>();
    expectTypeOf<ActionReply<'jobs', 'list'>>().toHaveProperty('counts');
    expectTypeOf<SocketActionName<'shot'>>().toExtend<string>();
  });
});

describe('envelopes', () => {
  it('a request is {requestId, payload}', () => {
    expect(requestEnvelopeSchema.parse({ requestId: 'r1', payload: { projectId } })).toEqual({
      requestId: 'r1',
      payload: { projectId },
    });
    expect(requestEnvelopeSchema.safeParse({ requestId: '', payload: {} }).success).toBe(false);
    expect(requestEnvelopeSchema.safeParse({ requestId: 'x'.repeat(129), payload: {} }).success).toBe(false);
    expect(requestEnvelopeSchema.safeParse({ requestId: 7, payload: {} }).success).toBe(false);
  });

  it('tells the envelope form from the older bare payload', () => {
    expect(isRequestEnvelope({ requestId: 'r1', payload: { content: 'x' } })).toBe(true);
    expect(isRequestEnvelope({ requestId: 'r1' })).toBe(true);
    expect(isRequestEnvelope({ content: 'INT. TRAIN - NIGHT' })).toBe(false);
    expect(isRequestEnvelope({ projectId })).toBe(false);
    expect(isRequestEnvelope(undefined)).toBe(false);
    expect(isRequestEnvelope('r1')).toBe(false);
  });

  it('a success reply carries data, an error reply the catalogue body', () => {
    expect(responseEnvelopeSchema.parse({ requestId: 'r1', success: true, data: [1] }).data).toEqual([1]);
    expect(responseEnvelopeSchema.safeParse({ requestId: 'r1', success: false, data: [] }).success).toBe(
      false,
    );
    const error = {
      requestId: 'r1',
      success: false,
      error: 'Project not found',
      code: 'NOT_FOUND_ERROR',
      statusCode: 404,
    };
    expect(errorEnvelopeSchema.parse(error)).toEqual(error);
    expect(errorEnvelopeSchema.safeParse({ ...error, code: 'MYSTERY' }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ ...error, requestId: undefined }).success).toBe(false);
  });

  it('replies arrive on domain:response and domain:error', () => {
    expect(responseEvent('unified-asset')).toBe('unified-asset:response');
    expect(errorEvent('shot')).toBe('shot:error');
    expectTypeOf(responseEvent('shot')).toEqualTypeOf<'shot:response'>();
  });
});
