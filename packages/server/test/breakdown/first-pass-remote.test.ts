import {
  type FirstPassResponse,
  firstPassResponseSchema,
  responseEnvelopeSchema,
} from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connectSocket, newProject, newUser, request } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type FakeLlm, startFakeLlm } from './fake-llm.server.js';

const SCRIPT = `INT. KITCHEN - NIGHT

MARA pours coffee.

MARA
We leave at dawn.

EXT. HARBOUR - DAY

JONAS
The boat is ready.
`;

/** With BREAKDOWN_PROVIDER=openai the server's first pass asks the configured endpoint, not the director. */
describe('the first pass through a configured OpenAI-compatible provider', () => {
  let llm: FakeLlm;
  let server: TestServer;

  beforeAll(async () => {
    llm = await startFakeLlm('openai');
    server = await startTestServer({
      database: 'pglite',
      env: {
        BREAKDOWN_PROVIDER: 'openai',
        BREAKDOWN_BASE_URL: llm.baseUrl,
        BREAKDOWN_API_KEY: 'sk-test-secret',
        BREAKDOWN_MODEL: 'story-model',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  it('writes the provider’s shots to the timeline', async () => {
    const alice = await newUser(server);
    const project = await newProject(server, alice);
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: SCRIPT },
    });
    expect(saved.status).toBe(200);
    const socket = await connectSocket(server, alice.token);
    try {
      const answer = await request(socket, 'script:generateShotsFromScript', {
        projectId: project.id,
        mode: 'cinematic',
        styleGuide: { pacing: 'fast' },
      });
      const data = responseEnvelopeSchema.parse(answer.body).data as FirstPassResponse;
      firstPassResponseSchema.parse(data);
      // The fake answers one shot per scene heading it finds in the prompt.
      expect(data.shots.map((shot) => shot.sceneHeading)).toEqual([
        'INT. KITCHEN - NIGHT',
        'EXT. HARBOUR - DAY',
      ]);
      expect(llm.requests).toHaveLength(1);
      const sent = llm.requests[0];
      expect(sent?.url).toBe(`${new URL(llm.baseUrl).pathname}/chat/completions`);
      expect(sent?.headers.authorization).toBe('Bearer sk-test-secret');
      expect(sent?.body.model).toBe('story-model');
      expect(JSON.stringify(sent?.body)).toContain('We leave at dawn.');
      const stored = await api<{ shots: { name: string }[] }>(
        server,
        'GET',
        `/api/projects/${project.id}/shots`,
        {
          token: alice.token,
        },
      );
      expect(stored.body.shots.map((shot) => shot.name)).toEqual(data.shots.map((shot) => shot.name));
    } finally {
      socket.disconnect();
    }
  });
});
