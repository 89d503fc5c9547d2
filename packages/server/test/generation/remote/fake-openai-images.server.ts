import http from 'node:http';
import sharp from 'sharp';
import { startFakeHttp } from './fake-http.js';
import { fakeImage } from './fake-replicate.server.js';

/**
 * What the fake does with the next generation or edit; after the script runs out it answers 'b64'.
 * 'url' answers data[0].url on the fake's own /files path; 'hang' never answers.
 */
export type ImagesReply = 'b64' | 'url' | 'empty' | 'hang' | { status: number; message?: string };

export interface RecordedImagesRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, or the multipart fields (files as their byte length and type). */
  fields: Record<string, unknown>;
  /** The uploaded image of an edit. */
  image?: Buffer;
}

export interface FakeOpenAiImages {
  baseUrl: string;
  requests: RecordedImagesRequest[];
  fileRequests: RecordedImagesRequest[];
  close(): Promise<void>;
}

const SIZES = new Set(['1024x1024', '1536x1024', '1024x1536']);

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiError(res: http.ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

async function readFields(req: http.IncomingMessage, raw: Buffer) {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    return { fields: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, image: undefined };
  }
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else {
      image = Buffer.from(await value.arrayBuffer());
      fields[name] = { type: value.type, name: value.name, bytes: image.length };
    }
  }
  return { fields, image };
}

/** The checks the real Images API makes that an adapter can get wrong. */
function requestProblem(fields: Record<string, unknown>, edit: boolean, image: Buffer | undefined) {
  if (typeof fields.prompt !== 'string' || fields.prompt === '') return 'prompt is required';
  if (typeof fields.model !== 'string') return 'model is required';
  if (!SIZES.has(String(fields.size))) return `Invalid size '${String(fields.size)}'`;
  if (fields.model.startsWith('gpt-image') && 'response_format' in fields) {
    return "Unknown parameter: 'response_format'.";
  }
  if (edit && !image) return 'image is required';
  return undefined;
}

/** A local stand-in for an OpenAI-compatible Images API: generations and edits. */
export async function startFakeOpenAiImages(
  key: string,
  script: ImagesReply[] = [],
): Promise<FakeOpenAiImages> {
  const requests: RecordedImagesRequest[] = [];
  const fileRequests: RecordedImagesRequest[] = [];
  const files = new Map<string, Buffer>();
  let baseUrl = '';

  async function answer(
    res: http.ServerResponse,
    fields: Record<string, unknown>,
    image: Buffer | undefined,
  ) {
    const reply = script.shift() ?? 'b64';
    if (reply === 'hang') return;
    if (typeof reply === 'object') {
      openAiError(res, reply.status, reply.message ?? `fake status ${reply.status}`);
      return;
    }
    if (reply === 'empty') {
      sendJson(res, 200, { created: 1, data: [] });
      return;
    }
    const [width, height] = String(fields.size).split('x').map(Number) as [number, number];
    // An edit returns the upload fitted to the size; a generation draws a new picture.
    const png = image
      ? await sharp(image)
          .resize(width, height, { fit: 'fill' })
          .modulate({ brightness: 1.1 })
          .png()
          .toBuffer()
      : await fakeImage(width, height);
    if (reply === 'url') {
      const id = `img${files.size + 1}`;
      files.set(id, png);
      sendJson(res, 200, { created: 1, data: [{ url: `${baseUrl}/files/${id}` }] });
      return;
    }
    sendJson(res, 200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
  }

  const server = await startFakeHttp(async (req, res, body) => {
    const url = req.url ?? '';
    const file = /^\/files\/(\w+)$/.exec(url);
    if (req.method === 'GET' && file) {
      fileRequests.push({ method: 'GET', url, headers: req.headers, fields: {} });
      const bytes = files.get(file[1] ?? '');
      if (!bytes) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
      return;
    }
    const { fields, image } = await readFields(req, body);
    requests.push({
      method: req.method ?? '',
      url,
      headers: req.headers,
      fields,
      ...(image ? { image } : {}),
    });
    const sent = req.headers.authorization ?? '';
    if (sent !== `Bearer ${key}`) {
      openAiError(res, 401, `Incorrect API key provided: ${sent.replace(/^Bearer /, '')}.`);
      return;
    }
    const edit = url === '/v1/images/edits';
    if (req.method !== 'POST' || (!edit && url !== '/v1/images/generations')) {
      openAiError(res, 404, `Unknown request URL: ${req.method} ${url}.`);
      return;
    }
    const problem = requestProblem(fields, edit, image);
    if (problem) {
      openAiError(res, 400, problem);
      return;
    }
    await answer(res, fields, image);
  });
  baseUrl = server.baseUrl;
  return { baseUrl, requests, fileRequests, close: server.close };
}
