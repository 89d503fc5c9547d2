import { createReelbench } from '@reelbench/sdk';
import { type Cut, type Project } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, newProject } from './support/factories.js';
import { expectHttpError, newShot, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { readPdf } from './support/pdf-reader.js';

async function download(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.each(testDatabases())('the storyboard PDF of a cut on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  /** A project of alice with 14 shots in two scenes; shots 1 and 2 have stored frames, 3 a foreign key. */
  async function ledger(): Promise<{ project: Project; cut: Cut; shotIds: string[] }> {
    const project = await newProject(server, alice, { name: 'The Ledger' });
    const storage = server.app.get<symbol, Storage>(STORAGE);
    const png = await sharp({
      create: { width: 320, height: 180, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const ownKey = `projects/${project.id}/images/frame-1.png`;
    await storage.put(ownKey, png, 'image/png');
    const brokenKey = `projects/${project.id}/images/broken.png`;
    await storage.put(brokenKey, Buffer.from('not an image at all'), 'image/png');
    const other = await newProject(server, bob);
    const foreignKey = `projects/${other.id}/images/secret.png`;
    await storage.put(foreignKey, png, 'image/png');

    const shotIds: string[] = [];
    for (let index = 0; index < 14; index += 1) {
      shotIds.push(
        await newShot(server, project.id, {
          name: `Ledger shot ${index + 1}`,
          duration: index === 0 ? 2.5 : 1,
          position: index,
          framing: index === 0 ? 'close-up' : null,
          camera_move: index === 0 ? 'push-in' : null,
          script_text: index === 0 ? 'Mara climbs the spiral stairs.' : null,
          s3_image_key:
            index === 0 || index === 1 ? ownKey : index === 2 ? foreignKey : index === 3 ? brokenKey : null,
        }),
      );
    }
    const scenes = [
      { id: 'scene-1', name: 'INT. LIGHTHOUSE - NIGHT', color: '#3366cc', shotIds: shotIds.slice(0, 7) },
      { id: 'scene-2', name: 'EXT. HARBOR MARKET - DAY', color: '#cc6633', shotIds: shotIds.slice(7) },
    ];
    const saved = await api(server, 'PATCH', `/api/projects/${project.id}`, {
      token: alice.token,
      body: { settings: { scenes, shotOrder: shotIds } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const created = await api<Cut>(server, 'POST', `/api/projects/${project.id}/cuts`, {
      token: alice.token,
      body: { name: 'Assembly' },
    });
    expect(created.status).toBe(201);
    return { project, cut: created.body, shotIds };
  }

  it('answers a contact sheet and one shot a page: pages, names, scenes, framing, frames', async () => {
    const { project, cut } = await ledger();
    const base = `${server.url}/api/projects/${project.id}/cuts/${cut.id}/export/pdf`;

    const contact = await download(base, alice.token);
    expect(contact.response.status).toBe(200);
    expect(contact.response.headers.get('content-type')).toBe('application/pdf');
    expect(contact.response.headers.get('content-disposition')).toBe(
      `attachment; filename="Assembly-v${cut.version}-storyboard.pdf"`,
    );
    expect(Number(contact.response.headers.get('content-length'))).toBe(contact.bytes.length);
    const sheet = readPdf(contact.bytes);
    expect(sheet.pageCount).toBe(2);
    const sheetText = sheet.pages.map((page) => page.text.join('\n'));
    expect(sheetText[0]).toContain('Assembly');
    expect(sheetText[0]).toContain('The Ledger · cut v1 · 14 shots · 24 fps');
    expect(sheetText[0]).toContain('1. Ledger shot 1');
    expect(sheetText[0]).toContain('2.5 s · 60 fr · close-up · push-in');
    expect(sheetText[0]).toContain('Mara climbs the spiral stairs.');
    expect(sheetText[0]).toContain('INT. LIGHTHOUSE - NIGHT');
    expect(sheetText[0]).toContain('EXT. HARBOR MARKET - DAY');
    expect(sheetText[1]).toContain('14. Ledger shot 14');
    // Shots 1 and 2 share one stored frame; the other project's key and the broken file are not drawn.
    expect(sheet.pages.map((page) => page.images)).toEqual([2, 0]);
    expect(sheet.images).toHaveLength(1);
    expect(sheet.images[0]).toMatchObject({ width: 320, height: 180, filter: 'DCTDecode' });

    const onePerPage = await download(`${base}?layout=pages`, alice.token);
    expect(onePerPage.response.status).toBe(200);
    const pages = readPdf(onePerPage.bytes);
    expect(pages.pageCount).toBe(14);
    pages.pages.forEach((page, index) => {
      expect(page.text).toContain(`Ledger shot ${index + 1}`);
      expect(page.text).toContain(`Page ${index + 1} of 14`);
    });
    expect(pages.pages[0]?.text).toEqual(
      expect.arrayContaining([
        'INT. LIGHTHOUSE - NIGHT',
        'close-up',
        'push-in',
        'Mara climbs the spiral stairs.',
      ]),
    );
    expect(pages.pages[1]?.text).not.toContain('INT. LIGHTHOUSE - NIGHT');
    expect(pages.pages[7]?.text).toContain('EXT. HARBOR MARKET - DAY');
    expect(pages.pages.map((page) => page.images)).toEqual([1, 1, ...Array(12).fill(0)]);
    expect(pages.pages[2]?.text).toContain('No frame yet');
  });

  it('the SDK downloads it as bytes', async () => {
    const { project, cut } = await ledger();
    const client = createReelbench({ baseUrl: server.url, token: alice.token, socket: false });
    try {
      const file = await client.cuts.storyboardPdf(project.id, cut.id, { layout: 'pages' });
      expect(file.filename).toBe(`Assembly-v${cut.version}-storyboard.pdf`);
      expect(readPdf(file.bytes).pageCount).toBe(14);
      expect(readPdf((await client.cuts.storyboardPdf(project.id, cut.id)).bytes).pageCount).toBe(2);
    } finally {
      client.close();
    }
  });

  it('refuses another user, an unknown cut and a bad layout with catalogue errors', async () => {
    const { project, cut } = await ledger();
    const path = `/api/projects/${project.id}/cuts/${cut.id}/export/pdf`;
    expectHttpError(await api(server, 'GET', path, { token: bob.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(await api(server, 'GET', path), 401, { code: 'AUTH_ERROR' });
    expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/cuts/${UNKNOWN_ID}/export/pdf`, {
        token: alice.token,
      }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Cut not found' },
    );
    const bobs = await newProject(server, bob);
    expectHttpError(
      await api(server, 'GET', `/api/projects/${bobs.id}/cuts/${cut.id}/export/pdf`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Cut not found' },
    );
    const bad = expectHttpError(
      await api(server, 'GET', `${path}?layout=poster`, { token: alice.token }),
      400,
      {
        code: 'VALIDATION_ERROR',
      },
    );
    expect(JSON.stringify(bad)).toContain('Layout must be one of contact, pages');
  });
});
