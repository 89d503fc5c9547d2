import { setTimeout as delay } from 'node:timers/promises';
import { ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';
import type { Sleep } from './breakdown.types.js';

/** Waits after the first and second failed attempt; only 429, 5xx and an unreachable provider are retried. */
export const BREAKDOWN_RETRY_DELAYS_MS = [1_000, 2_000] as const;
export const defaultSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

export interface ProviderRequest {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  sleep: Sleep;
  signal: AbortSignal | undefined;
}

function apiError(provider: string, message: string, status?: number): ReelbenchError {
  return new ReelbenchError({
    code: 'API_ERROR',
    statusCode: 502,
    message,
    context: status === undefined ? { provider } : { provider, status },
  });
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A failed attempt without a status could not reach the provider. */
type Outcome = { ok: true; answer: unknown } | { ok: false; status: number | undefined };

/** One attempt: the answer, or the status of a failed one, or an error that ends the request. */
async function attempt(request: ProviderRequest): Promise<Outcome> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, status: response.status };
    }
    return { ok: true, answer: await response.json() };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted) {
      throw new ReelbenchError({
        code: 'TIMEOUT_ERROR',
        statusCode: 504,
        message: SERVER_MESSAGES.breakdownTimedOut,
        context: { provider: request.provider, timeoutMs: request.timeoutMs },
      });
    }
    if (error instanceof SyntaxError) {
      throw apiError(request.provider, SERVER_MESSAGES.breakdownUnusableAnswer);
    }
    return { ok: false, status: undefined };
  }
}

/** POSTs JSON to the provider, retrying 429, 5xx and unreachable with 1 s then 2 s waits. */
export async function postToProvider(request: ProviderRequest): Promise<unknown> {
  for (let tries = 0; ; tries++) {
    const outcome = await attempt(request);
    if (outcome.ok) return outcome.answer;
    const status = outcome.status;
    const canRetry = status === undefined || retryable(status);
    const wait = BREAKDOWN_RETRY_DELAYS_MS[tries];
    if (canRetry && wait !== undefined) {
      await request.sleep(wait, request.signal);
      continue;
    }
    if (status === undefined) throw apiError(request.provider, 'The breakdown provider could not be reached');
    const verb = canRetry ? 'failed' : 'refused the request';
    throw apiError(request.provider, `The breakdown provider ${verb} (${status})`, status);
  }
}
