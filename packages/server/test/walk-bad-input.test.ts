import { randomUUID } from 'node:crypto';
import {
  errorBodySchema,
  errorEnvelopeSchema,
  getActionSpec,
  healthSchema,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testDatabases } from './support/databases.js';
import { api, connectSocket } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import {
  callRoute,
  inBatches,
  isCatalogueCode,
  isNotAvailable,
  LEGACY_SAMPLES,
  legacyEventNames,
  NOT_SERVED,
  OWN_SCOPE_ACTIONS,
  PUBLIC_ROUTES,
  type RouteSample,
  routeUrl,
  samplePayload,
  sampleRoute,
  setupWalkWorld,
  snapshotAlice,
  snapshotAliceVariants,
  type WalkRoute,
  type WalkSocketAnswer,
  type WalkWorld,
  walkActions,
  walkLegacyRequest,
  walkRoutes,
  walkSocketRequest,
} from './support/walk-fixtures.js';

const MB = 1024 * 1024;
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const UUID_PATTERN = new RegExp(`^${UUID_IN_TEXT.source}$`, 'i');
const NON_OBJECTS: unknown[] = [null, 42, 'x', []];
const BATCH = 8;
const HUGE_BATCH = 2;

type Path = string[];
interface Variant {
  name: string;
  value: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The sample's fields and the fields of its nested objects (one level down). */
function fieldPaths(sample: unknown): Path[] {
  if (!isPlainObject(sample)) return [];
  return Object.entries(sample).flatMap(([key, value]) => [
    [key],
    ...(isPlainObject(value) ? Object.keys(value).map((inner) => [key, inner]) : []),
  ]);
}

function valueAt(sample: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), sample);
}

/** A deep copy of the sample with the field at `path` replaced, or removed when `value` is REMOVE. */
const REMOVE = Symbol('remove');
function withField(sample: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string, unknown>;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string, unknown>>((object, key) => object[key] as Record<string, unknown>, copy);
  const last = path.at(-1) ?? '';
  if (value === REMOVE) delete parent[last];
  else parent[last] = value;
  return copy;
}

function wrongType(value: unknown): unknown {
  return typeof value === 'string' ? 42 : 'x';
}

/** Malformed forms of a valid sample: non-objects, missing fields, wrong types, bad ids, huge strings. */
function malformedVariants(sample: unknown, hugeSizes: number[]): Variant[] {
  const variants: Variant[] = NON_OBJECTS.map((value) => ({
    name: `payload ${JSON.stringify(value)}`,
    value,
  }));
  for (const path of fieldPaths(sample)) {
    const field = path.join('.');
    const current = valueAt(sample, path);
    variants.push({ name: `without ${field}`, value: withField(sample, path, REMOVE) });
    variants.push({ name: `${field} of wrong type`, value: withField(sample, path, wrongType(current)) });
    if (typeof current === 'string' && UUID_PATTERN.test(current)) {
      variants.push({ name: `${field} not a uuid`, value: withField(sample, path, 'not-a-uuid') });
    }
    if (typeof current === 'string') {
      for (const size of hugeSizes) {
        variants.push({
          name: `${field} of ${size / MB} MB`,
          value: withField(sample, path, 'x'.repeat(size)),
        });
      }
    }
  }
  return variants;
}

/** The sample with every id in it (also inside arrays) swapped for a fresh uuid. */
function withUnknownIds(sample: unknown): unknown {
  return JSON.parse(JSON.stringify(sample), (_key, value: unknown) =>
    typeof value === 'string' && UUID_PATTERN.test(value) ? randomUUID() : value,
  );
}

function rejects(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema !== undefined && !schema.safeParse(value).success;
}

function describeAnswer(answer: WalkSocketAnswer | undefined): string {
  return answer ? `${answer.event} ${JSON.stringify(answer.body).slice(0, 200)}` : 'no answer';
}

interface HttpCase {
  route: WalkRoute;
  name: string;
  sample: RouteSample;
  allowed: number[];
}

/** Non-uuid and unknown ids in the path, an unknown review token, and each query field made invalid. */
function pathAndQueryCases(route: WalkRoute, sample: RouteSample): HttpCase[] {
  const cases: HttpCase[] = [];
  const add = (name: string, change: Partial<RouteSample>, allowed: number[]) =>
    cases.push({ route, name, sample: { ...sample, ...change }, allowed });
  for (const [param, value] of Object.entries(sample.params)) {
    if (!UUID_PATTERN.test(value)) continue;
    add(`${param} not a uuid`, { params: { ...sample.params, [param]: 'not-a-uuid' } }, [400, 404]);
    add(`${param} unknown`, { params: { ...sample.params, [param]: randomUUID() } }, [403, 404]);
  }
  if (Object.hasOwn(sample.params, 'token'))
    add('unknown token', { params: { token: 'no-such-token' } }, [400, 404]);
  for (const field of Object.keys(sample.query ?? {})) {
    add(`query ${field} invalid`, { query: { ...sample.query, [field]: 'not-valid-!' } }, [400]);
  }
  return cases;
}

describe.each(testDatabases())('bad-input walk on %s', (database) => {
  const { server } = useTestServer({ database });

  let world: WalkWorld;
  let before: unknown[];
  let socket: Socket;
  // 10 MB strings on one database only, to stay fast.
  const hugeSizes = database === 'pglite' ? [MB, 10 * MB] : [MB];

  beforeAll(async () => {
    world = await setupWalkWorld(server);
    before = [await snapshotAlice(server, world), await snapshotAliceVariants(server, world)];
    socket = await connectSocket(server, world.alice.token);
  }, 60_000);

  afterAll(async () => {
    socket?.close();
  });

  const servedActions = () => walkActions().filter(({ event }) => !NOT_SERVED.has(event));

  it('answers VALIDATION_ERROR to every malformed payload of every socket action', async () => {
    const cases = servedActions().flatMap(({ domain, action, event }) => {
      const spec = getActionSpec(domain, action);
      const sample = samplePayload(domain, action, world.ids);
      return malformedVariants(sample, [])
        .filter(({ value }) => rejects(spec?.payload, value))
        .map((variant) => ({ domain, action, event, variant }));
    });
    for (const { event } of servedActions()) {
      expect(
        cases.some((entry) => entry.event === event),
        `${event} has malformed cases`,
      ).toBe(true);
    }
    const problems = await inBatches(cases, BATCH, async ({ domain, action, event, variant }) => {
      const answer = await walkSocketRequest(socket, domain, action, variant.value);
      const parsed = errorEnvelopeSchema.safeParse(answer?.body);
      const ok =
        answer?.event === `${domain}:error` &&
        parsed.success &&
        parsed.data.code === 'VALIDATION_ERROR' &&
        parsed.data.statusCode === 400;
      return ok ? '' : `${event} ${variant.name}: ${describeAnswer(answer)}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('answers VALIDATION_ERROR to huge strings in every string field of every socket action', async () => {
    const cases = servedActions().flatMap(({ domain, action, event }) => {
      const spec = getActionSpec(domain, action);
      const sample = samplePayload(domain, action, world.ids);
      const huge = malformedVariants(sample, hugeSizes).filter(({ name }) => name.endsWith(' MB'));
      return huge
        .filter(({ value }) => rejects(spec?.payload, value))
        .map((variant) => ({ domain, action, event, variant }));
    });
    expect(cases.length).toBeGreaterThan(0);
    const problems = await inBatches(cases, HUGE_BATCH, async ({ domain, action, event, variant }) => {
      const answer = await walkSocketRequest(socket, domain, action, variant.value);
      const parsed = errorEnvelopeSchema.safeParse(answer?.body);
      const ok =
        answer?.event === `${domain}:error` && parsed.success && parsed.data.code === 'VALIDATION_ERROR';
      return ok ? '' : `${event} ${variant.name}: ${describeAnswer(answer)}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('answers a catalogue error below 500 to unknown ids on every socket action', async () => {
    const cases = servedActions().filter(({ domain, action }) =>
      UUID_IN_TEXT.test(JSON.stringify(samplePayload(domain, action, world.ids))),
    );
    const problems = await inBatches(cases, BATCH, async ({ domain, action, event }) => {
      const payload = withUnknownIds(samplePayload(domain, action, world.ids));
      const answer = await walkSocketRequest(socket, domain, action, payload);
      if (answer?.event === `${domain}:response` && OWN_SCOPE_ACTIONS.has(event)) return '';
      const parsed = errorEnvelopeSchema.safeParse(answer?.body);
      const ok =
        answer?.event === `${domain}:error` &&
        parsed.success &&
        isCatalogueCode(parsed.data.code) &&
        (parsed.data.statusCode < 500 || isNotAvailable(parsed.data.statusCode, parsed.data));
      return ok ? '' : `${event} with unknown ids: ${describeAnswer(answer)}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('answers VALIDATION_ERROR on the group error event to malformed older named events', async () => {
    const problems: string[] = [];
    // One at a time: older replies carry no requestId.
    for (const event of legacyEventNames().filter((name) => !NOT_SERVED.has(name))) {
      const spec = LEGACY_EVENTS[event];
      const variants = malformedVariants(LEGACY_SAMPLES[event](world.ids), [])
        .filter(({ value }) => value !== null && rejects(spec.payload, value))
        .filter(({ value }) => !(isPlainObject(value) && typeof value.requestId === 'string'));
      expect(variants.length, `${event} has malformed cases`).toBeGreaterThan(0);
      for (const variant of variants) {
        const answer = await walkLegacyRequest(socket, event, variant.value);
        const parsed = legacyErrorPayloadSchema.safeParse(answer?.body);
        const ok = answer?.event === spec.error && parsed.success && parsed.data.code === 'VALIDATION_ERROR';
        if (!ok) problems.push(`${event} ${variant.name}: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  /** Routes walked with A's token; logout would end A's session, so it only gets the anonymous walk. */
  const badInputRoutes = (): WalkRoute[] => walkRoutes().filter(({ key }) => key !== 'auth.logout');

  async function send(route: WalkRoute, sample: RouteSample, raw?: string) {
    if (raw === undefined) return callRoute(server, route.spec, sample, world.alice.token);
    return api(server, route.spec.method, routeUrl(route.spec, sample), {
      token: world.alice.token,
      rawBody: raw,
      headers: { 'content-type': 'application/json' },
    });
  }

  function judgeHttp(
    key: string,
    name: string,
    answer: { status: number; body: unknown },
    allowed: number[],
  ): string {
    const parsed = errorBodySchema.safeParse(answer.body);
    const ok =
      allowed.includes(answer.status) &&
      parsed.success &&
      isCatalogueCode(parsed.data.code) &&
      parsed.data.statusCode === answer.status;
    return ok ? '' : `${key} ${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  }

  it('answers 400 to malformed, non-object and non-JSON bodies on every HTTP route', async () => {
    const cases = badInputRoutes().flatMap((route) => {
      const sample = sampleRoute(route.key, world.ids);
      const body = route.spec.multipart ? sample.form : sample.body;
      if (route.spec.body === undefined) return [];
      const variants = malformedVariants(body, []).filter(({ value }) => rejects(route.spec.body, value));
      const asJson = variants.map((variant) => ({
        route,
        name: variant.name,
        sample: { ...sample, body: variant.value, form: undefined },
        raw: route.spec.multipart ? JSON.stringify(variant.value) : undefined,
      }));
      return [...asJson, { route, name: 'garbage JSON', sample, raw: '{"not": json at all' }];
    });
    const routesWithBodies = badInputRoutes().filter(({ spec }) => spec.body !== undefined);
    expect(new Set(cases.map(({ route }) => route.key)).size).toBe(routesWithBodies.length);
    const problems = await inBatches(cases, BATCH, async ({ route, name, sample, raw }) => {
      const answer = await send(route, sample, raw);
      const allowed = route.key === 'auth.login' ? [400, 429] : [400];
      return judgeHttp(route.key, name, answer, allowed);
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('answers 400 or 413 to huge strings in every string field of every HTTP body', async () => {
    const cases = badInputRoutes().flatMap((route) => {
      const sample = sampleRoute(route.key, world.ids);
      if (route.spec.body === undefined || route.spec.multipart) return [];
      return malformedVariants(sample.body, hugeSizes)
        .filter(({ name, value }) => name.endsWith(' MB') && rejects(route.spec.body, value))
        .map((variant) => ({ route, name: variant.name, sample: { ...sample, body: variant.value } }));
    });
    expect(cases.length).toBeGreaterThan(0);
    const problems = await inBatches(cases, HUGE_BATCH, async ({ route, name, sample }) => {
      const allowed = route.key === 'auth.login' ? [400, 413, 429] : [400, 413];
      return judgeHttp(route.key, name, await send(route, sample), allowed);
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('answers a catalogue 4xx to non-uuid and unknown ids in every HTTP path and to bad queries', async () => {
    const cases = badInputRoutes()
      .filter(({ key }) => !PUBLIC_ROUTES.has(key) || key === 'review.view')
      .flatMap((route) => pathAndQueryCases(route, sampleRoute(route.key, world.ids)));
    expect(cases.length).toBeGreaterThan(0);
    const problems = await inBatches(cases, BATCH, async ({ route, name, sample, allowed }) => {
      const answer = await send(route, sample);
      if (isNotAvailable(answer.status, answer.body)) return '';
      return judgeHttp(route.key, name, answer, allowed);
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it("still answers /api/health and leaves A's data unchanged", async () => {
    const health = await api(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    healthSchema.parse(health.body);
    const after = [await snapshotAlice(server, world), await snapshotAliceVariants(server, world)];
    expect(after).toEqual(before);
  });
});
