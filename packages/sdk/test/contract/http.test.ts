import { describe, expect, it } from 'vitest';
import {
  buildPath,
  HTTP_ROUTES,
  listHttpRoutes,
  ME_TIMEOUT_MS,
  pathParams,
  ReelbenchError,
} from '../../src/contract/index.js';
import { uuid } from './contract-fixtures.js';

/** group.name → "METHOD path" (auth marked with *), from the brief and SPEC.md section 7. */
const EXPECTED_ROUTES: Record<string, string> = {
  'auth.register': 'POST /api/auth/register',
  'auth.login': 'POST /api/auth/login',
  'auth.me': 'GET /api/auth/me *',
  'auth.logout': 'POST /api/auth/logout *',
  'projects.list': 'GET /api/projects *',
  'projects.create': 'POST /api/projects *',
  'projects.get': 'GET /api/projects/:id *',
  'projects.update': 'PATCH /api/projects/:id *',
  'projects.delete': 'DELETE /api/projects/:id *',
  'projects.bySeries': 'GET /api/series/:seriesId/projects *',
  'projects.save': 'POST /api/projects/:id/save *',
  'projects.emergencySave': 'POST /api/projects/emergency-save *',
  'series.list': 'GET /api/series *',
  'series.create': 'POST /api/series *',
  'series.get': 'GET /api/series/:id *',
  'series.update': 'PATCH /api/series/:id *',
  'series.delete': 'DELETE /api/series/:id *',
  'assets.get': 'GET /api/asset/:id *',
  'assets.listByProject': 'GET /api/projects/:projectId/assets *',
  'assets.create': 'POST /api/asset *',
  'assets.update': 'PATCH /api/asset/:id *',
  'audio.get': 'GET /api/audio/:projectId *',
  'audio.remove': 'DELETE /api/audio/:projectId *',
  'audio.set': 'PUT /api/audio/:projectId *',
  'audio.setCut': 'PUT /api/audio/:projectId/cut *',
  'audio.generateDialogue': 'POST /api/audio/:projectId/dialogue *',
  'audio.listLines': 'GET /api/audio/:projectId/lines *',
  'audio.regenerateLine': 'POST /api/audio/:projectId/lines/:lineId/regenerate *',
  'audio.uploadLine': 'PUT /api/audio/:projectId/lines/:lineId/take *',
  'audio.lineFile': 'GET /api/audio/:projectId/lines/:lineId/file *',
  'audio.timeShots': 'POST /api/audio/:projectId/timing *',
  'audio.setOffset': 'PATCH /api/audio/:projectId *',
  'assets.delete': 'DELETE /api/asset/:id *',
  'assets.ensureImageBgRemoved': 'POST /api/assets/:id/images/:key/ensure-bg-removed *',
  'assets.ensureVariantBgRemoved': 'POST /api/assets/:id/variants/:key/ensure-bg-removed *',
  'shots.list': 'GET /api/projects/:projectId/shots *',
  'shots.create': 'POST /api/projects/:projectId/shots *',
  'shots.get': 'GET /api/shots/:id *',
  'shots.update': 'PATCH /api/shots/:id *',
  'shots.delete': 'DELETE /api/shots/:id *',
  'shots.reorder': 'PUT /api/projects/:projectId/shot-order *',
  'scenes.list': 'GET /api/projects/:projectId/scenes *',
  'script.get': 'GET /api/script/:projectId *',
  'script.save': 'PUT /api/script/:projectId *',
  'script.validate': 'POST /api/script/validate *',
  'script.formatHelp': 'GET /api/script/format-help/:format *',
  'script.jobs': 'GET /api/script/jobs *',
  'script.cancelJob': 'DELETE /api/script/jobs/:id *',
  'files.uploadImage': 'POST /api/files/upload-image *',
  'files.uploadAudio': 'POST /api/files/upload-audio *',
  'files.uploadJson': 'POST /api/files/upload-json *',
  'files.download': 'GET /api/files/download/:key *',
  'files.delete': 'DELETE /api/files/delete/:key *',
  'files.list': 'GET /api/files/list/:projectId *',
  'files.test': 'GET /api/files/test *',
  'files.migrateVideo': 'POST /api/files/migrate-video *',
  'cuts.list': 'GET /api/projects/:projectId/cuts *',
  'cuts.create': 'POST /api/projects/:projectId/cuts *',
  'cuts.get': 'GET /api/projects/:projectId/cuts/:cutId *',
  'cuts.rename': 'PATCH /api/projects/:projectId/cuts/:cutId *',
  'cuts.delete': 'DELETE /api/projects/:projectId/cuts/:cutId *',
  'cuts.compare': 'GET /api/projects/:projectId/cuts/:olderId/compare/:newerId *',
  'cuts.package': 'GET /api/projects/:projectId/cuts/:cutId/package *',
  'cuts.storyboard': 'GET /api/projects/:projectId/cuts/:cutId/export/pdf *',
  'cuts.export': 'GET /api/projects/:projectId/cuts/:cutId/export/:format *',
  'cuts.import': 'POST /api/projects/:projectId/cuts/:cutId/import *',
  'cuts.restore': 'POST /api/projects/:projectId/cuts/:cutId/restore *',
  'cuts.getRoughCut': 'GET /api/projects/:projectId/rough-cut *',
  'cuts.renderRoughCut': 'POST /api/projects/:projectId/cuts/:cutId/rough-cut *',
  'review.createLink': 'POST /api/projects/:id/review-links *',
  'review.listLinks': 'GET /api/projects/:id/review-links *',
  'review.revokeLink': 'DELETE /api/projects/:id/review-links/:linkId *',
  'review.revoke': 'DELETE /api/review-links/:token *',
  'review.view': 'GET /api/review/:token',
  'review.shotMedia': 'GET /api/files/review/:token/shots/:shotId/:kind',
  'review.roughCutMedia': 'GET /api/files/review/:token/rough-cut',
  'review.comment': 'POST /api/review/:token/comments',
  'review.listComments': 'GET /api/projects/:id/review-comments *',
  'review.deleteComment': 'DELETE /api/projects/:id/review-comments/:commentId *',
  'repository.view': 'GET /api/repository/:id',
  'repository.state': 'GET /api/projects/:id/repository *',
  'repository.publishProject': 'PUT /api/projects/:id/repository *',
  'repository.publishAsset': 'PUT /api/asset/:id/repository *',
  'system.health': 'GET /api/health',
  'system.live': 'GET /api/health/live',
  'system.ready': 'GET /api/health/ready',
  'system.openapi': 'GET /api/docs',
};

describe('HTTP_ROUTES', () => {
  it('has exactly the routes, methods, paths and auth flags of the contract', () => {
    const actual = Object.fromEntries(
      listHttpRoutes().map(({ group, name, spec }) => [
        `${group}.${name}`,
        `${spec.method} ${spec.path}${spec.auth ? ' *' : ''}`,
      ]),
    );
    expect(actual).toEqual(EXPECTED_ROUTES);
  });

  it('has no two routes on the same method and path', () => {
    const keys = listHttpRoutes().map(({ spec }) => `${spec.method} ${spec.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('checks the current user within 3 s and without retries', () => {
    expect(HTTP_ROUTES.auth.me.timeoutMs).toBe(ME_TIMEOUT_MS);
    expect(HTTP_ROUTES.auth.me.timeoutMs).toBe(3_000);
    expect(HTTP_ROUTES.auth.me.retries).toBe(0);
    const others = listHttpRoutes().filter(({ spec }) => spec.path !== '/api/auth/me');
    expect(others.every(({ spec }) => spec.timeoutMs === undefined && spec.retries === undefined)).toBe(true);
  });

  it('uploads images and audio as multipart with the file in image / audio', () => {
    const multipart = listHttpRoutes().filter(({ spec }) => spec.multipart);
    expect(multipart.map(({ name, spec }) => [name, spec.fileField])).toEqual([
      ['uploadImage', 'image'],
      ['uploadAudio', 'audio'],
    ]);
  });

  it('GET and DELETE routes have no body', () => {
    const withBody = listHttpRoutes().filter(
      ({ spec }) => (spec.method === 'GET' || spec.method === 'DELETE') && spec.body,
    );
    expect(withBody).toEqual([]);
  });
});

describe('route bodies and queries', () => {
  const register = HTTP_ROUTES.auth.register.body;

  it.each([
    [
      'a valid registration',
      { email: 'mara@example.com', username: 'mara.v_2', password: 'correct horse' },
      true,
    ],
    ['a short username', { email: 'mara@example.com', username: 'ma', password: 'correct horse' }, false],
    [
      'a 41-character username',
      { email: 'm@example.com', username: 'm'.repeat(41), password: 'correct horse' },
      false,
    ],
    [
      'a username with a space',
      { email: 'm@example.com', username: 'mara v', password: 'correct horse' },
      false,
    ],
    ['a 7-character password', { email: 'm@example.com', username: 'mara', password: 'short12' }, false],
    [
      'a 201-character password',
      { email: 'm@example.com', username: 'mara', password: 'p'.repeat(201) },
      false,
    ],
    ['a bad email', { email: 'mara-at-example', username: 'mara', password: 'correct horse' }, false],
    ['a missing email', { username: 'mara', password: 'correct horse' }, false],
  ])('register: %s', (_label, body, ok) => {
    expect(register.safeParse(body).success).toBe(ok);
  });

  it('login needs email and password', () => {
    expect(HTTP_ROUTES.auth.login.body.safeParse({ email: 'm@example.com', password: 'x' }).success).toBe(
      true,
    );
    expect(HTTP_ROUTES.auth.login.body.safeParse({ email: 'm@example.com' }).success).toBe(false);
  });

  it('shot list query values arrive as text and are coerced and bounded', () => {
    const query = HTTP_ROUTES.shots.list.query;
    expect(query.parse({ limit: '20', offset: '40', sceneNumber: '2' })).toEqual({
      limit: 20,
      offset: 40,
      sceneNumber: 2,
    });
    expect(query.parse({})).toEqual({ limit: 500, offset: 0 });
    expect(query.safeParse({ limit: 'many' }).success).toBe(false);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.safeParse({ offset: '-5' }).success).toBe(false);
  });

  it('script validation takes fountain, fdx or text', () => {
    const body = HTTP_ROUTES.script.validate.body;
    expect(body.safeParse({ content: 'FADE IN:', format: 'fountain' }).success).toBe(true);
    expect(body.safeParse({ content: 'FADE IN:', format: 'pdf' }).success).toBe(false);
    expect(body.safeParse({ content: 'FADE IN:' }).success).toBe(false);
  });

  it('an emergency save may carry the token, since a beacon cannot set headers', () => {
    const body = HTTP_ROUTES.projects.emergencySave.body;
    expect(body.safeParse({ projectId: uuid(), token: 'abc', save: { saveId: uuid() } }).success).toBe(true);
    expect(body.safeParse({ token: 'abc' }).success).toBe(false);
  });

  it('uploadJson takes any JSON data and a plain file name', () => {
    const body = HTTP_ROUTES.files.uploadJson.body;
    expect(body.safeParse({ data: { a: [1, null] }, projectId: uuid(), filename: 'edl.json' }).success).toBe(
      true,
    );
    expect(body.safeParse({ data: 1, projectId: uuid(), filename: '../edl.json' }).success).toBe(false);
    expect(body.safeParse({ data: () => 1, projectId: uuid(), filename: 'x.json' }).success).toBe(false);
  });

  it('health answers ok with the database kind', () => {
    const health = HTTP_ROUTES.system.health.response;
    expect(health.parse({ status: 'ok', database: 'pglite', version: '0.1.0' }).database).toBe('pglite');
    expect(health.safeParse({ status: 'ok', database: 'sqlite', version: '0.1.0' }).success).toBe(false);
  });
});

describe('buildPath', () => {
  it('fills each parameter', () => {
    const id = uuid();
    expect(buildPath(HTTP_ROUTES.projects.get.path, { id })).toBe(`/api/projects/${id}`);
    expect(buildPath(HTTP_ROUTES.assets.ensureImageBgRemoved.path, { id, key: 'default-front' })).toBe(
      `/api/assets/${id}/images/default-front/ensure-bg-removed`,
    );
  });

  it('URI-encodes each value, so a value cannot change the path', () => {
    expect(buildPath('/api/files/download/:key', { key: 'projects/p1/a b.png' })).toBe(
      '/api/files/download/projects%2Fp1%2Fa%20b.png',
    );
    expect(buildPath('/api/shots/:id', { id: '../auth/me' })).toBe('/api/shots/..%2Fauth%2Fme');
    expect(buildPath('/api/review/:token', { token: 'a?b#c&d' })).toBe('/api/review/a%3Fb%23c%26d');
    expect(buildPath('/api/script/:projectId', { projectId: 'é' })).toBe('/api/script/%C3%A9');
  });

  it('leaves a path without parameters alone and ignores extra values', () => {
    expect(buildPath('/api/projects', { id: 'x' })).toBe('/api/projects');
  });

  it('refuses a missing or empty parameter with a validation error', () => {
    expect(() => buildPath('/api/shots/:id', {})).toThrow(ReelbenchError);
    expect(() => buildPath('/api/shots/:id', { id: '' })).toThrow('Missing path parameter: id');
    expect(() => buildPath('/api/things/:constructor', {})).toThrow('Missing path parameter: constructor');
  });

  it('lists a path’s parameters in order', () => {
    expect(pathParams('/api/assets/:id/variants/:key/ensure-bg-removed')).toEqual(['id', 'key']);
    expect(pathParams('/api/health')).toEqual([]);
  });
});
