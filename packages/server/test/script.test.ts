import {
  legacyErrorPayloadSchema,
  type Script,
  type ScriptAnalysis,
  type ScriptConvertResult,
  type ScriptValidation,
  scriptAnalysisSchema,
  scriptFormatHelpSchema,
  scriptSchema,
  scriptValidationSchema,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { legacyRequest, newProject, request } from './support/factories.js';
import { expectHttpError, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { expectSocketError, expectSocketReply } from './support/socket-expect.js';

const FOUNTAIN = `Title: The Ledger

INT. LIGHTHOUSE - NIGHT

Mara climbs the spiral stairs.

MARA
Who moved the ledger?

ELI
(quietly)
Nobody. It was never here.

EXT. HARBOR MARKET - DAY

Eli runs through the stalls.
`;

describe.each(testDatabases())('script on %s', (database) => {
  const { server, alice, bob, connect, call } = useTestServer({ database, users: ['alice', 'bob'] });

  it('saves and reads a project script over HTTP and the socket, detecting its format', async () => {
    const project = await newProject(server, alice);
    expect((await call<Script>(alice, 'GET', `/api/script/${project.id}`)).body).toEqual({
      projectId: project.id,
      content: '',
    });
    const saved = await call<Script>(alice, 'PUT', `/api/script/${project.id}`, { content: FOUNTAIN });
    expect(saved.status).toBe(200);
    expect(scriptSchema.parse(saved.body)).toMatchObject({
      projectId: project.id,
      content: FOUNTAIN,
      format: 'fountain',
    });
    expect((await call<Script>(alice, 'GET', `/api/script/${project.id}`)).body).toEqual(saved.body);

    const socket = await connect(alice);
    const fdx = expectSocketReply<ScriptConvertResult>(
      await request(socket, 'script:convert', { content: FOUNTAIN, to: 'fdx' }),
    ).content;
    const overSocket = expectSocketReply<Script>(
      await request(socket, 'script:save', { projectId: project.id, content: fdx }),
    );
    expect(overSocket).toMatchObject({ content: fdx, format: 'fdx' });
    const forced = expectSocketReply<Script>(
      await request(socket, 'script:save', {
        projectId: project.id,
        content: 'JUST TEXT',
        format: 'text',
      }),
    );
    expect(forced.format).toBe('text');
    expect(expectSocketReply(await request(socket, 'script:get', { projectId: project.id }))).toEqual(forced);
  });

  it('analyzes any script text and the project’s saved script, also through script:analyze → script:analyzed', async () => {
    const socket = await connect(alice);
    const analysis = expectSocketReply<ScriptAnalysis>(
      await request(socket, 'script:analyze', { content: FOUNTAIN }),
    );
    expect(analysis.title).toBe('The Ledger');
    expect(analysis.scenes.map((scene) => scene.heading)).toEqual([
      'INT. LIGHTHOUSE - NIGHT',
      'EXT. HARBOR MARKET - DAY',
    ]);
    expect(analysis.characters.map((character) => character.name)).toEqual(['MARA', 'ELI']);

    const legacy = await legacyRequest<ScriptAnalysis>(socket, 'script:analyze', { content: FOUNTAIN });
    expect(legacy.event).toBe('script:analyzed');
    expect(scriptAnalysisSchema.parse(legacy.body)).toEqual(analysis);

    const project = await newProject(server, alice);
    const fdx = expectSocketReply<ScriptConvertResult>(
      await request(socket, 'script:convert', { content: FOUNTAIN, from: 'fountain', to: 'fdx' }),
    );
    await call(alice, 'PUT', `/api/script/${project.id}`, { content: fdx.content });
    const fromProject = expectSocketReply<ScriptAnalysis>(
      await request(socket, 'script:analyzeProject', { projectId: project.id }),
    );
    expect(fromProject.scenes.map((scene) => scene.heading)).toEqual(
      analysis.scenes.map((scene) => scene.heading),
    );
    expect(fromProject.characters.map((character) => character.name)).toEqual(['MARA', 'ELI']);

    const broken = expectSocketError(
      await request(socket, 'script:analyze', {
        content: '<?xml version="1.0"?><FinalDraft><Content>',
        format: 'fdx',
      }),
      'VALIDATION_ERROR',
      'Script validation failed',
    );
    expect(broken.details?.[0]?.path).toMatch(/^line 1/);
    const legacyError = await legacyRequest(socket, 'script:analyze', { content: 42 });
    expect(legacyError.event).toBe('script:analyze:error');
    expect(legacyErrorPayloadSchema.parse(legacyError.body).code).toBe('VALIDATION_ERROR');
  });

  it("carries the director's report with the project's analysis: V.O. over the picture, transitions, inserts of things", async () => {
    const project = await newProject(server, alice);
    const script = `Title: Low Water

FADE IN:

EXT. RIVER BANK - DUSK

Reeds bend in the wind. A KETTLE WHISTLES somewhere upstream.

NARRATOR (V.O.)
Every summer the river gave something back.

JUNO (9), barefoot, fishes a brass key out of the mud.

CLOSE ON the key.

It is engraved with a name.

CUT TO:

INT. KITCHEN - NIGHT

Ada scrubs a pot.

ADA
Where were you?

JUNO
At the river.

ADA
In the dark?

JUNO
It wasn't dark when I left.

FADE OUT.
`;
    await call(alice, 'PUT', `/api/script/${project.id}`, { content: script });
    const socket = await connect(alice);
    const analysis = scriptAnalysisSchema.parse(
      expectSocketReply<ScriptAnalysis>(
        await request(socket, 'script:analyzeProject', { projectId: project.id }),
      ),
    );
    const report = analysis.director;
    expect(report?.title).toBe('Low Water');
    expect(report?.scenes).toBe(2);
    // The narrator's line plays over the river, never on the narrator.
    const narration = report?.voices.find((voice) => voice.speaker === 'NARRATOR');
    expect(narration?.kind).toBe('voice-over');
    expect(narration?.coveredOn).not.toMatch(/NARRATOR/);
    // Inserts show things the action names (the key), never the sound cue or a person.
    const subjects = report?.inserts.flatMap((insert) => insert.subjects.map((s) => s.toLowerCase())) ?? [];
    expect(subjects.some((subject) => subject.includes('key'))).toBe(true);
    expect(subjects.filter((subject) => /kettle|whistle|juno|narrator/.test(subject))).toEqual([]);
    // FADE IN / FADE OUT are transitions of the cut, not shots; CUT TO: is the default.
    expect(report?.transitions.map((transition) => transition.position).sort()).toEqual(['in', 'out']);
    expect(report?.slugs.find((slug) => slug.text.startsWith('CLOSE ON'))?.shot).toBeTruthy();
    expect(report?.soundEffects).toBeGreaterThanOrEqual(1);
    const kitchen = report?.dialogueScenes.find((scene) => scene.heading === 'INT. KITCHEN - NIGHT');
    expect(kitchen?.speakers.sort()).toEqual(['ADA', 'JUNO']);
    expect(Object.values(kitchen?.singles ?? {}).every((count) => count > 0)).toBe(true);
    // script:analyze (any text, as the script page sends it) carries the same report.
    const plain = expectSocketReply<ScriptAnalysis>(
      await request(socket, 'script:analyze', { content: script }),
    );
    expect(plain.director).toEqual(report);
  });

  it('converts between formats, also through script:convert → script:converted', async () => {
    const socket = await connect(alice);
    const fdx = expectSocketReply<ScriptConvertResult>(
      await request(socket, 'script:convert', { content: FOUNTAIN, to: 'fdx' }),
    );
    expect(fdx.format).toBe('fdx');
    expect(fdx.content).toContain('<FinalDraft');
    expect(fdx.content).toContain('Who moved the ledger?');
    const back = await legacyRequest<ScriptConvertResult>(socket, 'script:convert', {
      content: fdx.content,
      from: 'fdx',
      to: 'fountain',
    });
    expect(back.event).toBe('script:converted');
    expect(back.body.format).toBe('fountain');
    expect(back.body.content).toContain('INT. LIGHTHOUSE - NIGHT');
    expect(back.body.content).toContain('MARA\nWho moved the ledger?');
    expectSocketError(
      await request(socket, 'script:convert', { content: FOUNTAIN, to: 'pdf' }),
      'VALIDATION_ERROR',
    );
  });

  it('validates a script: 200 with findings, valid or not; 400 "Script validation failed" when it cannot be checked', async () => {
    const valid = await call<ScriptValidation>(alice, 'POST', '/api/script/validate', {
      content: FOUNTAIN,
      format: 'fountain',
    });
    expect(valid.status).toBe(200);
    expect(scriptValidationSchema.parse(valid.body)).toMatchObject({
      valid: true,
      format: 'fountain',
      summary: { errors: 0, scenes: 2, characters: 2 },
    });

    const invalid = await call<ScriptValidation>(alice, 'POST', '/api/script/validate', {
      content: 'INT. ROOM - DAY\n\nShe opens [[a note that never closes.\n\nMore.',
      format: 'fountain',
    });
    expect(invalid.status).toBe(200);
    expect(invalid.body.valid).toBe(false);
    expect(invalid.body.findings).toContainEqual(
      expect.objectContaining({ line: 3, severity: 'error', code: 'UNCLOSED_NOTE' }),
    );
    const unreadable = await call<ScriptValidation>(alice, 'POST', '/api/script/validate', {
      content: '<FinalDraft><Content>',
      format: 'fdx',
    });
    expect(unreadable.body).toMatchObject({
      valid: false,
      findings: [expect.objectContaining({ code: 'FDX_UNREADABLE' })],
    });

    for (const body of [
      { content: FOUNTAIN, format: 'pdf' },
      { content: 42, format: 'fountain' },
      { format: 'text' },
    ]) {
      const error = expectHttpError(await call(alice, 'POST', '/api/script/validate', body), 400, {
        error: 'Script validation failed',
      });
      expect(error.details?.length).toBeGreaterThan(0);
    }
    expectHttpError(
      await call(undefined, 'POST', '/api/script/validate', { content: FOUNTAIN, format: 'fountain' }),
      401,
      { error: 'Authentication required' },
    );
  });

  it('serves format help for fountain, fdx and text, and 404 for anything else', async () => {
    for (const format of ['fountain', 'fdx', 'text']) {
      const help = await call(alice, 'GET', `/api/script/format-help/${format}`);
      expect(help.status).toBe(200);
      expect(scriptFormatHelpSchema.parse(help.body).format).toBe(format);
    }
    const unknown = expectHttpError(await call(alice, 'GET', '/api/script/format-help/pdf'), 404);
    expect(unknown.code).toBe('NOT_FOUND_ERROR');
  });

  it("lists the user's jobs at /api/script/jobs and cancels by id", async () => {
    const list = await call(alice, 'GET', '/api/script/jobs');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expectHttpError(await call(alice, 'DELETE', `/api/script/jobs/${UNKNOWN_ID}`), 404, {
      error: 'Job not found',
    });
    expectHttpError(await call(alice, 'DELETE', '/api/script/jobs/not-a-job'), 404, {
      error: 'Job not found',
    });
  });

  it('answers another user "Project not found" and keeps the script', async () => {
    const project = await newProject(server, alice);
    await call(alice, 'PUT', `/api/script/${project.id}`, { content: FOUNTAIN });
    expectHttpError(await call(bob, 'GET', `/api/script/${project.id}`), 404, { error: 'Project not found' });
    expectHttpError(await call(bob, 'PUT', `/api/script/${project.id}`, { content: 'mine now' }), 404, {
      error: 'Project not found',
    });
    const socket = await connect(bob);
    for (const [action, payload] of [
      ['script:get', { projectId: project.id }],
      ['script:save', { projectId: project.id, content: 'mine now' }],
      ['script:analyzeProject', { projectId: project.id }],
    ] as const) {
      expectSocketError(await request(socket, action, payload), 'NOT_FOUND_ERROR', 'Project not found');
    }
    expect((await call<Script>(alice, 'GET', `/api/script/${project.id}`)).body.content).toBe(FOUNTAIN);
  });

  it('answers bad input and signed-out sockets with catalogue errors', async () => {
    const project = await newProject(server, alice);
    const bad: [string, string, unknown, number][] = [
      ['PUT', `/api/script/${project.id}`, { content: 42 }, 400],
      ['PUT', `/api/script/${project.id}`, {}, 400],
      ['PUT', `/api/script/${project.id}`, { content: 'x'.repeat(2_000_001) }, 400],
      ['PUT', `/api/script/${project.id}`, { content: 'x', format: 'pdf' }, 400],
      ['PUT', '/api/script/not-a-uuid', { content: 'x' }, 404],
      ['GET', `/api/script/${UNKNOWN_ID}`, undefined, 404],
    ];
    for (const [method, path, body, status] of bad)
      expectHttpError(await call(alice, method, path, body), status);
    expect((await call<Script>(alice, 'GET', `/api/script/${project.id}`)).body.content).toBe('');

    const socket = await connect(alice);
    expectSocketError(await request(socket, 'script:analyze', 'text'), 'VALIDATION_ERROR');
    expectSocketError(await request(socket, 'script:save', { projectId: project.id }), 'VALIDATION_ERROR');
    const anonymous = await connect();
    expectSocketError(
      await request(anonymous, 'script:analyze', { content: FOUNTAIN }),
      'AUTH_ERROR',
      'Authentication required',
    );
    const legacy = await legacyRequest(anonymous, 'script:convert', { content: FOUNTAIN, to: 'fdx' });
    expect(legacy).toMatchObject({ event: 'script:analyze:error', body: { code: 'AUTH_ERROR' } });
  });
});
