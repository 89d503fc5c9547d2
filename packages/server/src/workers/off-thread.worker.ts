import { parentPort } from 'node:worker_threads';

/**
 * One worker thread of the off-thread pool: runs a task per message (the module that exports it,
 * imported once and kept by the module cache, and the export's name), answers with its result.
 */
parentPort?.on('message', async (message: { module: string; name: string; input: unknown }) => {
  try {
    const loaded = (await import(message.module)) as Record<string, (input: unknown) => unknown>;
    const task = loaded[message.name];
    if (typeof task !== 'function') throw new Error(`${message.module} exports no task ${message.name}`);
    const value: unknown = task(message.input);
    // A result's bytes move to the server's thread instead of being copied (unless they share a pool).
    const whole =
      value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    const transfer = whole ? [value.buffer as ArrayBuffer] : [];
    parentPort?.postMessage({ value }, transfer);
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
