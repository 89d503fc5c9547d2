import type { JobAcceptedReply, Shot } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { newProject, request, waitForEvent } from './support/factories.js';
import { newShot, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';
import { jsonLines, useStderrCapture } from './support/stderr-capture.js';

interface LogLine {
  level: string;
  jobId?: string;
  msg: string;
}

describe('a shot render that fails', () => {
  const harness = useTestServer({ database: 'pglite', users: ['alice'], env: { LOG_LEVEL: 'warn' } });
  const logged = useStderrCapture();

  const lines = () => jsonLines<LogLine>(logged);

  it("says why on the shot's progress, the job and the request, and logs it with the job id", async () => {
    const { server, alice } = harness;
    const project = await newProject(server, alice, { name: 'Broken still' });
    const key = `projects/${project.id}/images/broken.png`;
    await server.app.get<symbol, Storage>(STORAGE).put(key, Buffer.from('not an image at all'), 'image/png');
    const shotId = await newShot(server, project.id, {
      name: 'Harbour wall',
      duration: 1,
      s3_image_key: key,
    });
    const socket = await harness.connect(alice);
    await ask(socket, 'project:subscribe', { projectId: project.id });

    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId: project.id,
      shotIds: [shotId],
    });
    const progress = await waitForEvent<{ jobId: string; status: string; message?: string }>(
      socket,
      'shot:video-progress',
      (event) => event.jobId === accepted.job.id && event.status === 'failed',
    );
    const reason = 'The shot image is not a readable image';
    expect(progress.message).toBe(reason);
    const failed = await waitForEvent<{ jobId: string; error: string }>(
      socket,
      'job:error',
      (event) => event.jobId === accepted.job.id,
    );
    expect(failed.error).toBe(reason);
    // The shot keeps the reason, so a page opened later still says why.
    const stored = await ask<Shot>(socket, 'shot:getOne', { shotId });
    expect(stored).toMatchObject({ video_generation_status: 'failed', video_generation_error: reason });
    expect(stored.generation_error).toBeNull();
    // The operator's line: the job id, the shot, the reason and what the decoder said.
    const line = lines().find(
      (entry) => entry.jobId === accepted.job.id && entry.level === 'warn' && entry.msg.includes(shotId),
    );
    expect(line?.msg).toContain(`job ${accepted.job.id}`);
    expect(line?.msg).toContain(reason);
    expect(line?.msg).toContain(`shot ${shotId}`);
    expect(line?.msg).toMatch(/\(Input buffer contains unsupported image format\)$/);

    // The request that waits for the render answers with the same reason.
    const answer = await request(socket, 'shot:generate-video', { projectId: project.id, shotId });
    expectSocketError(answer, 'VALIDATION_ERROR', reason);
  }, 60_000);
});
