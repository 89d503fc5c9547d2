import { randomUUID } from 'node:crypto';
import {
  type ActionPayload,
  ERROR_CODES,
  type ErrorCode,
  errorEvent,
  FIRST_PASS_MODE,
  formatMessage,
  HTTP_ROUTES,
  type HttpRouteGroup,
  type HttpRouteSpec,
  LEGACY_EVENTS,
  type LegacyRequestEvent,
  listHttpRoutes,
  listSocketActions,
  responseEvent,
  type SocketActionName,
  type SocketDomain,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { api, connectSocket, newUser, type TestUser } from './factories.js';
import { jsonOrText } from './http-body.js';
import type { TestServer } from './test-server.js';

/** How long a walk waits for one answer; the server answers a refusal in milliseconds. */
const WALK_ANSWER_MS = 5_000;
/** The wait for an event known to have no handler yet (see NOT_SERVED). */
const NOT_SERVED_WAIT_MS = 1_000;

/**
 * Contract events the server has no handler for yet: they get no answer at all. The walks assert
 * this list is exact, so an event leaves it (and is walked fully) as soon as it is served.
 */
export const NOT_SERVED = new Set<string>([]);

function answerWait(event: string): number {
  return NOT_SERVED.has(event) ? NOT_SERVED_WAIT_MS : WALK_ANSWER_MS;
}

/** A's ids, names and texts: what a refusal to B must never contain. */
export interface WalkIds {
  seriesId: string;
  projectId: string;
  shotIds: [string, string];
  assetId: string;
  variantId: string;
  reviewToken: string;
  reviewLinkId: string;
  fileKey: string;
  names: string[];
  scriptText: string;
}

export interface WalkWorld {
  alice: TestUser;
  bob: TestUser;
  ids: WalkIds;
}

function expectStatus(response: { status: number; body: unknown }, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`walk setup: ${what} answered ${response.status} ${JSON.stringify(response.body)}`);
  }
}

async function create<T>(
  server: TestServer,
  user: TestUser,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<T> {
  const response = await api<T>(server, method, path, { token: user.token, body });
  expectStatus(response, status, `${method} ${path}`);
  return response.body;
}

/** User A with a series, a project in it, a script, two shots, an asset, a variant, a review link and a file; user B. */
export async function setupWalkWorld(server: TestServer): Promise<WalkWorld> {
  const alice = await newUser(server);
  const bob = await newUser(server);
  const tag = randomUUID().slice(0, 8);
  const names = [
    `Alice series ${tag}`,
    `Alice project ${tag}`,
    `Alice shot one ${tag}`,
    `Alice shot two ${tag}`,
  ];
  names.push(`Alice asset ${tag}`);
  const scriptText = `INT. ALICE SECRET ROOM ${tag} - NIGHT\n\nALICE\nThe vault code is ${tag}.\n`;
  const series = await create<{ id: string }>(server, alice, 'POST', '/api/series', { name: names[0] }, 201);
  const project = await create<{ id: string }>(
    server,
    alice,
    'POST',
    '/api/projects',
    { name: names[1], series_id: series.id },
    201,
  );
  const scriptResponse = await api(server, 'PUT', `/api/script/${project.id}`, {
    token: alice.token,
    body: { content: scriptText },
  });
  if (scriptResponse.status >= 300) expectStatus(scriptResponse, 200, 'save script');
  const shotPath = `/api/projects/${project.id}/shots`;
  const first = await create<{ id: string }>(server, alice, 'POST', shotPath, { name: names[2] }, 201);
  const second = await create<{ id: string }>(server, alice, 'POST', shotPath, { name: names[3] }, 201);
  const asset = await create<{ id: string }>(
    server,
    alice,
    'POST',
    '/api/asset',
    { projectId: project.id, type: 'character', name: names[4] },
    201,
  );
  const link = await create<{ id: string; token: string }>(
    server,
    alice,
    'POST',
    `/api/projects/${project.id}/review-links`,
    undefined,
    201,
  );
  const file = await create<{ key: string }>(
    server,
    alice,
    'POST',
    '/api/files/upload-json',
    { data: { secret: tag }, projectId: project.id, filename: `alice-${tag}.json` },
    201,
  );
  const socket = await connectSocket(server, alice.token);
  try {
    const answer = await walkSocketRequest(socket, 'shot', 'create-coverage', {
      shotId: first.id,
      framingTypes: ['wide'],
    });
    const variants = answer?.body as { data?: { id: string }[] } | undefined;
    const variantId = variants?.data?.[0]?.id;
    if (variantId === undefined) throw new Error(`walk setup: create-coverage ${JSON.stringify(answer)}`);
    return {
      alice,
      bob,
      ids: {
        seriesId: series.id,
        projectId: project.id,
        shotIds: [first.id, second.id],
        assetId: asset.id,
        variantId,
        reviewToken: link.token,
        reviewLinkId: link.id,
        fileKey: file.key,
        names,
        scriptText,
      },
    };
  } finally {
    socket.close();
  }
}

// ---------------------------------------------------------------- socket samples

type SampleTable = {
  [D in SocketDomain]: { [A in SocketActionName<D>]: (ids: WalkIds) => ActionPayload<D, A> };
};

const ORDER_SCENE = (ids: WalkIds) => ({
  id: randomUUID(),
  name: 'Scene',
  color: '#ff0000',
  shotIds: ids.shotIds,
});
const SCRIPT_SAMPLE = 'INT. KITCHEN - DAY\n\nBOB\nHello.\n';

/** A valid payload for every SOCKET_ACTIONS entry, aimed at A's data. */
export const SOCKET_SAMPLES: SampleTable = {
  project: {
    subscribe: (ids) => ({ projectId: ids.projectId }),
    unsubscribe: (ids) => ({ projectId: ids.projectId }),
    getAll: () => ({}),
    getOne: (ids) => ({ projectId: ids.projectId }),
    create: () => ({ name: 'Walker project' }),
    update: (ids) => ({ projectId: ids.projectId, updates: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ projectId: ids.projectId }),
    getBySeries: (ids) => ({ seriesId: ids.seriesId }),
    getEDLs: (ids) => ({ projectId: ids.projectId }),
    getEDL: (ids) => ({ projectId: ids.projectId, edlId: randomUUID() }),
    save: (ids) => ({
      projectId: ids.projectId,
      saveId: randomUUID(),
      shots: [{ id: ids.shotIds[0], name: 'Saved by walker' }],
    }),
    cast: (ids) => ({ projectId: ids.projectId }),
    'create-cast': (ids) => ({ projectId: ids.projectId, generate: true }),
  },
  series: {
    getAll: () => ({}),
    getOne: (ids) => ({ seriesId: ids.seriesId }),
    create: () => ({ name: 'Walker series' }),
    update: (ids) => ({ seriesId: ids.seriesId, updates: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ seriesId: ids.seriesId }),
    getProjects: (ids) => ({ seriesId: ids.seriesId }),
  },
  'unified-asset': {
    getByProject: (ids) => ({ projectId: ids.projectId }),
    getById: (ids) => ({ id: ids.assetId }),
    getByIdStreamlined: (ids) => ({ id: ids.assetId }),
    getByIds: (ids) => ({ ids: [ids.assetId] }),
    getByProjectAndType: (ids) => ({ projectId: ids.projectId, type: 'character' }),
    create: (ids) => ({ projectId: ids.projectId, type: 'prop', name: 'Walker prop' }),
    update: (ids) => ({ id: ids.assetId, updates: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ id: ids.assetId }),
    setImage: (ids) => ({
      assetId: ids.assetId,
      imageKey: 'default',
      imageData: 'https://example.com/a.png',
    }),
    deleteImage: (ids) => ({ assetId: ids.assetId, imageKey: 'default' }),
    upgradeToSeries: (ids) => ({ id: ids.assetId }),
    downgradeFromSeries: (ids) => ({ id: ids.assetId }),
    clone: (ids) => ({ sourceAssetId: ids.assetId, targetProjectId: ids.projectId }),
    generateImage: (ids) => ({ assetId: ids.assetId }),
  },
  shot: {
    create: (ids) => ({ projectId: ids.projectId, name: 'Walker shot' }),
    update: (ids) => ({ shotId: ids.shotIds[0], updates: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ shotId: ids.shotIds[0] }),
    getOne: (ids) => ({ shotId: ids.shotIds[0] }),
    getAll: (ids) => ({ projectId: ids.projectId, limit: 10 }),
    'add-asset': (ids) => ({ shotId: ids.shotIds[0], placement: { assetId: ids.assetId } }),
    'update-asset': (ids) => ({ shotId: ids.shotIds[0], assetId: ids.assetId, updates: { scale: 2 } }),
    'update-assets': (ids) => ({ shotId: ids.shotIds[0], assets: [{ assetId: ids.assetId }] }),
    'remove-asset': (ids) => ({ shotId: ids.shotIds[0], assetId: ids.assetId }),
    'get-assets': (ids) => ({ shotId: ids.shotIds[0] }),
    generate: (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
    'generate-seedream': (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
    'generate-batch': (ids) => ({ projectId: ids.projectId, shotIds: ids.shotIds }),
    'generate-video': (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
    'generate-video-batch': (ids) => ({ projectId: ids.projectId, shotIds: ids.shotIds }),
    edit: (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0], instruction: 'Make it blue' }),
    reorder: (ids) => ({ projectId: ids.projectId, order: [ids.shotIds[1], ids.shotIds[0]] }),
    'reorder-with-scenes': (ids) => ({
      projectId: ids.projectId,
      order: [ids.shotIds[1], ids.shotIds[0]],
      scenes: [ORDER_SCENE(ids)],
    }),
    'get-coverage': (ids) => ({ shotId: ids.shotIds[0] }),
    'get-coverage-counts': (ids) => ({ projectId: ids.projectId }),
    'create-coverage': (ids) => ({ shotId: ids.shotIds[0], framingTypes: ['close'] }),
    'generate-coverage': (ids) => ({ shotId: ids.shotIds[0], variantIds: [ids.variantId] }),
    'update-variant': (ids) => ({ variantId: ids.variantId, updates: { name: 'Renamed by walker' } }),
    'delete-variant': (ids) => ({ variantId: ids.variantId }),
    'delete-all-variants': (ids) => ({ shotId: ids.shotIds[0] }),
    'generate-with-quality': (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
    getTakes: (ids) => ({ shotId: ids.shotIds[0] }),
    // Alice's shots have no takes; the owner check refuses before any take is looked up.
    useTake: (ids) => ({ shotId: ids.shotIds[0], takeId: ids.shotIds[1] }),
    // Nothing of Alice's is in the trash; the owner check refuses before the trash is read.
    restoreRemoved: (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
  },
  script: {
    analyze: () => ({ content: SCRIPT_SAMPLE }),
    analyzeProject: (ids) => ({ projectId: ids.projectId }),
    convert: () => ({ content: SCRIPT_SAMPLE, to: 'text' }),
    directedBreakdown: (ids) => ({ projectId: ids.projectId }),
    'generate-shots': (ids) => ({ projectId: ids.projectId }),
    generateShotsFromScript: (ids) => ({ projectId: ids.projectId, mode: FIRST_PASS_MODE }),
    generateCinematicShots: (ids) => ({ projectId: ids.projectId }),
    save: (ids) => ({ projectId: ids.projectId, content: SCRIPT_SAMPLE }),
    get: (ids) => ({ projectId: ids.projectId }),
  },
  jobs: {
    list: (ids) => ({ projectId: ids.projectId }),
    cancel: () => ({ jobId: randomUUID() }),
  },
  cut: {
    create: (ids) => ({ projectId: ids.projectId, name: 'Walker cut' }),
    list: (ids) => ({ projectId: ids.projectId }),
    get: (ids) => ({ projectId: ids.projectId, cutId: randomUUID() }),
    rename: (ids) => ({ projectId: ids.projectId, cutId: randomUUID(), name: 'Renamed by walker' }),
    delete: (ids) => ({ projectId: ids.projectId, cutId: randomUUID() }),
    compare: (ids) => ({ projectId: ids.projectId, olderId: randomUUID(), newerId: randomUUID() }),
    export: (ids) => ({ projectId: ids.projectId, cutId: randomUUID(), format: 'edl' }),
    import: (ids) => ({ projectId: ids.projectId, cutId: randomUUID(), format: 'edl', text: 'TITLE: x' }),
    restore: (ids) => ({ projectId: ids.projectId, cutId: randomUUID() }),
    'render-rough-cut': (ids) => ({ projectId: ids.projectId, cutId: randomUUID(), burnIn: true }),
    'get-rough-cut': (ids) => ({ projectId: ids.projectId }),
  },
  audio: {
    get: (ids) => ({ projectId: ids.projectId }),
    set: (ids) => ({ projectId: ids.projectId, key: `projects/${ids.projectId}/audio/walker.mp3` }),
    'set-offset': (ids) => ({ projectId: ids.projectId, offsetSeconds: 1.5 }),
    remove: (ids) => ({ projectId: ids.projectId }),
    'set-cut': (ids) => ({ projectId: ids.projectId, cutId: randomUUID(), offsetSeconds: 0 }),
    'generate-dialogue': (ids) => ({ projectId: ids.projectId }),
    'list-lines': (ids) => ({ projectId: ids.projectId }),
    'regenerate-line': (ids) => ({ projectId: ids.projectId, lineId: randomUUID() }),
    'upload-line': (ids) => ({
      projectId: ids.projectId,
      lineId: randomUUID(),
      key: `projects/${ids.projectId}/audio/walker.mp3`,
    }),
    'time-shots': (ids) => ({ projectId: ids.projectId, pacing: 'fast' }),
  },
  review: {
    createLink: (ids) => ({ projectId: ids.projectId, expiresInHours: 24 }),
    listLinks: (ids) => ({ projectId: ids.projectId }),
    revokeLink: (ids) => ({ projectId: ids.projectId, linkId: ids.reviewLinkId }),
    listComments: (ids) => ({ projectId: ids.projectId }),
    deleteComment: (ids) => ({ projectId: ids.projectId, commentId: randomUUID() }),
  },
  repository: {
    state: (ids) => ({ projectId: ids.projectId }),
    publishProject: (ids) => ({ projectId: ids.projectId, published: true }),
    publishAsset: (ids) => ({ assetId: ids.assetId, published: true }),
  },
  style: {
    list: (ids) => ({ projectId: ids.projectId }),
    get: (ids) => ({ projectId: ids.projectId, styleId: 'documentary' }),
    create: (ids) => ({
      projectId: ids.projectId,
      name: 'Walker look',
      referenceImageKeys: [`projects/${ids.projectId}/files/walker.png`],
    }),
    update: (ids) => ({
      projectId: ids.projectId,
      styleId: randomUUID(),
      updates: { name: 'Renamed by walker' },
    }),
    delete: (ids) => ({ projectId: ids.projectId, styleId: randomUUID() }),
    duplicate: (ids) => ({ projectId: ids.projectId, styleId: 'gritty-filmic' }),
  },
};

/** A valid payload for `domain:action` aimed at A's ids; throws when the table lacks the action. */
export function samplePayload(domain: string, action: string, ids: WalkIds): unknown {
  const table = SOCKET_SAMPLES as unknown as Record<string, Record<string, (ids: WalkIds) => unknown>>;
  const build = table[domain]?.[action];
  if (build === undefined) throw new Error(`no sample payload for ${domain}:${action}`);
  return build(ids);
}

type LegacySampleTable = { [E in LegacyRequestEvent]: (ids: WalkIds) => unknown };

/** Older events that are also actions reuse the action's sample; the rest have their own. */
export const LEGACY_SAMPLES: LegacySampleTable = {
  'script:analyze': (ids) => samplePayload('script', 'analyze', ids),
  'script:convert': (ids) => samplePayload('script', 'convert', ids),
  'script:generate-shots': (ids) => samplePayload('script', 'generate-shots', ids),
  'asset:generate-image': (ids) => samplePayload('unified-asset', 'generateImage', ids),
  'asset:enhance-image': (ids) => ({ assetId: ids.assetId, imageKey: 'default' }),
  'asset:define': (ids) => ({ projectId: ids.projectId, type: 'character', name: 'Walker hero' }),
  'asset:assess': (ids) => ({ assetId: ids.assetId }),
  'video:generate': (ids) => samplePayload('shot', 'generate-video', ids),
  'video:generate-batch': (ids) => samplePayload('shot', 'generate-video-batch', ids),
  'composition:create': (ids) => ({ projectId: ids.projectId, shotId: ids.shotIds[0] }),
  'composition:create-batch': (ids) => samplePayload('shot', 'generate-batch', ids),
  'composition:create-grid': (ids) => ({ projectId: ids.projectId, shotIds: ids.shotIds }),
  'character:generate-rotation': (ids) => ({ assetId: ids.assetId, rotation: 'front' }),
  'project:subscribe': (ids) => samplePayload('project', 'subscribe', ids),
  'project:unsubscribe': (ids) => samplePayload('project', 'unsubscribe', ids),
  'project:update': (ids) => samplePayload('project', 'update', ids),
  'project:getAll': (ids) => samplePayload('project', 'getAll', ids),
  'project:getOne': (ids) => samplePayload('project', 'getOne', ids),
  'project:create': (ids) => samplePayload('project', 'create', ids),
  'project:delete': (ids) => samplePayload('project', 'delete', ids),
  'project:getBySeries': (ids) => samplePayload('project', 'getBySeries', ids),
  'job:cancel': (ids) => samplePayload('jobs', 'cancel', ids),
  'jobs:list': (ids) => samplePayload('jobs', 'list', ids),
  'series:getAll': (ids) => samplePayload('series', 'getAll', ids),
  'series:create': (ids) => samplePayload('series', 'create', ids),
  'series:update': (ids) => samplePayload('series', 'update', ids),
  'series:delete': (ids) => samplePayload('series', 'delete', ids),
  'series:getProjects': (ids) => samplePayload('series', 'getProjects', ids),
};

/**
 * Actions that may answer B with success because they name none of A's ids (B's own lists, B's own
 * new project or series, text-only script tools); their answer must still contain nothing of A's.
 */
export const OWN_SCOPE_ACTIONS = new Set([
  'project:getAll',
  'project:create',
  'series:getAll',
  'series:create',
  'script:analyze',
  'script:convert',
  'jobs:list',
  'jobs:cancel',
  // A list by ids: B's answer holds none of A's assets.
  'unified-asset:getByIds',
]);

// ---------------------------------------------------------------- HTTP samples

export interface RouteSample {
  params: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** Multipart routes: the text fields; a small file goes under the route's fileField. */
  form?: Record<string, string>;
}

type RouteTable = {
  [G in HttpRouteGroup]: { [N in keyof (typeof HTTP_ROUTES)[G]]: (ids: WalkIds) => RouteSample };
};

/** A valid request for every HTTP_ROUTES entry, aimed at A's data. */
export const ROUTE_SAMPLES: RouteTable = {
  auth: {
    register: () => ({
      params: {},
      body: { email: 'x@example.com', username: 'walker', password: 'long enough' },
    }),
    login: () => ({ params: {}, body: { email: 'x@example.com', password: 'long enough' } }),
    me: () => ({ params: {} }),
    logout: () => ({ params: {} }),
  },
  projects: {
    list: () => ({ params: {} }),
    create: () => ({ params: {}, body: { name: 'Walker project' } }),
    get: (ids) => ({ params: { id: ids.projectId } }),
    update: (ids) => ({ params: { id: ids.projectId }, body: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ params: { id: ids.projectId } }),
    bySeries: (ids) => ({ params: { seriesId: ids.seriesId } }),
    save: (ids) => ({
      params: { id: ids.projectId },
      body: { saveId: randomUUID(), shots: [{ id: ids.shotIds[0], name: 'Saved by walker' }] },
    }),
    emergencySave: (ids) => ({
      params: {},
      body: { projectId: ids.projectId, save: { saveId: randomUUID(), script: { content: 'wiped' } } },
    }),
  },
  series: {
    list: () => ({ params: {} }),
    create: () => ({ params: {}, body: { name: 'Walker series' } }),
    get: (ids) => ({ params: { id: ids.seriesId } }),
    update: (ids) => ({ params: { id: ids.seriesId }, body: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ params: { id: ids.seriesId } }),
  },
  assets: {
    get: (ids) => ({ params: { id: ids.assetId } }),
    listByProject: (ids) => ({ params: { projectId: ids.projectId }, query: { type: 'character' } }),
    create: (ids) => ({ params: {}, body: { projectId: ids.projectId, type: 'prop', name: 'Walker prop' } }),
    update: (ids) => ({ params: { id: ids.assetId }, body: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ params: { id: ids.assetId } }),
    ensureImageBgRemoved: (ids) => ({ params: { id: ids.assetId, key: 'default' } }),
    ensureVariantBgRemoved: (ids) => ({ params: { id: ids.assetId, key: 'default' } }),
  },
  shots: {
    list: (ids) => ({ params: { projectId: ids.projectId }, query: { limit: '10' } }),
    create: (ids) => ({ params: { projectId: ids.projectId }, body: { name: 'Walker shot' } }),
    get: (ids) => ({ params: { id: ids.shotIds[0] } }),
    update: (ids) => ({ params: { id: ids.shotIds[0] }, body: { name: 'Renamed by walker' } }),
    delete: (ids) => ({ params: { id: ids.shotIds[0] } }),
    reorder: (ids) => ({
      params: { projectId: ids.projectId },
      body: { order: [ids.shotIds[1], ids.shotIds[0]] },
    }),
  },
  scenes: {
    list: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  script: {
    get: (ids) => ({ params: { projectId: ids.projectId } }),
    save: (ids) => ({ params: { projectId: ids.projectId }, body: { content: SCRIPT_SAMPLE } }),
    validate: () => ({ params: {}, body: { content: SCRIPT_SAMPLE, format: 'fountain' } }),
    formatHelp: () => ({ params: { format: 'fountain' } }),
    jobs: () => ({ params: {} }),
    cancelJob: () => ({ params: { id: randomUUID() } }),
  },
  files: {
    uploadImage: (ids) => ({ params: {}, form: { projectId: ids.projectId, assetId: ids.assetId } }),
    uploadAudio: (ids) => ({ params: {}, form: { projectId: ids.projectId } }),
    uploadJson: (ids) => ({
      params: {},
      body: { data: { walker: true }, projectId: ids.projectId, filename: 'walker.json' },
    }),
    download: (ids) => ({ params: { key: ids.fileKey } }),
    delete: (ids) => ({ params: { key: ids.fileKey } }),
    list: (ids) => ({ params: { projectId: ids.projectId } }),
    test: () => ({ params: {} }),
    migrateVideo: (ids) => ({
      params: {},
      body: { videoUrl: 'https://example.com/v.mp4', shotId: ids.shotIds[0] },
    }),
  },
  cuts: {
    list: (ids) => ({ params: { projectId: ids.projectId } }),
    create: (ids) => ({ params: { projectId: ids.projectId }, body: { name: 'Walker cut' } }),
    get: (ids) => ({ params: { projectId: ids.projectId, cutId: randomUUID() } }),
    rename: (ids) => ({
      params: { projectId: ids.projectId, cutId: randomUUID() },
      body: { name: 'Renamed by walker' },
    }),
    delete: (ids) => ({ params: { projectId: ids.projectId, cutId: randomUUID() } }),
    compare: (ids) => ({
      params: { projectId: ids.projectId, olderId: randomUUID(), newerId: randomUUID() },
    }),
    storyboard: (ids) => ({
      params: { projectId: ids.projectId, cutId: randomUUID() },
      query: { layout: 'pages' },
    }),
    package: (ids) => ({ params: { projectId: ids.projectId, cutId: randomUUID() } }),
    restore: (ids) => ({ params: { projectId: ids.projectId, cutId: randomUUID() } }),
    export: (ids) => ({
      params: { projectId: ids.projectId, cutId: randomUUID(), format: 'edl' },
      query: { frameRate: '25' },
    }),
    import: (ids) => ({
      params: { projectId: ids.projectId, cutId: randomUUID() },
      body: { format: 'edl', text: 'TITLE: x' },
    }),
    renderRoughCut: (ids) => ({
      params: { projectId: ids.projectId, cutId: randomUUID() },
      body: { burnIn: false },
    }),
    getRoughCut: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  audio: {
    get: (ids) => ({ params: { projectId: ids.projectId } }),
    set: (ids) => ({
      params: { projectId: ids.projectId },
      body: { key: `projects/${ids.projectId}/audio/walker.mp3` },
    }),
    setOffset: (ids) => ({ params: { projectId: ids.projectId }, body: { offsetSeconds: 2 } }),
    remove: (ids) => ({ params: { projectId: ids.projectId } }),
    setCut: (ids) => ({ params: { projectId: ids.projectId }, body: { cutId: randomUUID() } }),
    generateDialogue: (ids) => ({ params: { projectId: ids.projectId }, body: {} }),
    listLines: (ids) => ({ params: { projectId: ids.projectId } }),
    regenerateLine: (ids) => ({ params: { projectId: ids.projectId, lineId: randomUUID() }, body: {} }),
    uploadLine: (ids) => ({
      params: { projectId: ids.projectId, lineId: randomUUID() },
      body: { key: `projects/${ids.projectId}/audio/walker.mp3` },
    }),
    lineFile: (ids) => ({ params: { projectId: ids.projectId, lineId: randomUUID() } }),
    timeShots: (ids) => ({ params: { projectId: ids.projectId }, body: { pacing: 'slow' } }),
  },
  review: {
    createLink: (ids) => ({ params: { id: ids.projectId }, body: { expiresInHours: 24 } }),
    listLinks: (ids) => ({ params: { id: ids.projectId } }),
    revokeLink: (ids) => ({ params: { id: ids.projectId, linkId: ids.reviewLinkId } }),
    revoke: (ids) => ({ params: { token: ids.reviewToken } }),
    view: (ids) => ({ params: { token: ids.reviewToken } }),
    shotMedia: (ids) => ({ params: { token: ids.reviewToken, shotId: ids.shotIds[0], kind: 'image' } }),
    roughCutMedia: (ids) => ({ params: { token: ids.reviewToken } }),
    comment: (ids) => ({
      params: { token: ids.reviewToken },
      body: { authorName: 'Walker', body: 'A note', timeMs: 0 },
    }),
    listComments: (ids) => ({ params: { id: ids.projectId } }),
    deleteComment: (ids) => ({ params: { id: ids.projectId, commentId: randomUUID() } }),
  },
  repository: {
    view: (ids) => ({ params: { id: ids.projectId } }),
    state: (ids) => ({ params: { id: ids.projectId } }),
    publishProject: (ids) => ({ params: { id: ids.projectId }, body: { published: true } }),
    publishAsset: (ids) => ({ params: { id: ids.assetId }, body: { published: true } }),
  },
  system: {
    health: () => ({ params: {} }),
    live: () => ({ params: {} }),
    ready: () => ({ params: {} }),
    openapi: () => ({ params: {} }),
  },
};

/** A valid request for the route `group.name` aimed at A's ids. */
export function sampleRoute(routeKey: string, ids: WalkIds): RouteSample {
  const [group = '', name = ''] = routeKey.split('.');
  const table = ROUTE_SAMPLES as unknown as Record<string, Record<string, (ids: WalkIds) => RouteSample>>;
  const build = table[group]?.[name];
  if (build === undefined) throw new Error(`no sample for route ${routeKey}`);
  return build(ids);
}

/** Routes anyone may call: the walks as B and as an anonymous client leave them out. */
export const PUBLIC_ROUTES = new Set([
  'auth.register',
  'auth.login',
  'review.view',
  'review.shotMedia',
  'review.roughCutMedia',
  'review.comment',
  'repository.view',
  'system.health',
  'system.live',
  'system.ready',
  'system.openapi',
]);

/** Routes B may call successfully because they name none of A's ids; nothing of A's may come back. */
export const OWN_SCOPE_ROUTES = new Set([
  'auth.me',
  'auth.logout',
  'projects.list',
  'projects.create',
  'series.list',
  'series.create',
  'script.validate',
  'script.formatHelp',
  'script.jobs',
  'script.cancelJob',
  'files.test',
]);

export interface WalkRoute {
  key: string;
  spec: HttpRouteSpec;
}

export function walkRoutes(): WalkRoute[] {
  return listHttpRoutes().map(({ group, name, spec }) => ({ key: `${group}.${name}`, spec }));
}

export function walkActions(): { domain: string; action: string; event: string }[] {
  return listSocketActions().map(({ domain, action, event }) => ({ domain, action, event }));
}

export function legacyEventNames(): LegacyRequestEvent[] {
  return Object.keys(LEGACY_EVENTS) as LegacyRequestEvent[];
}

/** Fills the route's path and query from a sample. */
export function routeUrl(spec: HttpRouteSpec, sample: RouteSample): string {
  const path = spec.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_segment, name: string) =>
    encodeURIComponent(sample.params[name] ?? ''),
  );
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  return `${path}${query}`;
}

export interface WalkHttpAnswer {
  status: number;
  body: unknown;
}

/** One HTTP call of a route with a sample (JSON body, or multipart with a small file). */
export async function callRoute(
  server: Pick<TestServer, 'url'>,
  spec: HttpRouteSpec,
  sample: RouteSample,
  token?: string,
): Promise<WalkHttpAnswer> {
  const url = routeUrl(spec, sample);
  if (spec.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(sample.form ?? {})) form.append(key, value);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    form.append(spec.fileField ?? 'file', new Blob([png], { type: 'image/png' }), 'walker.png');
    const response = await fetch(`${server.url}${url}`, {
      method: spec.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: jsonOrText(text) };
  }
  const response = await api(server, spec.method, url, {
    ...(token ? { token } : {}),
    ...(sample.body === undefined ? {} : { body: sample.body }),
  });
  return { status: response.status, body: response.body };
}

// ---------------------------------------------------------------- socket calls with a short wait

export interface WalkSocketAnswer {
  event: string;
  body: unknown;
}

/** emit(domain:action, {requestId, payload}); the answer, or undefined when none came in time. */
export function walkSocketRequest(
  socket: Socket,
  domain: string,
  action: string,
  payload: unknown,
): Promise<WalkSocketAnswer | undefined> {
  const requestId = randomUUID();
  const matches = (body: unknown) => (body as { requestId?: unknown } | null)?.requestId === requestId;
  const event = `${domain}:${action}`;
  const answer = awaitFirst(socket, [responseEvent(domain), errorEvent(domain)], matches, answerWait(event));
  socket.emit(event, { requestId, payload });
  return answer;
}

/** emit(event, payload) in the older form; its reply or its group's error, or undefined. */
export function walkLegacyRequest(
  socket: Socket,
  event: LegacyRequestEvent,
  payload: unknown,
): Promise<WalkSocketAnswer | undefined> {
  const spec = LEGACY_EVENTS[event];
  const answer = awaitFirst(socket, [spec.reply, spec.error], () => true, answerWait(event));
  socket.emit(event, payload);
  return answer;
}

// ---------------------------------------------------------------- the samples sent as they are

/** The action's sample payload (samplePayload) sent on `socket`; the answer, or undefined. */
export function sendSampleAction(
  socket: Socket,
  { domain, action }: { domain: string; action: string },
  ids: WalkIds,
): Promise<WalkSocketAnswer | undefined> {
  return walkSocketRequest(socket, domain, action, samplePayload(domain, action, ids));
}

/** The older event's sample (LEGACY_SAMPLES) sent on `socket`; its reply or error, or undefined. */
export function sendSampleLegacy(
  socket: Socket,
  event: LegacyRequestEvent,
  ids: WalkIds,
): Promise<WalkSocketAnswer | undefined> {
  return walkLegacyRequest(socket, event, LEGACY_SAMPLES[event](ids));
}

/** The route called with its sample (sampleRoute), as `token` (or signed out). */
export function callSampleRoute(
  server: Pick<TestServer, 'url'>,
  { key, spec }: WalkRoute,
  ids: WalkIds,
  token?: string,
): Promise<WalkHttpAnswer> {
  return callRoute(server, spec, sampleRoute(key, ids), token);
}

function awaitFirst(
  socket: Socket,
  events: string[],
  matches: (body: unknown) => boolean,
  waitMs: number,
): Promise<WalkSocketAnswer | undefined> {
  return new Promise((resolve) => {
    const offs = events.map((event) => {
      const listener = (body: unknown) => {
        if (!matches(body)) return;
        finish({ event, body });
      };
      socket.on(event, listener);
      return () => socket.off(event, listener);
    });
    const timer = setTimeout(() => finish(undefined), waitMs);
    function finish(answer: WalkSocketAnswer | undefined) {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve(answer);
    }
  });
}

// ---------------------------------------------------------------- checks

export const REFUSAL_CODES: ReadonlySet<ErrorCode> = new Set([
  'AUTH_ERROR',
  'AUTHORIZATION_ERROR',
  'NOT_FOUND_ERROR',
]);

/** An expected answer to an event on NOT_SERVED is silence; the walks compare these lists. */
export function unansweredProblems(results: { event: string; problem: string }[]): {
  unanswered: string[];
  expectedUnanswered: string[];
  problems: string[];
} {
  return {
    unanswered: results.filter(({ problem }) => problem === NO_ANSWER).map(({ event }) => event),
    expectedUnanswered: results.filter(({ event }) => NOT_SERVED.has(event)).map(({ event }) => event),
    problems: results
      .filter(({ problem }) => problem !== '' && problem !== NO_ANSWER)
      .map(({ event, problem }) => `${event}: ${problem}`),
  };
}

export const NO_ANSWER = 'no answer';

/** 501 NOT_AVAILABLE_ERROR: a catalogue answer for a feature not built yet, not a crash. */
export function isNotAvailable(status: number, body: unknown): boolean {
  return status === 501 && (body as { code?: unknown } | null)?.code === 'NOT_AVAILABLE_ERROR';
}

export function isCatalogueCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Which of A's ids, names or script lines appear in an answer. An asset refusal may echo the
 * asset id B asked for ('Asset {id} not found'): that echo is not a leak.
 */
export function leakedSecrets(answer: unknown, ids: WalkIds): string[] {
  let text = JSON.stringify(answer) ?? '';
  text = text.replaceAll(formatMessage.assetNotFound(ids.assetId), '');
  const needles = [
    ids.seriesId,
    ids.projectId,
    ...ids.shotIds,
    ids.assetId,
    ids.variantId,
    ids.reviewToken,
    ids.fileKey,
    ...ids.names,
    ...ids.scriptText.split('\n').filter((line) => line.trim().length > 8),
  ];
  return needles.filter((needle) => text.includes(needle));
}

/** Batches of `size` run one after another, each batch concurrently. */
export async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return results;
}

/** A's data as A sees it over HTTP: project, shots, assets, script, series. */
export async function snapshotAlice(server: TestServer, world: WalkWorld): Promise<unknown> {
  const { ids, alice } = world;
  const paths = [
    `/api/projects/${ids.projectId}`,
    `/api/projects/${ids.projectId}/shots`,
    `/api/projects/${ids.projectId}/assets`,
    `/api/script/${ids.projectId}`,
    `/api/series/${ids.seriesId}`,
    `/api/files/list/${ids.projectId}`,
  ];
  const answers = await Promise.all(paths.map((path) => api(server, 'GET', path, { token: alice.token })));
  return answers.map(({ status, body }) => ({ status, body }));
}

/** A socket of A's, for the coverage variants (no HTTP route lists them). */
export async function snapshotAliceVariants(server: TestServer, world: WalkWorld): Promise<unknown> {
  const socket = await connectSocket(server, world.alice.token);
  try {
    const answers = await Promise.all(
      world.ids.shotIds.map((shotId) => walkSocketRequest(socket, 'shot', 'get-coverage', { shotId })),
    );
    return answers.map((answer) => answer?.body && { ...(answer.body as object), requestId: '' });
  } finally {
    socket.close();
  }
}
