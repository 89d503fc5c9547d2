/** A response body as the tests read it: its JSON when it parses, else the text as it came. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with its own content type in headers). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** One HTTP call; the answer's JSON body (or text when it is not JSON). */
export async function api<T = unknown>(
  server: { url: string },
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const parsed = jsonOrText(await response.text());
  return { status: response.status, body: parsed as T, headers: response.headers };
}
