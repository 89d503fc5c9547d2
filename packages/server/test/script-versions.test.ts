import { readFileSync } from 'node:fs';
import { createReelbench } from '@reelbench/sdk';
import type { ScriptVersion, ScriptVersionSummary } from '@reelbench/sdk/contract';
import { paginate, parseScript } from '@reelbench/sdk/screenplay';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { newProject, request, saveScript as saveAs } from './support/factories.js';
import { UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

/** A ten-page script, eleven scenes (test/fixtures/the-keeper.fountain). */
const SCRIPT = readFileSync(new URL('./fixtures/the-keeper.fountain', import.meta.url), 'utf8');
const OLD_LINE = "Kids. It'll be kids from the estate.";
const NEW_LINE = "Kids. It'll be the Pryce boys from the estate, same as every winter.";

describe.each(testDatabases())('script versions on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  const saveScript = (projectId: string, content: string) => saveAs(server, alice, projectId, content);

  const pass = (socket: Socket, projectId: string, options: object = {}) =>
    ask(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic', ...options });
  const list = (socket: Socket, projectId: string, limit?: number) =>
    ask<ScriptVersionSummary[]>(socket, 'script:listVersions', {
      projectId,
      ...(limit === undefined ? {} : { limit }),
    });
  const get = (socket: Socket, projectId: string, versionId: string) =>
    ask<ScriptVersion>(socket, 'script:getVersion', { projectId, versionId });

  it('keeps the saved script a pass ran on, once per text; a dry run keeps nothing', async () => {
    const { id: projectId } = await newProject(server, alice, { name: 'The Keeper' });
    const socket = await connect(alice);
    await saveScript(projectId, SCRIPT);

    await pass(socket, projectId, { dryRun: true });
    expect(await list(socket, projectId)).toEqual([]);

    await pass(socket, projectId);
    const [first, ...none] = await list(socket, projectId);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      projectId,
      number: 1,
      author: { id: alice.user.id, username: alice.user.username, email: alice.email },
      passes: 1,
      pageCount: paginate(parseScript(SCRIPT, 'fountain')).pageCount,
      mode: 'replace',
      format: 'fountain',
      lines: SCRIPT.split('\n').length,
    });
    expect(first?.pageCount).toBeGreaterThanOrEqual(9);
    expect(first?.lastPassAt).toBe(first?.createdAt);
    expect(first).not.toHaveProperty('content');
    expect((await get(socket, projectId, first?.id as string)).content).toBe(SCRIPT);

    // The same text again (a revise that changes nothing): no new version, one more pass on it.
    await pass(socket, projectId);
    const [again, ...stillNone] = await list(socket, projectId);
    expect(stillNone).toEqual([]);
    expect(again).toMatchObject({ id: first?.id, number: 1, passes: 2, mode: 'replace' });
    expect(Date.parse(again?.lastPassAt as string)).toBeGreaterThan(Date.parse(first?.createdAt as string));

    // An edit, then a revise: version 2, listed first.
    const edited = SCRIPT.replace(OLD_LINE, NEW_LINE);
    await saveScript(projectId, edited);
    await pass(socket, projectId);
    const versions = await list(socket, projectId);
    expect(versions.map((v) => [v.number, v.mode])).toEqual([
      [2, 'revise'],
      [1, 'replace'],
    ]);
    expect((await get(socket, projectId, versions[0]?.id as string)).content).toBe(edited);
    expect((await get(socket, projectId, versions[1]?.id as string)).content).toBe(SCRIPT);
    expect((await list(socket, projectId, 1)).map((v) => v.number)).toEqual([2]);

    // The SDK's client reads them too.
    const client = createReelbench({ baseUrl: server.url, token: alice.token });
    try {
      expect((await client.script.versions(projectId, 1)).map((v) => v.id)).toEqual([versions[0]?.id]);
      expect((await client.script.version(projectId, versions[1]?.id as string)).content).toBe(SCRIPT);
    } finally {
      client.socket?.disconnect();
    }

    // A pass on text sent with the request is not the saved script: nothing is kept.
    await ask(socket, 'script:generate-shots', {
      projectId,
      content: `${edited}\n\nINT. SHED - DAY\n\nRain.\n`,
    });
    expect((await list(socket, projectId)).map((v) => v.number)).toEqual([2, 1]);
  });

  it('keeps the script a pass on some scenes ran on, as a replace', async () => {
    const { id: projectId } = await newProject(server, alice, { name: 'Scenes' });
    const socket = await connect(alice);
    await saveScript(projectId, SCRIPT);
    await ask(socket, 'script:generateCinematicShots', { projectId, sceneNumbers: [2, 3] });
    const versions = await list(socket, projectId);
    expect(versions.map((v) => [v.number, v.mode, v.passes])).toEqual([[1, 'replace', 1]]);
  });

  it("answers a version only to its project's owner, and only for that project", async () => {
    const { id: projectId } = await newProject(server, alice, { name: 'Private' });
    const { id: bobsProject } = await newProject(server, bob, { name: 'Elsewhere' });
    const socket = await connect(alice);
    const other = await connect(bob);
    await saveScript(projectId, SCRIPT);
    await pass(socket, projectId);
    const [version] = await list(socket, projectId);
    const versionId = version?.id as string;

    const refused = [
      await request(other, 'script:listVersions', { projectId }),
      await request(other, 'script:getVersion', { projectId, versionId }),
    ];
    for (const answer of refused) expectSocketError(answer, 'NOT_FOUND_ERROR', 'Project not found');
    // Bob's own project does not open Alice's version.
    expectSocketError(
      await request(other, 'script:getVersion', { projectId: bobsProject, versionId }),
      'NOT_FOUND_ERROR',
      'Script version not found',
    );
    expectSocketError(
      await request(socket, 'script:getVersion', { projectId, versionId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Script version not found',
    );
    expectSocketError(
      await request(socket, 'script:listVersions', { projectId, limit: 0 }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'script:getVersion', { projectId, versionId: 'v1' }),
      'VALIDATION_ERROR',
    );
  });
});
