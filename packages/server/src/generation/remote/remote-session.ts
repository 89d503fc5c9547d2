import { Logger } from '@nestjs/common';
import { MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';
import { defaultSleep } from '../../breakdown/breakdown.http.js';
import type { Sleep } from '../../breakdown/breakdown.types.js';
import { GENERATION_MESSAGES, GenerationCancelledError, throwIfCancelled } from '../generation.errors.js';

export type { Sleep };
export { defaultSleep };

/** What a remote call makes: decides the catalogue message of its failures. */
export type MediaKind = 'image' | 'video' | 'speech';

/** Where remote providers report retries and failed cancels; tests pass a recorder. */
export interface RemoteLogger {
  warn(message: string): void;
}

export function nestLogger(context: string): RemoteLogger {
  const logger = new Logger(context);
  return { warn: (message) => logger.warn(message) };
}

/** Waits before the second and third attempt of a create; only 429 and 5xx are retried. */
export const REMOTE_RETRY_DELAYS_MS = [500, 1_500] as const;
/** A Retry-After longer than this is not honoured: the job would rather fail than stall. */
const MAX_RETRY_AFTER_MS = 10_000;
/** Provider error texts are quoted in context.reason, cut to a readable length. */
const MAX_REASON_LENGTH = 500;
/** Larger downloads are refused: a clip of a few seconds is a few megabytes. */
export const MAX_DOWNLOAD_BYTES = 256 * 1024 * 1024;

const REDACTED = '[redacted]';

/** Removes every occurrence of the secret: providers sometimes echo the key they were sent. */
export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join(REDACTED);
}

function failureMessage(kind: MediaKind): string {
  if (kind === 'speech') return GENERATION_MESSAGES.speechFailed;
  return kind === 'image' ? MESSAGES.imageGenerationFailed : GENERATION_MESSAGES.videoFailed;
}

export function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/** The provider's own words from an error body: OpenAI's error.message, Replicate's detail, or the text. */
export function providerReason(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed.error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    for (const field of [error, parsed.detail, parsed.title, parsed.message]) {
      if (typeof field === 'string' && field.trim() !== '') return field;
    }
  } catch {
    // Not JSON: the text itself is the reason.
  }
  return body.trim();
}

export interface RemoteSessionOptions {
  provider: string;
  kind: MediaKind;
  /** The API key: redacted from every reason, never put in an error. */
  secret: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  sleep: Sleep;
  logger: RemoteLogger;
}

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Called per attempt: a FormData or JSON text is rebuilt for each retry. */
  body?: () => string | FormData;
  /** Retry 429 and 5xx with REMOTE_RETRY_DELAYS_MS. */
  retry: boolean;
  /** What the request was for, in a reason: 'create', 'poll'. */
  step: string;
}

/**
 * One remote operation (a create, its polls and the download) under one deadline and the caller's
 * signal. Every failure leaves as a catalogue error, a timeout, or GenerationCancelledError.
 */
export class RemoteSession {
  private readonly deadline: AbortSignal;
  /** Fires on the caller's cancel or on the deadline: every request and wait listens to it. */
  readonly signal: AbortSignal;

  constructor(private readonly options: RemoteSessionOptions) {
    this.deadline = AbortSignal.timeout(options.timeoutMs);
    this.signal = options.signal ? AbortSignal.any([options.signal, this.deadline]) : this.deadline;
  }

  get cancelled(): boolean {
    return this.options.signal?.aborted === true;
  }

  get timedOut(): boolean {
    return this.deadline.aborted && !this.cancelled;
  }

  /** SERVER_ERROR with the catalogue message and the provider's reason, the key redacted. */
  failure(reason: string, extra: Record<string, unknown> = {}, cause?: unknown): ReelbenchError {
    const text = redact(reason, this.options.secret).slice(0, MAX_REASON_LENGTH);
    return new ReelbenchError({
      code: 'SERVER_ERROR',
      message: failureMessage(this.options.kind),
      context: { provider: this.options.provider, ...extra, reason: text },
      ...(cause === undefined ? {} : { cause: scrubbedCause(cause, this.options.secret) }),
    });
  }

  timeoutFailure(): ReelbenchError {
    return this.failure(`timed out after ${this.options.timeoutMs} ms`);
  }

  /** Throws when the caller cancelled or the deadline passed; call between steps. */
  check(): void {
    throwIfCancelled(this.options.signal);
    if (this.deadline.aborted) throw this.timeoutFailure();
  }

  /** Maps anything thrown inside the session to the error the caller should see. */
  translate(error: unknown): Error {
    if (error instanceof GenerationCancelledError) return error;
    if (this.cancelled) return new GenerationCancelledError();
    if (this.timedOut) return this.timeoutFailure();
    if (error instanceof ReelbenchError) return error;
    const message = error instanceof Error ? describeNetworkError(error) : String(error);
    return this.failure(message, {}, error);
  }

  async sleep(ms: number): Promise<void> {
    try {
      await this.options.sleep(ms, this.signal);
    } catch (error) {
      throw this.translate(error);
    }
    this.check();
  }

  /** Sends a request and parses the JSON answer, retrying 429 and 5xx when asked. */
  async json(request: JsonRequest): Promise<unknown> {
    return this.readJson(await this.send(request), request.step);
  }

  /**
   * Sends a request whose answer is the media itself (an audio file), retrying 429 and 5xx when
   * asked; refuses an empty answer, a JSON one (a provider's error with a 200) and one over MAX_DOWNLOAD_BYTES.
   */
  async bytes(request: JsonRequest): Promise<{ bytes: Buffer; contentType: string }> {
    const response = await this.send(request);
    const contentType = response.headers.get('content-type') ?? '';
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.translate(error);
    }
    if (/json/i.test(contentType))
      throw this.failure(
        providerReason(bytes.toString('utf8')) || `the answer to ${request.step} is not audio`,
      );
    if (bytes.length === 0) throw this.failure('the provider returned an empty output');
    if (bytes.length > MAX_DOWNLOAD_BYTES)
      throw this.failure(`the output is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    return { bytes, contentType };
  }

  /** The first successful answer, after retrying 429 and 5xx when asked; any other status fails. */
  private async send(request: JsonRequest): Promise<Response> {
    for (let tries = 0; ; tries++) {
      this.check();
      const response = await this.fetch(request);
      if (response.ok) return response;
      const body = await this.readText(response);
      const wait = REMOTE_RETRY_DELAYS_MS[tries];
      if (request.retry && retryable(response.status) && wait !== undefined) {
        const delay = retryAfter(response) ?? wait;
        this.options.logger.warn(
          `${this.options.provider} answered ${response.status} to ${request.step}; retrying in ${delay} ms`,
        );
        await this.sleep(delay);
        continue;
      }
      throw this.failure(providerReason(body) || `HTTP ${response.status}`, { status: response.status });
    }
  }

  /** Downloads an output (http(s) or data: URL), refusing anything over MAX_DOWNLOAD_BYTES. */
  async download(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
    this.check();
    if (url.startsWith('data:')) return decodeDataUrl(url, (reason) => this.failure(reason));
    if (!/^https?:\/\//i.test(url)) throw this.failure('the provider returned an output that is not a URL');
    const response = await this.fetch({ method: 'GET', url, headers, retry: false, step: 'download' });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw this.failure(`downloading the output answered HTTP ${response.status}`, {
        status: response.status,
      });
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_DOWNLOAD_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw this.failure(`the output is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    }
    try {
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_DOWNLOAD_BYTES)
        throw this.failure(`the output is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
      if (bytes.length === 0) throw this.failure('the provider returned an empty output');
      return bytes;
    } catch (error) {
      throw this.translate(error);
    }
  }

  private async fetch(request: Omit<JsonRequest, 'retry'> & { retry: boolean }): Promise<Response> {
    try {
      return await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body() } : {}),
        signal: this.signal,
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  private async readJson(response: Response, step: string): Promise<unknown> {
    const text = await this.readText(response);
    try {
      return JSON.parse(text);
    } catch {
      throw this.failure(`the answer to ${step} is not JSON`);
    }
  }

  private async readText(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw this.translate(error);
    }
  }
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in seconds (what Replicate and OpenAI send with 429), when short enough to honour. */
function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const ms = Math.ceil(seconds * 1000);
  return ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

/** fetch says only 'fetch failed'; the cause names the real problem (ECONNREFUSED…). */
function describeNetworkError(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : '';
  return detail ? `could not reach the provider: ${detail}` : error.message;
}

/**
 * A cause kept for the server's logs must not carry the key either; errors from fetch never hold
 * it, but a message is scrubbed anyway rather than trusted.
 */
function scrubbedCause(cause: unknown, secret: string): unknown {
  if (!(cause instanceof Error) || secret === '' || !cause.message.includes(secret)) return cause;
  return new Error(redact(cause.message, secret));
}

function decodeDataUrl(url: string, fail: (reason: string) => ReelbenchError): Buffer {
  const match = /^data:[^;,]*(;base64)?,(.*)$/s.exec(url);
  if (!match) throw fail('the provider returned a malformed data URL');
  const payload = match[2] ?? '';
  const bytes = match[1] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  if (bytes.length === 0) throw fail('the provider returned an empty output');
  return bytes;
}
