import type { StyleGuide } from '@reelbench/sdk/contract';
import type { FirstPassResult, Screenplay } from '@reelbench/sdk/screenplay';

export interface BreakdownAsset {
  id: string;
  name: string;
  type: string;
  visualIdentifier?: string | null;
}

export interface BreakdownInput {
  screenplay: Screenplay;
  fountain: string;
  styleGuide: StyleGuide;
  assets: BreakdownAsset[];
}

/** Turns a screenplay into a timed shot list: the embedded director or a remote LLM. */
export interface BreakdownProvider {
  readonly name: string;
  breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<FirstPassResult>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RemoteBreakdownOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Waits between retries; tests pass an instant one. */
  sleep?: Sleep;
}
