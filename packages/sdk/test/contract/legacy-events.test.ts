import { describe, expect, it } from 'vitest';
import {
  getActionSpec,
  isRequestEnvelope,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
  legacyEventFor,
} from '../../src/contract/index.js';
import { uuid } from './contract-fixtures.js';

/** SPEC.md section 7 "Older named events": request → reply, and the group's error event. */
const EXPECTED: [request: string, reply: string, error: string][] = [
  ['script:analyze', 'script:analyzed', 'script:analyze:error'],
  ['script:convert', 'script:converted', 'script:analyze:error'],
  ['script:generate-shots', 'script:shots-generated', 'script:analyze:error'],
  ['asset:generate-image', 'asset:image-generated', 'asset:generate-image:error'],
  ['asset:enhance-image', 'asset:image-enhanced', 'asset:generate-image:error'],
  ['asset:define', 'asset:defined', 'asset:generate-image:error'],
  ['asset:assess', 'asset:assessed', 'asset:generate-image:error'],
  ['video:generate', 'video:generated', 'video:generate:error'],
  ['video:generate-batch', 'video:batch-generated', 'video:generate:error'],
  ['composition:create', 'composition:created', 'composition:create:error'],
  ['composition:create-batch', 'composition:batch-created', 'composition:create:error'],
  ['composition:create-grid', 'composition:grid-created', 'composition:create:error'],
  ['character:generate-rotation', 'character:rotation-generated', 'character:generate-rotation:error'],
  ['project:subscribe', 'project:subscribed', 'project:error'],
  ['project:unsubscribe', 'project:unsubscribed', 'project:error'],
  ['project:update', 'project:updated', 'project:error'],
  ['project:getAll', 'project:fetched', 'project:error'],
  ['project:getOne', 'project:fetched:one', 'project:error'],
  ['project:create', 'project:created', 'project:error'],
  ['project:delete', 'project:deleted', 'project:error'],
  ['project:getBySeries', 'project:fetched:bySeries', 'project:error'],
  ['job:cancel', 'job:cancelled', 'jobs:error'],
  ['jobs:list', 'jobs:listed', 'jobs:error'],
  ['series:getAll', 'series:fetched', 'series:error'],
  ['series:create', 'series:created', 'series:error'],
  ['series:update', 'series:updated', 'series:error'],
  ['series:delete', 'series:deleted', 'series:error'],
  ['series:getProjects', 'series:projectsFetched', 'series:error'],
];

const projectId = uuid();

describe('LEGACY_EVENTS', () => {
  it('has exactly the older named events, keyed by request event', () => {
    expect(Object.keys(LEGACY_EVENTS)).toEqual(EXPECTED.map(([request]) => request));
  });

  it.each(EXPECTED)('%s is answered on %s, errors on %s', (request, reply, error) => {
    const spec = legacyEventFor(request);
    expect(spec).toMatchObject({ request, reply, error });
  });

  it('knows nothing of other events, including prototype names', () => {
    for (const event of [
      'script:analyzed',
      'project:response',
      'toString',
      '__proto__',
      'hasOwnProperty',
      '',
    ]) {
      expect(legacyEventFor(event)).toBeUndefined();
    }
  });

  it('uses the new-style payload and reply where an action exists in both forms', () => {
    for (const [request] of EXPECTED) {
      const [domain = '', action = ''] = request.split(/:(.*)/s);
      const newStyle = getActionSpec(domain, action);
      if (!newStyle) continue;
      expect(legacyEventFor(request)?.payload, request).toBe(newStyle.payload);
      expect(legacyEventFor(request)?.data, request).toBe(newStyle.reply);
    }
  });

  it('validates older payloads', () => {
    const assetId = uuid();
    expect(
      legacyEventFor('script:analyze')?.payload.safeParse({ content: 'INT. TRAIN - NIGHT' }).success,
    ).toBe(true);
    expect(legacyEventFor('script:analyze')?.payload.safeParse({ text: 'x' }).success).toBe(false);
    expect(legacyEventFor('project:getAll')?.payload.safeParse({}).success).toBe(true);
    expect(legacyEventFor('project:getOne')?.payload.safeParse({ projectId }).success).toBe(true);
    expect(
      legacyEventFor('character:generate-rotation')?.payload.parse({ assetId, rotation: 'back' }),
    ).toEqual({
      assetId,
      rotation: 'back',
      variant: 'default',
    });
    expect(
      legacyEventFor('character:generate-rotation')?.payload.safeParse({ assetId, rotation: 'up' }).success,
    ).toBe(false);
    expect(
      legacyEventFor('composition:create-grid')?.payload.safeParse({ projectId, shotIds: [] }).success,
    ).toBe(false);
    expect(legacyEventFor('video:generate-batch')?.payload.safeParse({ projectId }).success).toBe(false);
    expect(
      legacyEventFor('video:generate-batch')?.payload.safeParse({ projectId, staleOnly: true }).success,
    ).toBe(true);
    expect(legacyEventFor('asset:assess')?.payload.safeParse({ assetId, imageKey: 'Front' }).success).toBe(
      false,
    );
  });

  it('an older request is a bare payload, never an envelope', () => {
    expect(isRequestEnvelope({ projectId })).toBe(false);
    expect(isRequestEnvelope({ requestId: 'r1', payload: { projectId } })).toBe(true);
  });

  it('older errors carry the error text and a catalogue code', () => {
    const error = { error: 'Project not found', code: 'NOT_FOUND_ERROR' };
    expect(legacyErrorPayloadSchema.parse(error)).toEqual(error);
    expect(legacyErrorPayloadSchema.safeParse({ error: 'x' }).success).toBe(false);
  });
});
