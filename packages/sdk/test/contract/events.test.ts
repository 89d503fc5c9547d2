import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  isServerEventName,
  projectRoom,
  SERVER_EVENT_NAMES,
  SERVER_EVENT_SCHEMAS,
  SERVER_EVENTS,
  type ServerEventName,
  type ServerEventPayload,
  userRoom,
} from '../../src/contract/index.js';
import { assetInput, projectInput, shotInput, uuid } from './contract-fixtures.js';

const projectId = uuid();
const jobId = uuid();
const shotId = uuid();
const assetId = uuid();
const counts = { waiting: 2, running: 1 };
const jobBase = { projectId, jobId, type: 'shot:generate-batch', progress: 50, counts };

/** One valid payload per event; the type makes a missing event a compile error. */
const VALID_EVENTS: { [E in ServerEventName]: z.input<(typeof SERVER_EVENT_SCHEMAS)[E]> } = {
  'project:created': { projectId, project: projectInput({ id: projectId }) },
  'project:updated': { projectId, project: projectInput({ id: projectId }) },
  'project:deleted': { projectId },
  'asset:created': { projectId, asset: assetInput({ id: assetId }) },
  'asset:updated': { projectId, asset: assetInput({ id: assetId }) },
  'asset:deleted': { projectId, assetId },
  'asset:imageGenerationCompleted': {
    projectId,
    assetId,
    imageKey: 'default-front',
    jobId,
    fullAsset: assetInput({ id: assetId }),
  },
  'asset:imagesInvalidated': {
    projectId,
    assetId,
    baseImageKey: 'default',
    imageKeys: ['default-front', 'default-back'],
    action: 'refreshing',
  },
  'asset:upgradedToSeries': {
    projectId,
    assetId,
    seriesId: uuid(),
    asset: assetInput({ id: assetId }),
  },
  'asset:downgradeFromSeries': {
    projectId,
    assetId,
    asset: assetInput({ id: assetId }),
  },
  'shot:updated': { projectId, shot: shotInput({ id: shotId, projectId }) },
  'shot:created': { projectId, shot: shotInput({ id: shotId, projectId }) },
  'shot:deleted': { projectId, shotId },
  'shot:generation-progress': { projectId, shotId, jobId, status: 'processing', progress: 30 },
  'shot:batch-progress': {
    projectId,
    jobId,
    status: 'running',
    progress: 25,
    total: 4,
    completed: 1,
    failed: 0,
  },
  'shot:video-progress': {
    projectId,
    shotId,
    jobId,
    status: 'completed',
    progress: 100,
    url: '/api/files/v.mp4',
  },
  'timeline:shot-added': {
    projectId,
    shot: shotInput({ projectId }),
    index: 3,
  },
  'job:progress': { ...jobBase, status: 'running' },
  'job:complete': { ...jobBase, progress: 100, status: 'completed', result: { urls: [] } },
  'job:error': { ...jobBase, status: 'cancelled', error: 'Cancelled by the user' },
  'review:comment-added': {
    projectId,
    comment: {
      id: uuid(),
      projectId,
      authorName: 'Ines',
      body: 'Hold on the door a beat longer',
      timeMs: 4_250,
      shotId,
      shotOffsetMs: 250,
      createdAt: new Date(0).toISOString(),
    },
  },
  'review:comment-deleted': { projectId, commentId: uuid() },
};

describe('SERVER_EVENTS', () => {
  it('has exactly the event names of SPEC.md section 7', () => {
    expect(SERVER_EVENTS).toEqual({
      projectCreated: 'project:created',
      projectUpdated: 'project:updated',
      projectDeleted: 'project:deleted',
      assetCreated: 'asset:created',
      assetUpdated: 'asset:updated',
      assetDeleted: 'asset:deleted',
      assetImageGenerationCompleted: 'asset:imageGenerationCompleted',
      assetImagesInvalidated: 'asset:imagesInvalidated',
      assetUpgradedToSeries: 'asset:upgradedToSeries',
      assetDowngradeFromSeries: 'asset:downgradeFromSeries',
      shotUpdated: 'shot:updated',
      shotCreated: 'shot:created',
      shotDeleted: 'shot:deleted',
      shotGenerationProgress: 'shot:generation-progress',
      shotBatchProgress: 'shot:batch-progress',
      shotVideoProgress: 'shot:video-progress',
      timelineShotAdded: 'timeline:shot-added',
      jobProgress: 'job:progress',
      jobComplete: 'job:complete',
      jobError: 'job:error',
      reviewCommentAdded: 'review:comment-added',
      reviewCommentDeleted: 'review:comment-deleted',
    });
  });

  it('has one payload schema per event and no other', () => {
    expect(Object.keys(SERVER_EVENT_SCHEMAS).sort()).toEqual([...SERVER_EVENT_NAMES].sort());
    expect(isServerEventName('shot:video-progress')).toBe(true);
    expect(isServerEventName('shot:video_progress')).toBe(false);
    expect(isServerEventName('toString')).toBe(false);
  });

  it('names the rooms events go to', () => {
    expect(projectRoom(projectId)).toBe(`project:${projectId}`);
    expect(userRoom('u1')).toBe('user:u1');
  });
});

describe('SERVER_EVENT_SCHEMAS', () => {
  const cases = SERVER_EVENT_NAMES.map((event) => [event] as const);

  it.each(cases)('%s accepts a valid payload', (event) => {
    expect(SERVER_EVENT_SCHEMAS[event].safeParse(VALID_EVENTS[event]).success).toBe(true);
  });

  it.each(cases)('%s requires projectId', (event) => {
    const { projectId: _projectId, ...rest } = VALID_EVENTS[event];
    expect(SERVER_EVENT_SCHEMAS[event].safeParse(rest).success).toBe(false);
  });

  it.each(['job:progress', 'job:complete', 'job:error'] as const)(
    '%s carries jobId, status and queue counts',
    (event) => {
      const payload = VALID_EVENTS[event];
      for (const key of ['jobId', 'status', 'counts'] as const) {
        const { [key]: _dropped, ...rest } = payload;
        expect(SERVER_EVENT_SCHEMAS[event].safeParse(rest).success).toBe(false);
      }
      expect(
        SERVER_EVENT_SCHEMAS[event].safeParse({ ...payload, counts: { waiting: -1, running: 0 } }).success,
      ).toBe(false);
    },
  );

  it('generation progress carries shotId, jobId, status, progress and an optional url', () => {
    const schema = SERVER_EVENT_SCHEMAS['shot:generation-progress'];
    const payload = VALID_EVENTS['shot:generation-progress'];
    expect(schema.parse({ ...payload, url: '/api/files/s.png' }).url).toBe('/api/files/s.png');
    for (const key of ['shotId', 'jobId', 'status', 'progress'] as const) {
      const { [key]: _dropped, ...rest } = payload;
      expect(schema.safeParse(rest).success).toBe(false);
    }
    expect(schema.safeParse({ ...payload, progress: 120 }).success).toBe(false);
    expect(schema.safeParse({ ...payload, status: 'running' }).success).toBe(false);
  });

  it('asset:imageGenerationCompleted carries the full asset', () => {
    const schema = SERVER_EVENT_SCHEMAS['asset:imageGenerationCompleted'];
    const parsed = schema.parse(VALID_EVENTS['asset:imageGenerationCompleted']);
    expect(parsed.fullAsset.id).toBe(assetId);
    expect(schema.safeParse({ ...parsed, fullAsset: { id: assetId } }).success).toBe(false);
  });

  it('job:complete is completed and job:error is failed or cancelled', () => {
    expect(SERVER_EVENT_SCHEMAS['job:complete'].safeParse({ ...jobBase, status: 'failed' }).success).toBe(
      false,
    );
    expect(
      SERVER_EVENT_SCHEMAS['job:error'].safeParse({ ...jobBase, status: 'completed', error: 'x' }).success,
    ).toBe(false);
    expect(SERVER_EVENT_SCHEMAS['job:error'].safeParse({ ...jobBase, status: 'failed' }).success).toBe(false);
  });

  it('payload types follow the schemas', () => {
    expectTypeOf<ServerEventPayload<'shot:deleted'>>().toEqualTypeOf<{ projectId: string; shotId: string }>();
    expectTypeOf<ServerEventPayload<'job:error'>['status']>().toEqualTypeOf<'failed' | 'cancelled'>();
  });
});
