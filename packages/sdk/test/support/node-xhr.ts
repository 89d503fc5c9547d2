import { type ClientRequest, request } from 'node:http';

type Handler<E = ProgressEvent> = ((event: E) => void) | null;

/**
 * Enough of the browser's XMLHttpRequest, over node:http, to drive HttpClient's browser upload
 * branch against a real server: upload progress fires as each chunk is flushed to the socket.
 */
export class NodeXhr {
  static readonly instances: NodeXhr[] = [];
  readonly upload: { onprogress: Handler } = { onprogress: null };
  readonly headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  ontimeout: Handler = null;
  #method = 'GET';
  #url = '';
  #request: ClientRequest | undefined;
  #aborted = false;

  constructor() {
    NodeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.#method = method;
    this.#url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  abort(): void {
    this.#aborted = true;
    this.#request?.destroy();
    this.onabort?.(new Event('abort') as ProgressEvent);
  }

  async send(body: FormData): Promise<void> {
    const encoded = new Response(body);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const req = request(this.#url, {
      method: this.#method,
      headers: {
        ...this.headers,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': bytes.length,
      },
    });
    this.#request = req;
    req.on('error', () => {
      if (!this.#aborted) this.onerror?.(new Event('error') as ProgressEvent);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        this.status = res.statusCode ?? 0;
        this.statusText = res.statusMessage ?? '';
        this.responseText = Buffer.concat(chunks).toString('utf8');
        this.onload?.(new Event('load') as ProgressEvent);
      });
    });
    const chunk = 64 * 1024;
    for (let offset = 0; offset < bytes.length && !this.#aborted; offset += chunk) {
      const part = bytes.subarray(offset, offset + chunk);
      await new Promise<void>((resolve) => req.write(part, () => resolve()));
      const loaded = Math.min(offset + chunk, bytes.length);
      this.upload.onprogress?.({ lengthComputable: true, loaded, total: bytes.length } as ProgressEvent);
    }
    req.end();
  }
}
