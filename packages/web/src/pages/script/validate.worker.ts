/// <reference lib="webworker" />
import { validateScript } from '@reelbench/sdk/screenplay';

export interface ValidateRequest {
  id: number;
  content: string;
}

export interface ValidateReply {
  id: number;
  findings: ReturnType<typeof validateScript>['findings'];
}

/** Validates off the main thread: a feature-length script takes the engine a few hundred ms. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ValidateRequest>) => {
  const { id, content } = event.data;
  let findings: ValidateReply['findings'] = [];
  try {
    if (content.trim() !== '') findings = validateScript(content, 'fountain').findings;
  } catch {
    findings = [];
  }
  scope.postMessage({ id, findings } satisfies ValidateReply);
};
