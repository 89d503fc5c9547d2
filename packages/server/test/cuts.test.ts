import {
  type Cut,
  type CutComparisonReply,
  type CutExportFile,
  type CutImportResultReply,
  type CutSummary,
  cutSchema,
  type Edl,
  type EdlSummary,
  type Project,
  type ShotPage,
} from '@reelbench/sdk/contract';
import { exportCut, secondsToFrames } from '@reelbench/sdk/editorial';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateFcpxml } from '../../sdk/test/editorial/fcpxml-dtd.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, request } from './support/factories.js';
import { expectHttpError, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

const SCRIPT = `INT. LIGHTHOUSE - NIGHT

Mara climbs the spiral stairs, a brass key in her fist.

MARA
Who moved the ledger?

EXT. HARBOR MARKET - DAY

Eli runs through the stalls. Mara follows.

MARA
Stop!
`;

/** The basic CMX3600 shape: title, FCM, one V event line per cut event, numbered from 001. */
function checkEdl(text: string, cut: Cut): void {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^TITLE: \S/);
  expect(lines[1]).toMatch(/^FCM: (NON-)?DROP FRAME$/);
  const events = lines.filter((line) => /^\d{3} {2}/.test(line));
  expect(events).toHaveLength(cut.events.length);
  expect(events[0]).toMatch(/^001 {2}[0-9A-F]{8} V +C +00:00:00:00 \d\d:\d\d:\d\d:\d\d 01:00:00:00 /);
  for (const event of cut.events) expect(text).toContain(`* REELBENCH SHOT: ${event.shotId} TAKE: 1`);
}

describe.each(testDatabases())('cuts on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });
  let project: Project;

  async function projectSettings(): Promise<Project['settings']> {
    return (await api<Project>(server, 'GET', `/api/projects/${project.id}`, { token: alice.token })).body
      .settings;
  }

  async function shotDurations(): Promise<Map<string, number>> {
    const page = await api<ShotPage>(server, 'GET', `/api/projects/${project.id}/shots?limit=500`, {
      token: alice.token,
    });
    return new Map(page.body.shots.map((shot) => [shot.id, shot.duration]));
  }

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'The Ledger' });
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: SCRIPT },
    });
    expect(saved.status).toBe(200);
    const socket = await connect(alice);
    await ask(socket, 'script:generateShotsFromScript', { projectId: project.id, mode: 'cinematic' });
    socket.close();
  });

  it('makes a cut of the first-passed timeline, lists, gets, renames and answers the EDL views', async () => {
    const socket = await connect(alice);
    const { shotOrder } = await projectSettings();
    expect(shotOrder.length).toBeGreaterThanOrEqual(2);
    const durations = await shotDurations();

    const cut = cutSchema.parse(await ask<Cut>(socket, 'cut:create', { projectId: project.id }));
    expect(cut).toMatchObject({ projectId: project.id, name: 'The Ledger', version: 1, frameRate: 24 });
    expect(cut.events.map((event) => event.shotId)).toEqual(shotOrder);
    for (const event of cut.events) {
      expect(event.take).toBe(1);
      expect(event.duration).toBe(Math.max(1, secondsToFrames(durations.get(event.shotId) ?? 0, 24)));
    }

    const second = await api<Cut>(server, 'POST', `/api/projects/${project.id}/cuts`, {
      token: alice.token,
      body: { name: 'Assembly 25', frameRate: 25 },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ version: 2, frameRate: 25, name: 'Assembly 25' });

    const listed = await ask<CutSummary[]>(socket, 'cut:list', { projectId: project.id });
    expect(listed.map((entry) => entry.id)).toEqual([second.body.id, cut.id]);
    expect(listed[1]).toMatchObject({ eventCount: shotOrder.length, hasSoundtrack: false });
    const overHttp = await api<CutSummary[]>(server, 'GET', `/api/projects/${project.id}/cuts`, {
      token: alice.token,
    });
    expect(overHttp.body).toEqual(listed);

    const got = await api<Cut>(server, 'GET', `/api/projects/${project.id}/cuts/${cut.id}`, {
      token: alice.token,
    });
    expect(got.body).toEqual(cut);

    const renamed = await ask<Cut>(socket, 'cut:rename', {
      projectId: project.id,
      cutId: cut.id,
      name: 'Rough',
    });
    expect(renamed.name).toBe('Rough');

    const edls = await ask<EdlSummary[]>(socket, 'project:getEDLs', { projectId: project.id });
    expect(edls.map((edl) => [edl.id, edl.name, edl.eventCount])).toEqual([
      [second.body.id, 'Assembly 25', shotOrder.length],
      [cut.id, 'Rough', shotOrder.length],
    ]);
    const edl = await ask<Edl>(socket, 'project:getEDL', { projectId: project.id, edlId: cut.id });
    expect(edl.events.map((event) => event.shotId)).toEqual(shotOrder);
    expect(edl.events[0]).toMatchObject({ eventNumber: 1, recordIn: 0 });
    expect(edl.frameRate).toBe(24);

    const deleted = await api(server, 'DELETE', `/api/projects/${project.id}/cuts/${second.body.id}`, {
      token: alice.token,
    });
    expect(deleted.body).toEqual({ id: second.body.id, deleted: true });
    expectSocketError(
      await request(socket, 'cut:get', { projectId: project.id, cutId: second.body.id }),
      'NOT_FOUND_ERROR',
      'Cut not found',
    );
    expectSocketError(
      await request(socket, 'project:getEDL', { projectId: project.id, edlId: second.body.id }),
      'NOT_FOUND_ERROR',
      'Cut not found',
    );
  });

  it('exports EDL, OTIO and FCPXML over the socket and over HTTP', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Export me' });
    for (const format of ['edl', 'otio', 'fcpxml'] as const) {
      const file = await ask<CutExportFile>(socket, 'cut:export', {
        projectId: project.id,
        cutId: cut.id,
        format,
        options: { frameRate: 25 },
      });
      expect(file.filename).toMatch(new RegExp(`^Export-me-v\\d+-25\\.${format}$`));
      const http = await api<string>(
        server,
        'GET',
        `/api/projects/${project.id}/cuts/${cut.id}/export/${format}?frameRate=25`,
        { token: alice.token },
      );
      expect(http.status).toBe(200);
      expect(http.headers.get('content-type')).toContain(file.mimeType);
      expect(http.headers.get('content-disposition')).toBe(`attachment; filename="${file.filename}"`);
      const text = format === 'otio' ? JSON.stringify(http.body, null, 2) : http.body;
      if (format === 'otio') expect(JSON.parse(file.text)).toEqual(http.body);
      else expect(text).toBe(file.text);
      if (format === 'edl') checkEdl(file.text, cut);
      if (format === 'otio') expect(http.body).toMatchObject({ OTIO_SCHEMA: 'Timeline.1' });
      if (format === 'fcpxml') validateFcpxml(file.text, `${database}-${cut.id}`);
    }
    const dropFrame = await api<string>(
      server,
      'GET',
      `/api/projects/${project.id}/cuts/${cut.id}/export/edl?frameRate=29.97&dropFrame=true`,
      { token: alice.token },
    );
    expect(dropFrame.body).toContain('FCM: DROP FRAME');
    expect(dropFrame.body).toMatch(/01:00:00;00/);
  });

  it('notes when a cut was last exported (a file or the hand-off package) without calling it an edit', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Stamp me' });
    expect(cut.exportedAt ?? null).toBeNull();
    await ask<CutExportFile>(socket, 'cut:export', { projectId: project.id, cutId: cut.id, format: 'otio' });
    const after = await ask<Cut>(socket, 'cut:get', { projectId: project.id, cutId: cut.id });
    expect(after.exportedAt).toEqual(expect.any(String));
    expect(Date.parse(after.exportedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(cut.createdAt ?? ''));
    expect(after.updatedAt).toBe(cut.updatedAt);
    const listed = await ask<CutSummary[]>(socket, 'cut:list', { projectId: project.id });
    expect(listed.find((summary) => summary.id === cut.id)?.exportedAt).toBe(after.exportedAt);

    const other = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Package me' });
    const zip = await fetch(`${server.url}/api/projects/${project.id}/cuts/${other.id}/package`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const packaged = await ask<Cut>(socket, 'cut:get', { projectId: project.id, cutId: other.id });
    expect(packaged.exportedAt).toEqual(expect.any(String));
    socket.close();
  });

  /** The cut exported in `format`, and that very file imported back. */
  async function reimport(socket: Socket, cut: Cut, format: 'edl' | 'otio') {
    const ref = { projectId: project.id, cutId: cut.id, format };
    const exported = await ask<CutExportFile>(socket, 'cut:export', ref);
    const imported = await ask<CutImportResultReply>(socket, 'cut:import', { ...ref, text: exported.text });
    return { exported, imported };
  }

  it('imports its own EDL as no change, and an EDL with two events swapped reorders the shots', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Round trip' });
    const before = await projectSettings();
    const durationsBefore = await shotDurations();

    const { exported: own, imported: same } = await reimport(socket, cut, 'edl');
    expect(same.unmatched).toEqual([]);
    expect(same.removed).toEqual([]);
    expect(same.cut.id).not.toBe(cut.id);
    expect(same.cut.version).toBeGreaterThan(cut.version);
    expect(same.cut.events).toEqual(cut.events);
    expect((await projectSettings()).shotOrder).toEqual(before.shotOrder);
    expect(await shotDurations()).toEqual(durationsBefore);

    // At 23.976 the cut rounds the timeline's seconds on the record: re-importing is still no change.
    const ntsc = await ask<Cut>(socket, 'cut:create', { projectId: project.id, frameRate: 23.976 });
    const { imported: ntscSame } = await reimport(socket, ntsc, 'otio');
    expect(ntscSame.cut.events).toEqual(ntsc.events);
    expect((await projectSettings()).shotOrder).toEqual(before.shotOrder);
    expect(await shotDurations()).toEqual(durationsBefore);

    const [first, second, ...rest] = cut.events;
    if (first === undefined || second === undefined)
      throw new Error('the first pass made fewer than 2 shots');
    const swapped = exportCut({ ...cut, events: [second, first, ...rest] }, 'edl');
    const imported = await api<CutImportResultReply>(
      server,
      'POST',
      `/api/projects/${project.id}/cuts/${cut.id}/import`,
      { token: alice.token, body: { format: 'edl', text: swapped.text } },
    );
    expect(imported.status).toBe(201);
    expect(imported.body.unmatched).toEqual([]);
    const { shotOrder } = await projectSettings();
    expect(shotOrder).toEqual([second.shotId, first.shotId, ...before.shotOrder.slice(2)]);
    const page = await api<ShotPage>(server, 'GET', `/api/projects/${project.id}/shots?limit=500`, {
      token: alice.token,
    });
    expect(page.body.shots.slice(0, 2).map((shot) => shot.id)).toEqual([second.shotId, first.shotId]);

    const comparison = await ask<CutComparisonReply>(socket, 'cut:compare', {
      projectId: project.id,
      olderId: cut.id,
      newerId: imported.body.cut.id,
    });
    expect(comparison.changed).toBe(true);
    expect(comparison.events.some((event) => event.moved)).toBe(true);

    // An OTIO of a longer first event: the shot's duration follows.
    const longer = exportCut(
      {
        ...imported.body.cut,
        events: [
          { ...second, duration: second.duration + 12, sourceOut: second.sourceOut + 12 },
          first,
          ...rest,
        ],
      },
      'otio',
    );
    const otio = await ask<CutImportResultReply>(socket, 'cut:import', {
      projectId: project.id,
      cutId: imported.body.cut.id,
      format: 'otio',
      text: longer.text,
    });
    expect(otio.cut.events[0]?.duration).toBe(second.duration + 12);
    expect((await shotDurations()).get(second.shotId)).toBeCloseTo((second.duration + 12) / 24, 6);

    const unknownClip = own.text.replace(first.shotId, UNKNOWN_ID);
    const partial = await ask<CutImportResultReply>(socket, 'cut:import', {
      projectId: project.id,
      cutId: cut.id,
      format: 'edl',
      text: unknownClip,
    });
    expect(partial.unmatched.length).toBeGreaterThan(0);
  });

  it('refuses a 29.97 drop-frame EDL into a 25 fps cut and changes nothing; with its rate said, converts it as no change', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, frameRate: 25 });
    const before = await projectSettings();
    const durationsBefore = await shotDurations();
    const cutsBefore = await ask<unknown[]>(socket, 'cut:list', { projectId: project.id });
    const at2997 = exportCut(cut, 'edl', { frameRate: 29.97 });

    const refused = expectHttpError(
      await api(server, 'POST', `/api/projects/${project.id}/cuts/${cut.id}/import`, {
        token: alice.token,
        body: { format: 'edl', text: at2997.text },
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expect(refused.error).toMatch(/29\.97 fps drop-frame.*the cut is 25 fps/);
    expect(await shotDurations()).toEqual(durationsBefore);
    expect((await projectSettings()).shotOrder).toEqual(before.shotOrder);
    expect(await ask<unknown[]>(socket, 'cut:list', { projectId: project.id })).toHaveLength(
      cutsBefore.length,
    );

    const converted = await ask<CutImportResultReply>(socket, 'cut:import', {
      projectId: project.id,
      cutId: cut.id,
      format: 'edl',
      text: at2997.text,
      frameRate: 29.97,
    });
    expect(converted.cut.frameRate).toBe(25);
    expect(converted.cut.events).toEqual(cut.events);
    expect(converted.removed).toEqual([]);
    expect(await shotDurations()).toEqual(durationsBefore);
  });

  it('previews an import with dryRun: the would-be version, what moved, and nothing saved', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Preview' });
    const before = await projectSettings();
    const cutsBefore = await ask<unknown[]>(socket, 'cut:list', { projectId: project.id });
    const [first, second, ...rest] = cut.events;
    if (first === undefined || second === undefined)
      throw new Error('the first pass made fewer than 2 shots');
    const swapped = exportCut(
      {
        ...cut,
        events: [second, { ...first, duration: first.duration + 6, sourceOut: first.sourceOut + 6 }, ...rest],
      },
      'otio',
    );
    const preview = await ask<CutImportResultReply>(socket, 'cut:import', {
      projectId: project.id,
      cutId: cut.id,
      format: 'otio',
      text: swapped.text,
      dryRun: true,
    });
    expect(preview.dryRun).toBe(true);
    expect(preview.cut.events.map((event) => event.shotId).slice(0, 2)).toEqual([
      second.shotId,
      first.shotId,
    ]);
    expect(preview.cut.events[1]?.duration).toBe(first.duration + 6);
    expect(preview.cut.version).toBe(cut.version + 1);
    expect((await projectSettings()).shotOrder).toEqual(before.shotOrder);
    expect(await ask<unknown[]>(socket, 'cut:list', { projectId: project.id })).toHaveLength(
      cutsBefore.length,
    );
  });

  it("declares a 9:16 project's frame size in its FCPXML, DTD-valid", async () => {
    const vertical = await newProject(server, alice, { name: 'Vertical' });
    await api(server, 'PUT', `/api/script/${vertical.id}`, { token: alice.token, body: { content: SCRIPT } });
    const socket = await connect(alice);
    await ask(socket, 'script:generateShotsFromScript', {
      projectId: vertical.id,
      mode: 'cinematic',
      styleGuide: { aspect: '9:16' },
    });
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: vertical.id });
    const file = await ask<CutExportFile>(socket, 'cut:export', {
      projectId: vertical.id,
      cutId: cut.id,
      format: 'fcpxml',
    });
    expect(file.text).toMatch(/<format id="r1"[^>]* width="720" height="1280"/);
    validateFcpxml(file.text, 'vertical');
  });

  it('undoes an applied import in one action: cut:restore puts the previous version back', async () => {
    const socket = await connect(alice);
    const before = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Before the edit' });
    const orderBefore = (await projectSettings()).shotOrder;
    const durationsBefore = await shotDurations();
    const [first, second, ...rest] = before.events;
    if (first === undefined || second === undefined)
      throw new Error('the first pass made fewer than 2 shots');
    const edited = exportCut(
      {
        ...before,
        events: [
          second,
          { ...first, duration: first.duration + 24, sourceOut: first.sourceOut + 24 },
          ...rest,
        ],
      },
      'otio',
    );
    await ask<CutImportResultReply>(socket, 'cut:import', {
      projectId: project.id,
      cutId: before.id,
      format: 'otio',
      text: edited.text,
    });
    expect((await projectSettings()).shotOrder.slice(0, 2)).toEqual([second.shotId, first.shotId]);
    expect((await shotDurations()).get(first.shotId)).not.toBe(durationsBefore.get(first.shotId));

    const restored = await ask<Project>(socket, 'cut:restore', { projectId: project.id, cutId: before.id });
    expect(restored.settings.shotOrder).toEqual(orderBefore);
    expect((await projectSettings()).shotOrder).toEqual(orderBefore);
    // Each duration back to what it was, to the frame (the version holds whole frames at 24 fps).
    const after = await shotDurations();
    for (const [shotId, seconds] of durationsBefore)
      expect(Math.abs((after.get(shotId) ?? 0) - seconds)).toBeLessThanOrEqual(1 / 48);
    // Over HTTP, and a second time: nothing left to change.
    const again = await api<Project>(
      server,
      'POST',
      `/api/projects/${project.id}/cuts/${before.id}/restore`,
      {
        token: alice.token,
      },
    );
    expect(again.status).toBe(201);
    expect(again.body.settings.shotOrder).toEqual(orderBefore);
    expectHttpError(
      await api(server, 'POST', `/api/projects/${project.id}/cuts/${before.id}/restore`, {
        token: bob.token,
      }),
      404,
    );
  });

  it('gives six cuts made at once six different versions', async () => {
    const sockets = await Promise.all(Array.from({ length: 6 }, () => connect(alice)));
    const made = await Promise.all(
      sockets.map((socket, index) =>
        ask<Cut>(socket, 'cut:create', { projectId: project.id, name: `Burst ${index}` }),
      ),
    );
    const versions = made.map((cut) => cut.version);
    expect(new Set(versions).size).toBe(6);
  });

  it('refuses other users, unknown cuts and bad input with catalogue errors', async () => {
    const socket = await connect(alice);
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id });
    const intruder = await connect(bob);
    for (const [event, payload] of [
      ['cut:get', { projectId: project.id, cutId: cut.id }],
      ['cut:list', { projectId: project.id }],
      ['cut:create', { projectId: project.id }],
      ['cut:rename', { projectId: project.id, cutId: cut.id, name: 'Mine' }],
      ['cut:delete', { projectId: project.id, cutId: cut.id }],
      ['cut:export', { projectId: project.id, cutId: cut.id, format: 'edl' }],
      ['cut:import', { projectId: project.id, cutId: cut.id, format: 'edl', text: 'TITLE: x' }],
      ['project:getEDLs', { projectId: project.id }],
      ['project:getEDL', { projectId: project.id, edlId: cut.id }],
    ] as const) {
      expectSocketError(await request(intruder, event, payload), 'NOT_FOUND_ERROR', 'Project not found');
    }
    const bobsProject = await newProject(server, bob);
    expectSocketError(
      await request(intruder, 'cut:get', { projectId: bobsProject.id, cutId: cut.id }),
      'NOT_FOUND_ERROR',
      'Cut not found',
    );
    expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/cuts/${cut.id}/export/edl`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR' },
    );
    expectHttpError(
      await api(server, 'GET', `/api/projects/${bobsProject.id}/cuts/${cut.id}`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Cut not found' },
    );
    expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/cuts/not-a-uuid`, { token: alice.token }),
      404,
      { error: 'Cut not found' },
    );

    const garbage = expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/cuts/${cut.id}/export/docx`, {
        token: alice.token,
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expect(JSON.stringify(garbage)).toContain('format');
    expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/cuts/${cut.id}/export/edl?frameRate=26`, {
        token: alice.token,
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    const socketGarbage = expectSocketError(
      await request(socket, 'cut:export', { projectId: project.id, cutId: cut.id, format: 'docx' }),
      'VALIDATION_ERROR',
    );
    expect(JSON.stringify(socketGarbage)).toContain('format');
    expectSocketError(
      await request(socket, 'cut:import', {
        projectId: project.id,
        cutId: cut.id,
        format: 'fcpxml',
        text: '<x/>',
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'cut:import', {
        projectId: project.id,
        cutId: cut.id,
        format: 'otio',
        text: 'not json',
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'cut:create', { projectId: project.id, frameRate: 26 }),
      'VALIDATION_ERROR',
    );
  });
});
