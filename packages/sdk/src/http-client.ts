import type { z } from 'zod';
import { HTTP_TIMEOUT_MS } from './contract/constants.js';
import { formatMessage, MESSAGES, ReelbenchError } from './contract/errors.js';
import { buildPath, HTTP_ROUTES } from './contract/http.js';
import { type HttpMethod, type HttpRouteSpec } from './contract/primitives.js';
import {
  invalidJsonError,
  networkError,
  timeoutError,
  toHttpError,
  toReelbenchError,
} from './http-errors.js';
import { multipartBody, type UploadFile } from './multipart.js';
import { CancelledError, HTTP_RETRY_POLICY, retry } from './retry.js';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  timeoutMs?: number;
  retries?: number;
  signal?: AbortSignal;
}

type BodyOf<R extends HttpRouteSpec> = R extends { body: z.ZodType } ? z.input<R['body']> : never;
type QueryOf<R extends HttpRouteSpec> = R extends { query: z.ZodType } ? z.input<R['query']> & Query : never;

export interface RouteRequest<R extends HttpRouteSpec> {
  params?: Record<string, string>;
  body?: BodyOf<R>;
  query?: QueryOf<R>;
  signal?: AbortSignal;
  /** The message when the answer does not match the route's response schema. */
  invalidReplyMessage?: string;
}

export type RouteReply<R extends HttpRouteSpec> = z.output<R['response']>;

/** What a download's headers say of it. */
export interface DownloadedMeta {
  /** The Content-Type header, '' when absent. */
  contentType: string;
  /** The filename of a `Content-Disposition: attachment` header, when the answer has one it can read. */
  filename: string | undefined;
}

/** What a route that answers a file (not JSON) sent back. */
export interface DownloadedFile extends DownloadedMeta {
  text: string;
}

/** A downloaded file as bytes (a PDF, say), with its Content-Type and attachment name. */
export interface DownloadedBytes extends DownloadedMeta {
  bytes: Uint8Array;
}

/** `attachment; filename="a.edl"` (or filename=a.edl) → 'a.edl'. */
export function attachmentFilename(disposition: string | null): string | undefined {
  const match = disposition === null ? null : /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  const name = match?.[1] ?? match?.[2];
  return name === undefined || name === '' ? undefined : name;
}

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** No limit by default: a large file on a slow line must not fail at 30 s. */
  timeoutMs?: number;
}

type XhrHandler = ((event: ProgressEvent) => void) | null;

/** The part of the browser's XMLHttpRequest an upload uses. */
export interface UploadXhr {
  upload: { onprogress: XhrHandler };
  withCredentials: boolean;
  timeout: number;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  onload: XhrHandler;
  onerror: XhrHandler;
  onabort: XhrHandler;
  ontimeout: XhrHandler;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  abort(): void;
  send(body: FormData): void;
}

type XhrConstructor = new () => UploadXhr;

export interface HttpClientOptions {
  baseUrl: string;
  getToken?: () => string | null;
  fetch?: typeof fetch;
  /** Used for uploads when present (browsers), for real upload progress events. */
  XMLHttpRequest?: XhrConstructor;
  timeoutMs?: number;
  /** +1 when a request starts, -1 when it settles: the web's API activity counter. */
  onActivity?: (delta: 1 | -1) => void;
}

interface Deadline {
  signal: AbortSignal;
  /** Turns whatever a failed attempt threw into a catalogue error or a CancelledError. */
  classify(error: unknown, cancelledMessage?: string): Error;
  dispose(): void;
}

function deadline(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  url: string,
): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    classify(error, cancelledMessage) {
      if (error instanceof ReelbenchError || error instanceof CancelledError) return error;
      if (callerSignal?.aborted) return new CancelledError(callerSignal.reason, cancelledMessage);
      if (timedOut) return timeoutError({ url, timeoutMs });
      // fetch reports every network failure as a TypeError; anything else is unexpected.
      return error instanceof TypeError ? networkError(error) : toReelbenchError(error);
    },
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

/** A failed answer's body: its JSON when it has some, else its text (e.g. a proxy's HTML page). */
function errorBodyOf(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A successful answer's JSON; an empty body (204) is undefined. */
/** What a download's headers say of it: its content type and the attachment's file name. */
function describedFile(response: Response): DownloadedMeta {
  return {
    contentType: response.headers.get('content-type') ?? '',
    filename: attachmentFilename(response.headers.get('content-disposition')),
  };
}

function parseSuccess(status: number, text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidJsonError(status, error);
  }
}

function uploadError(status: number, statusText: string, text: string): ReelbenchError {
  const mapped = toHttpError(status, statusText, errorBodyOf(text));
  return new ReelbenchError({
    code: mapped.code,
    message: formatMessage.uploadFailedWithStatus(status),
    statusCode: status,
    context: mapped.context,
    details: mapped.details,
    correlationId: mapped.correlationId,
  });
}

/**
 * HTTP per SPEC.md section 7: credentials included, JSON content type, bearer token when one exists,
 * 30 s timeout per attempt, 3 retries after 1 s, 2 s, 4 s on transient failures only.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly #getToken: () => string | null;
  readonly #fetch: typeof fetch;
  readonly #Xhr: XhrConstructor | undefined;
  readonly #timeoutMs: number;
  readonly #onActivity: (delta: 1 | -1) => void;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#getToken = options.getToken ?? (() => null);
    // Called unbound: browsers throw "Illegal invocation" when fetch's `this` is not the window.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#Xhr = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
    this.#timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
    this.#onActivity = options.onActivity ?? (() => {});
  }

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs === '' ? '' : `?${qs}`}`;
  }

  async request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    this.#onActivity(1);
    try {
      return (await retry(() => this.#attempt(method, url, options), {
        ...HTTP_RETRY_POLICY,
        retries: options.retries ?? HTTP_RETRY_POLICY.retries,
        signal: options.signal,
      })) as T;
    } finally {
      this.#onActivity(-1);
    }
  }

  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /** Calls a contract route: fills its :params, uses its timeout and retries, parses the answer. */
  async typedRequest<R extends HttpRouteSpec>(route: R, input: RouteRequest<R> = {}): Promise<RouteReply<R>> {
    const path = buildPath(route.path, input.params ?? {});
    const reply = await this.request(route.method, path, {
      body: input.body,
      query: input.query,
      timeoutMs: route.timeoutMs,
      retries: route.retries,
      signal: input.signal,
    });
    return parseRouteReply(route, reply, input.invalidReplyMessage);
  }

  /** Calls a contract route that answers a file: its text, Content-Type and attachment name. */
  async download<R extends HttpRouteSpec>(route: R, input: RouteRequest<R> = {}): Promise<DownloadedFile> {
    const url = this.url(buildPath(route.path, input.params ?? {}), input.query);
    const options: RequestOptions = { timeoutMs: route.timeoutMs, signal: input.signal };
    this.#onActivity(1);
    try {
      return await retry(() => this.#attemptFile(route.method, url, options), {
        ...HTTP_RETRY_POLICY,
        retries: route.retries ?? HTTP_RETRY_POLICY.retries,
        signal: input.signal,
      });
    } finally {
      this.#onActivity(-1);
    }
  }

  /** Calls a contract route that answers a binary file: its bytes, Content-Type and attachment name. */
  async downloadBytes<R extends HttpRouteSpec>(
    route: R,
    input: RouteRequest<R> = {},
  ): Promise<DownloadedBytes> {
    const url = this.url(buildPath(route.path, input.params ?? {}), input.query);
    const options: RequestOptions = { timeoutMs: route.timeoutMs, signal: input.signal };
    this.#onActivity(1);
    try {
      return await retry(() => this.#attemptBytes(route.method, url, options), {
        ...HTTP_RETRY_POLICY,
        retries: route.retries ?? HTTP_RETRY_POLICY.retries,
        signal: input.signal,
      });
    } finally {
      this.#onActivity(-1);
    }
  }

  /** The current-user check: 3 s, no retries (SPEC.md section 7). */
  me(options: { signal?: AbortSignal } = {}): Promise<RouteReply<typeof HTTP_ROUTES.auth.me>> {
    return this.typedRequest(HTTP_ROUTES.auth.me, options);
  }

  /** Multipart POST with progress in percent (0-100, ending at 100); never retried. */
  async upload<T = unknown>(
    path: string,
    fields: Record<string, string>,
    file: UploadFile,
    options: UploadOptions = {},
  ): Promise<T> {
    this.#onActivity(1);
    try {
      const url = this.url(path);
      const send = this.#Xhr
        ? this.#uploadWithXhr(this.#Xhr, url, fields, file, options)
        : this.#uploadWithFetch(url, fields, file, options);
      return (await send) as T;
    } finally {
      this.#onActivity(-1);
    }
  }

  #headers(json: boolean): Record<string, string> {
    const token = this.#getToken();
    return {
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
  }

  /**
   * One HTTP exchange under the request's deadline: a JSON body when given, the error body of a
   * failed answer turned into an HttpError, and `read` for a successful one.
   */
  async #exchange<T>(
    method: HttpMethod,
    url: string,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
    json = false,
  ): Promise<T> {
    const limit = deadline(options.signal, options.timeoutMs ?? this.#timeoutMs, url);
    try {
      const response = await this.#fetch(url, {
        method,
        credentials: 'include',
        headers: this.#headers(json),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: limit.signal,
      });
      if (!response.ok) {
        throw toHttpError(response.status, response.statusText, errorBodyOf(await response.text()));
      }
      return await read(response);
    } catch (error) {
      throw limit.classify(error);
    } finally {
      limit.dispose();
    }
  }

  #attempt(method: HttpMethod, url: string, options: RequestOptions): Promise<unknown> {
    const read = async (response: Response) => parseSuccess(response.status, await response.text());
    return this.#exchange(method, url, options, read, true);
  }

  #attemptFile(method: HttpMethod, url: string, options: RequestOptions): Promise<DownloadedFile> {
    return this.#exchange(method, url, options, async (response) => ({
      text: await response.text(),
      ...describedFile(response),
    }));
  }

  #attemptBytes(method: HttpMethod, url: string, options: RequestOptions): Promise<DownloadedBytes> {
    return this.#exchange(method, url, options, async (response) => ({
      bytes: new Uint8Array(await response.arrayBuffer()),
      ...describedFile(response),
    }));
  }

  async #uploadWithFetch(
    url: string,
    fields: Record<string, string>,
    file: UploadFile,
    options: UploadOptions,
  ): Promise<unknown> {
    const body = multipartBody(fields, file);
    const progress = percentReporter(body.length, options.onProgress);
    const limit = deadline(options.signal, options.timeoutMs, url);
    try {
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        credentials: 'include',
        headers: {
          ...this.#headers(false),
          'Content-Type': body.contentType,
          'Content-Length': String(body.length),
        },
        body: body.stream(progress),
        duplex: 'half',
        signal: limit.signal,
      };
      const response = await this.#fetch(url, init);
      const text = await response.text();
      if (!response.ok) throw uploadError(response.status, response.statusText, text);
      return parseSuccess(response.status, text);
    } catch (error) {
      throw limit.classify(error, MESSAGES.uploadAborted);
    } finally {
      limit.dispose();
    }
  }

  #uploadWithXhr(
    Xhr: XhrConstructor,
    url: string,
    fields: Record<string, string>,
    file: UploadFile,
    options: UploadOptions,
  ): Promise<unknown> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(file.field, file.data, file.filename);
    const report = distinctPercents(options.onProgress);
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new CancelledError(options.signal.reason, MESSAGES.uploadAborted));
        return;
      }
      const xhr = new Xhr();
      const onAbort = () => xhr.abort();
      const settle = (action: () => void) => {
        options.signal?.removeEventListener('abort', onAbort);
        action();
      };
      xhr.open('POST', url);
      xhr.withCredentials = true;
      if (options.timeoutMs !== undefined) xhr.timeout = options.timeoutMs;
      for (const [name, value] of Object.entries(this.#headers(false))) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) report(Math.floor((event.loaded / event.total) * 100));
      };
      xhr.onload = () =>
        settle(() => {
          if (xhr.status < 200 || xhr.status >= 300) {
            reject(uploadError(xhr.status, xhr.statusText, xhr.responseText));
            return;
          }
          try {
            const reply = parseSuccess(xhr.status, xhr.responseText);
            report(100);
            resolve(reply);
          } catch (error) {
            reject(error);
          }
        });
      xhr.onerror = () => settle(() => reject(networkError()));
      xhr.ontimeout = () => settle(() => reject(timeoutError({ url, timeoutMs: options.timeoutMs })));
      xhr.onabort = () =>
        settle(() => reject(new CancelledError(options.signal?.reason, MESSAGES.uploadAborted)));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(form);
    });
  }
}

/** Parses an answer with the route's response schema; a mismatch is an API_ERROR, never a silent cast. */
export function parseRouteReply<R extends HttpRouteSpec>(
  route: R,
  reply: unknown,
  message: string = MESSAGES.unexpected,
): RouteReply<R> {
  // A server answers a null reply (no soundtrack, no rough cut yet) with an empty body: null, when
  // the route's answer may be null.
  const value = reply === undefined && route.response.safeParse(null).success ? null : reply;
  const parsed = route.response.safeParse(value);
  // safeParse on the constraint's ZodType yields unknown; the data is R['response']'s output.
  if (parsed.success) return parsed.data as RouteReply<R>;
  throw new ReelbenchError({
    code: 'API_ERROR',
    message,
    context: { route: `${route.method} ${route.path}`, issues: parsed.error.issues },
  });
}

/** Calls onProgress only when the percentage changes. */
function distinctPercents(onProgress: ((percent: number) => void) | undefined): (percent: number) => void {
  let last = -1;
  return (percent) => {
    if (percent === last) return;
    last = percent;
    onProgress?.(percent);
  };
}

/** Reports whole percents of `total` as bytes go out. */
function percentReporter(total: number, onProgress: ((percent: number) => void) | undefined) {
  const report = distinctPercents(onProgress);
  let sent = 0;
  return (bytes: number) => {
    sent += bytes;
    report(Math.floor((sent / total) * 100));
  };
}
