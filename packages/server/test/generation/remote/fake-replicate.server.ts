import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * What a model does with a prediction. `succeed` answers after `polls` polls with an output on the
 * file host; `fail` ends failed with `error`; `hang` never finishes; `status` answers the create
 * with these HTTP statuses first (then behaves as `afterwards`).
 */
export type ModelBehaviour =
  | { kind: 'succeed'; polls: number; output: 'image' | 'video'; shape?: 'array' | 'string' }
  | { kind: 'fail'; polls: number; error: string }
  | { kind: 'hang' }
  | { kind: 'status'; statuses: number[]; afterwards: ModelBehaviour };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
}

interface FakePrediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  behaviour: ModelBehaviour;
  polls: number;
  status: string;
}

export interface FakeReplicate {
  baseUrl: string;
  /** The file host outputs are served from: another origin, like replicate.delivery. */
  filesUrl: string;
  requests: RecordedRequest[];
  /** Requests to the file host, to check no key travels there. */
  fileRequests: RecordedRequest[];
  cancels: string[];
  predictions: Map<string, FakePrediction>;
  /** Resolves once the prediction has been polled `count` times. */
  untilPolled(id: string, count: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeReplicateOptions {
  token: string;
  /** Behaviour per model ('owner/name') or version id. */
  models: Record<string, ModelBehaviour>;
  /** Served for video outputs: a real MP4. */
  video?: Buffer;
}

/** Pixel sizes the fake answers per aspect_ratio, small but of the exact shape. */
const IMAGE_SIZES: Record<string, { width: number; height: number }> = {
  '16:9': { width: 320, height: 180 },
  '9:16': { width: 180, height: 320 },
  '1:1': { width: 256, height: 256 },
  '3:4': { width: 240, height: 320 },
};

/** A real PNG: a gradient-free card with a disc, of the requested shape. */
export async function fakeImage(width: number, height: number, color = '#3a6ea5'): Promise<Buffer> {
  const r = Math.min(width, height) / 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${color}"/><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#f2c14e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for Replicate's predictions API (https://replicate.com/docs/reference/http):
 * create by model or by version, poll, cancel, bearer-token check, outputs on a second origin.
 */
export async function startFakeReplicate(options: FakeReplicateOptions): Promise<FakeReplicate> {
  const requests: RecordedRequest[] = [];
  const fileRequests: RecordedRequest[] = [];
  const cancels: string[] = [];
  const predictions = new Map<string, FakePrediction>();
  const files = new Map<string, { type: string; bytes: Buffer }>();
  const pollWaiters: { id: string; count: number; resolve: () => void }[] = [];
  let nextId = 1;
  let baseUrl = '';
  let filesUrl = '';

  function view(prediction: FakePrediction): Record<string, unknown> {
    const behaviour = prediction.behaviour;
    const file = files.get(prediction.id);
    const url = file ? `${filesUrl}/outputs/${prediction.id}` : null;
    const shape = behaviour.kind === 'succeed' ? behaviour.shape : undefined;
    return {
      id: prediction.id,
      model: prediction.model,
      version: 'fake-version',
      input: prediction.input,
      status: prediction.status,
      output: prediction.status === 'succeeded' ? (shape === 'string' ? url : [url]) : null,
      error: prediction.status === 'failed' && behaviour.kind === 'fail' ? behaviour.error : null,
      logs: '',
      urls: {
        get: `${baseUrl}/v1/predictions/${prediction.id}`,
        cancel: `${baseUrl}/v1/predictions/${prediction.id}/cancel`,
      },
    };
  }

  async function advance(prediction: FakePrediction): Promise<void> {
    prediction.polls += 1;
    const behaviour = prediction.behaviour;
    if (prediction.status === 'canceled' || behaviour.kind === 'hang' || behaviour.kind === 'status') {
      if (prediction.status === 'starting') prediction.status = 'processing';
      return;
    }
    if (prediction.polls < behaviour.polls) {
      prediction.status = 'processing';
      return;
    }
    if (behaviour.kind === 'fail') {
      prediction.status = 'failed';
      return;
    }
    const size = IMAGE_SIZES[String(prediction.input.aspect_ratio)] ?? { width: 256, height: 256 };
    files.set(
      prediction.id,
      behaviour.output === 'video'
        ? { type: 'video/mp4', bytes: options.video ?? Buffer.alloc(0) }
        : { type: 'image/png', bytes: await fakeImage(size.width, size.height) },
    );
    prediction.status = 'succeeded';
  }

  function notePoll(prediction: FakePrediction): void {
    for (const waiter of [...pollWaiters]) {
      if (waiter.id === prediction.id && prediction.polls >= waiter.count) {
        pollWaiters.splice(pollWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  function behaviourFor(model: string): ModelBehaviour | undefined {
    const behaviour = options.models[model];
    if (behaviour?.kind !== 'status') return behaviour;
    const status = behaviour.statuses.shift();
    return status === undefined
      ? behaviour.afterwards
      : { kind: 'status', statuses: [status], afterwards: behaviour.afterwards };
  }

  function create(res: http.ServerResponse, model: string, input: Record<string, unknown>): void {
    const behaviour = behaviourFor(model);
    if (!behaviour) {
      sendJson(res, 404, { title: 'Not found', detail: `Model ${model} not found`, status: 404 });
      return;
    }
    if (behaviour.kind === 'status') {
      const status = behaviour.statuses[0] ?? 500;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ title: 'Busy', detail: `fake status ${status}`, status }));
      return;
    }
    const prediction: FakePrediction = {
      id: `pred${nextId++}`,
      model,
      input,
      behaviour,
      polls: 0,
      status: 'starting',
    };
    predictions.set(prediction.id, prediction);
    sendJson(res, 201, view(prediction));
  }

  async function route(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown> | undefined,
  ) {
    const url = req.url ?? '';
    const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(url);
    if (req.method === 'POST' && byModel) {
      create(res, `${byModel[1]}/${byModel[2]}`, (body?.input ?? {}) as Record<string, unknown>);
      return;
    }
    if (req.method === 'POST' && url === '/v1/predictions') {
      create(res, String(body?.version), (body?.input ?? {}) as Record<string, unknown>);
      return;
    }
    const one = /^\/v1\/predictions\/([\w-]+)(\/cancel)?$/.exec(url);
    const prediction = one ? predictions.get(one[1] ?? '') : undefined;
    if (!one || !prediction) {
      sendJson(res, 404, { title: 'Not found', detail: 'Not found.', status: 404 });
      return;
    }
    if (req.method === 'POST' && one[2]) {
      cancels.push(prediction.id);
      if (!['succeeded', 'failed'].includes(prediction.status)) prediction.status = 'canceled';
      sendJson(res, 200, view(prediction));
      return;
    }
    if (req.method === 'GET' && !one[2]) {
      await advance(prediction);
      sendJson(res, 200, view(prediction));
      notePoll(prediction);
      return;
    }
    sendJson(res, 405, { detail: 'Method not allowed' });
  }

  const api = http.createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : undefined;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const sent = req.headers.authorization ?? '';
      if (sent !== `Bearer ${options.token}`) {
        // Like many APIs, the fake quotes what it was sent: the adapter must not pass that on.
        sendJson(res, 401, { title: 'Unauthenticated', detail: `Invalid token: ${sent}`, status: 401 });
        return;
      }
      await route(req, res, body);
    });
  });
  const fileHost = http.createServer((req, res) => {
    fileRequests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: undefined,
    });
    const id = /^\/outputs\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const file = id ? files.get(id) : undefined;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length });
    res.end(file.bytes);
  });
  baseUrl = await listen(api);
  filesUrl = await listen(fileHost);

  return {
    baseUrl,
    filesUrl,
    requests,
    fileRequests,
    cancels,
    predictions,
    untilPolled: (id, count) =>
      new Promise((resolve) => {
        if ((predictions.get(id)?.polls ?? 0) >= count) resolve();
        else pollWaiters.push({ id, count, resolve });
      }),
    close: async () => {
      await Promise.all([closeServer(api), closeServer(fileHost)]);
    },
  };
}
