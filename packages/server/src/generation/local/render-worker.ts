import { parentPort } from 'node:worker_threads';
import { isReelbenchError } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { ShotImageRequest } from '../generation.types.js';
import { renderShotImage } from './local.provider.js';
import type { RenderReply, RenderTask } from './render-pool.js';

/** One render worker: storyboard frames off the server's event loop (see RenderPool). */
sharp.concurrency(1);

function asBuffer(bytes: Uint8Array | null): Buffer | null {
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

parentPort?.on('message', async (task: RenderTask) => {
  const request: ShotImageRequest = {
    ...task.request,
    assets: task.request.assets.map((source) => ({ ...source, image: asBuffer(source.image) })),
  };
  try {
    const rendered = await renderShotImage(request);
    const reply: RenderReply = { id: task.id, ok: true, image: rendered };
    parentPort?.postMessage(reply, [rendered.png.buffer as ArrayBuffer]);
  } catch (error) {
    const reply: RenderReply = {
      id: task.id,
      ok: false,
      error: isReelbenchError(error)
        ? { code: error.code, message: error.message, context: error.context ?? {} }
        : {
            code: 'SERVER_ERROR',
            message: error instanceof Error ? error.message : String(error),
            context: {},
          },
    };
    parentPort?.postMessage(reply);
  }
});
