import { parentPort } from 'node:worker_threads';
import { OFF_THREAD_TASKS, type OffThreadTask } from '../off-thread.tasks.js';

/** One worker thread of the off-thread pool: runs a task per message, answers with its result. */
parentPort?.on('message', (message: { task: OffThreadTask; input: never }) => {
  try {
    const value: unknown = OFF_THREAD_TASKS[message.task](message.input);
    // A result's bytes move to the server's thread instead of being copied (unless they share a pool).
    const whole =
      value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    const transfer = whole ? [value.buffer as ArrayBuffer] : [];
    parentPort?.postMessage({ value }, transfer);
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
