import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake does with the next request; after the script runs out it answers 'ok'. */
export type FakeReply =
  | 'ok'
  | 'fenced'
  | 'empty'
  | 'malformed'
  | 'mismatch'
  | 'html'
  | 'hang'
  | 'misdirected'
  | { status: number };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeLlm {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves when the next request has arrived. */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const HEADING = /^(?:INT|EXT)\.\s+(.+?)(?:\s+-\s+\S+)?$/;
const CUE = /^[A-Z][A-Z ]+$/;

/** One shot per scene heading found in the prompt, naming the speakers under that heading. */
export function shotsFromPrompt(prompt: string): Record<string, unknown>[] {
  const shots: Record<string, unknown>[] = [];
  let speakers: string[] | undefined;
  for (const line of prompt.split('\n').map((text) => text.trim())) {
    const heading = HEADING.exec(line);
    if (heading) {
      speakers = [];
      shots.push({
        name: `Opening of ${heading[1]}`,
        description: `The ${heading[1]?.toLowerCase()} from afar`,
        framing: 'establishing',
        camera_move: 'slow pan',
        characters: speakers,
        location: heading[1],
        prompt: `A wide view of the ${heading[1]?.toLowerCase()}`,
        sceneNumber: shots.length + 1,
        sceneHeading: line,
        // 2.34 s then 0.2 s: the adapter rounds to 0.1 s and lifts short shots to 1 s.
        duration: shots.length === 0 ? 2.34 : 0.2,
        startTime: 99,
      });
    } else if (CUE.test(line)) {
      speakers?.push(line);
    }
  }
  return shots;
}

type Protocol = 'openai' | 'gemini';

function promptOf(protocol: Protocol, body: Record<string, unknown>): string {
  if (protocol === 'openai') {
    const messages = body.messages as { role: string; content: string }[];
    return messages.find((message) => message.role === 'user')?.content ?? '';
  }
  const contents = body.contents as { parts: { text: string }[] }[];
  return contents[0]?.parts[0]?.text ?? '';
}

function envelope(protocol: Protocol, text: string): unknown {
  return protocol === 'openai'
    ? { id: 'chatcmpl-1', choices: [{ index: 0, message: { role: 'assistant', content: text } }] }
    : { candidates: [{ content: { role: 'model', parts: [{ text }] } }] };
}

const shot = (fields: Record<string, unknown>) => ({
  description: '',
  action: '',
  camera_move: 'static',
  characters: [],
  location: 'KITCHEN',
  prompt: 'a shot',
  sceneNumber: 1,
  sceneHeading: 'INT. KITCHEN - NIGHT',
  duration: 3,
  ...fields,
});

/**
 * What a model that does not know film grammar answers for MISDIRECTED_SCRIPT (breakdown.fixtures.ts):
 * transitions as shots, inserts of a person and of a sound, a close-up of the narrator, the off-screen
 * speaker on camera.
 */
export const MISDIRECTED_SHOTS = [
  shot({ name: 'Fade in', framing: 'wide', script_text: 'FADE IN:' }),
  shot({ name: '1.1 Establishing – KITCHEN', framing: 'establishing', script_text: 'INT. KITCHEN - NIGHT' }),
  shot({
    name: '1.2 Insert – MARA QUINN',
    framing: 'insert',
    props: ['MARA QUINN'],
    script_text: 'MARA QUINN (30s) pours coffee.',
  }),
  shot({ name: '1.3 Insert – SLAMS', framing: 'insert', props: ['SLAMS'], script_text: 'The door SLAMS.' }),
  shot({
    name: '1.4 Close-up – NARRATOR speaking',
    framing: 'close',
    characters: ['NARRATOR'],
    script_text: 'NARRATOR (V.O.)\nShe was always late.',
  }),
  shot({
    name: '1.5 Medium – MARA',
    framing: 'medium',
    characters: ['MARA'],
    script_text: "MARA\nYou're late.",
  }),
  shot({
    name: '1.6 Close-up – ELI speaking',
    framing: 'close',
    characters: ['ELI', 'MARA'],
    script_text: 'ELI (O.S.)\nTraffic.',
  }),
  shot({ name: 'Dissolve', framing: 'wide', script_text: 'DISSOLVE TO:' }),
  shot({
    name: '2.1 Establishing – HARBOUR',
    framing: 'establishing',
    location: 'HARBOUR',
    sceneNumber: 2,
    sceneHeading: 'EXT. HARBOUR - DAWN',
    script_text: 'EXT. HARBOUR - DAWN',
  }),
];

function answerText(reply: FakeReply, prompt: string): string {
  if (reply === 'misdirected') return JSON.stringify({ shots: MISDIRECTED_SHOTS });
  const shots = shotsFromPrompt(prompt);
  if (reply === 'fenced') return `\`\`\`json\n${JSON.stringify({ shots })}\n\`\`\``;
  if (reply === 'empty') return JSON.stringify({ shots: [] });
  if (reply === 'malformed') return '{"shots": [ {"name": "Opening"';
  if (reply === 'mismatch')
    return JSON.stringify({ shots: shots.map((shot) => ({ ...shot, framing: 'dutch' })) });
  return JSON.stringify({ shots });
}

/** A local stand-in for an OpenAI-compatible or Gemini endpoint, on 127.0.0.1 and a free port. */
export async function startFakeLlm(protocol: Protocol, script: FakeReply[] = []): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const waiting: ((request: RecordedRequest) => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      waiting.shift()?.(recorded);
      const reply = script.shift() ?? 'ok';
      if (reply === 'hang') return;
      if (typeof reply === 'object') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `fake status ${reply.status}` } }));
        return;
      }
      if (reply === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Gateway login</body></html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(envelope(protocol, answerText(reply, promptOf(protocol, body)))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: protocol === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`,
    requests,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
