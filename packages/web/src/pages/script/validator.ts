import { validateScript } from '@reelbench/sdk';
import type { Problem } from './problems.js';
import type { ValidateReply } from './validate.worker.js';

/** Findings of the screenplay engine, none for a script not yet written. */
export function localProblems(content: string): Problem[] {
  if (content.trim() === '') return [];
  return validateScript(content, 'fountain').findings;
}

export interface Validator {
  validate: (content: string) => Promise<Problem[]>;
  dispose: () => void;
}

const syncValidator: Validator = {
  validate: (content) => Promise.resolve(localProblems(content)),
  dispose: () => {},
};

/**
 * The local validator: in a Web Worker where there is one (the browser), so a 120-page script
 * never blocks typing; on the main thread otherwise (tests) or when the worker fails.
 */
export function createValidator(): Validator {
  if (typeof Worker === 'undefined') return syncValidator;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./validate.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return syncValidator;
  }
  let next = 0;
  let broken = false;
  const pending = new Map<number, { content: string; resolve: (problems: Problem[]) => void }>();
  worker.onmessage = (event: MessageEvent<ValidateReply>) => {
    const entry = pending.get(event.data.id);
    pending.delete(event.data.id);
    entry?.resolve(event.data.findings);
  };
  worker.onerror = () => {
    broken = true;
    for (const { content, resolve } of pending.values()) resolve(localProblems(content));
    pending.clear();
  };
  return {
    validate: (content) => {
      if (broken) return syncValidator.validate(content);
      next += 1;
      const id = next;
      return new Promise<Problem[]>((resolve) => {
        pending.set(id, { content, resolve });
        worker.postMessage({ id, content });
      });
    },
    dispose: () => {
      worker.terminate();
      pending.clear();
    },
  };
}
