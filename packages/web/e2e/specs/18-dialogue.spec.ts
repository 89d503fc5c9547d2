import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  asUser,
  checkPage,
  goToProjectPage,
  projectWithShots,
  runCommand,
  screens,
  toast,
  tokenOf,
} from '../support/helpers.js';

type ApiShot = { id: string; name: string; duration: number };

async function shotDurations(page: Page, projectId: string, token: string): Promise<Map<string, number>> {
  const response = await page.request.get(`/api/projects/${projectId}/shots?limit=100`, asUser(token));
  expect(response.ok()).toBe(true);
  const { shots } = (await response.json()) as { shots: ApiShot[] };
  return new Map(shots.map((shot) => [shot.id, shot.duration]));
}

/** The shot list's duration cell of a shot, as the list writes it ("3.4 s"). */
function durationCell(page: Page, shotId: string) {
  return page.locator(`[data-shot-id="${shotId}"] .sl-col--duration`);
}

function seconds(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} s`;
}

test('scratch track: generated from the palette, its lines listed and played, shots timed to them in one undo step, the dialogue track, a character’s voice', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { id: projectId } = await projectWithShots(page, 'Harbour Lights', 'harbour-lights.fountain');
  const token = await tokenOf(page);
  // Nora has a character asset (her voice lives there); Tom speaks with the voice seeded from his name.
  const created = await page.request.post('/api/asset', {
    ...asUser(token),
    data: {
      projectId,
      type: 'character',
      name: 'NORA',
      description: 'A woman in her sixties, the lighthouse keeper',
    },
  });
  expect(created.status()).toBe(201);
  const noraId = ((await created.json()) as { id: string }).id;

  // ------------------------------------------------------------ the empty audio page says what to do
  await goToProjectPage(page, projectId, 'Audio');
  const dialogue = page.getByRole('region', { name: 'Dialogue' });
  await expect(dialogue.getByText('No scratch track yet — Generate Scratch Track')).toBeVisible();

  // ------------------------------------------------------------ Generate Scratch Track: a job like any other
  await runCommand(page, 'Generate Scratch Track');
  await expect(toast(page, 'Scratch track started')).toBeVisible();
  // The lines arrive when the job completes (the page asks again on the job's completion event).
  const rows = dialogue.locator('li.dialogue-line');
  await expect(rows).toHaveCount(4, { timeout: 60_000 });
  await expect(dialogue.getByText(/^4 lines · 2 scenes · \d+s( \d\df)? spoken$/)).toBeVisible();

  // Grouped by scene, then character, in script order; badges for O.S. and V.O., the parenthetical shown.
  await expect(
    dialogue.getByRole('region', { name: 'Scene 1' }).getByRole('heading', { level: 4 }),
  ).toHaveText(['NORA', 'TOM']);
  const nora = dialogue.getByRole('list', { name: 'NORA in scene 1' }).locator('li');
  await expect(nora).toHaveCount(2);
  await expect(nora.first()).toContainText('(whispering) Still burning. After all these years.');
  await expect(nora.first()).toContainText('whispered');
  await expect(dialogue.getByRole('list', { name: 'TOM in scene 1' }).locator('.dialogue-badge')).toHaveText(
    'O.S.',
  );
  await expect(dialogue.getByRole('list', { name: 'TOM in scene 2' }).locator('.dialogue-badge')).toHaveText(
    'V.O.',
  );
  // Each line: its measured length as the app writes lengths, a drawn waveform, generated.
  for (const row of await rows.all()) {
    await expect(row.locator('.dialogue-line__duration')).toHaveText(/^\d+s( \d\df)?$/);
    await expect(row.locator('.dialogue-line__duration')).not.toHaveText('0s');
    await expect(row.locator('.waveform')).not.toHaveAttribute('data-drawn', '0');
    await expect(row).toContainText('Generated');
  }

  // The job is on the jobs page like every other.
  await goToProjectPage(page, projectId, 'Jobs');
  await expect(page.getByText('Scratch track').first()).toBeVisible();
  await goToProjectPage(page, projectId, 'Audio');
  await expect(rows).toHaveCount(4);

  // ------------------------------------------------------------ play one: Enter on the focused row, Space pauses
  const first = rows.first();
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = rows.nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(second).toHaveClass(/is-playing/);
  await expect(second.getByRole('button', { name: 'Play or Pause Line' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Only one line plays at a time.
  await expect(dialogue.locator('li.dialogue-line.is-playing')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(second).not.toHaveClass(/is-playing/);
  await checkPage(page, 'audio-dialogue');

  // ------------------------------------------------------------ Time Shots to Dialogue, from the shot list
  await goToProjectPage(page, projectId, 'Shot List', 'shots');
  await expect(page.getByRole('grid', { name: 'Shot list' }).getByRole('row').nth(1)).toBeVisible();
  const before = await shotDurations(page, projectId, token);
  await runCommand(page, 'Time Shots to Dialogue');
  const timed = toast(page, 'Shots Timed to Dialogue');
  await expect(timed).toBeVisible();
  await expect(timed).toContainText(/\d+ shots? changed/);
  const after = await shotDurations(page, projectId, token);
  const changed = [...after].filter(([shotId, duration]) => before.get(shotId) !== duration);
  expect(changed.length).toBeGreaterThan(0);
  // Action shots keep their length: fewer shots changed than there are shots.
  expect(changed.length).toBeLessThan(after.size);
  const [shotId, timedDuration] = changed[0] as [string, number];
  const original = before.get(shotId) ?? 0;
  await expect(durationCell(page, shotId)).toHaveText(seconds(timedDuration));

  // One undo puts every changed shot back, on the page and on the server.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(durationCell(page, shotId)).toHaveText(seconds(original));
  await expect.poll(async () => [...(await shotDurations(page, projectId, token))]).toEqual([...before]);
  // And redo times them again.
  await page.keyboard.press('Control+Shift+z');
  await expect(durationCell(page, shotId)).toHaveText(seconds(timedDuration));
  await expect
    .poll(async () => (await shotDurations(page, projectId, token)).get(shotId))
    .toBe(timedDuration);

  // ------------------------------------------------------------ the timeline's dialogue track
  await goToProjectPage(page, projectId, 'Timeline');
  const lane = page.getByRole('list', { name: 'Dialogue track' });
  await expect(lane.locator('li.tl-line')).toHaveCount(4);
  await expect(lane.locator('li.tl-line').first()).toContainText('NORA');
  await expect(lane.locator('li.tl-line .waveform').first()).not.toHaveAttribute('data-drawn', '0');
  // Each clip sits under its shot: it starts inside its shot's clip on V1.
  for (const line of await lane.locator('li.tl-line').all()) {
    const shotOf = await line.getAttribute('data-line-shot');
    const clipBox = await page.locator(`#timeline-clip-${shotOf}`).boundingBox();
    const lineBox = await line.boundingBox();
    if (!clipBox || !lineBox) throw new Error(`line of shot ${shotOf} or its clip not on screen`);
    expect(lineBox.x).toBeGreaterThan(clipBox.x);
    expect(lineBox.x).toBeLessThan(clipBox.x + clipBox.width);
  }
  // The lane lines up with its A2 head and is drawn whole: not pushed down past the tracks' bottom edge.
  const laneBox = await lane.boundingBox();
  const headBox = await page.locator('.tl-head--dialogue').boundingBox();
  const tracksBox = await page.locator('.tl-scroll').boundingBox();
  if (!laneBox || !headBox || !tracksBox)
    throw new Error('dialogue lane, its head or the tracks not on screen');
  expect(Math.abs(laneBox.y - headBox.y)).toBeLessThanOrEqual(1);
  expect(laneBox.y + laneBox.height).toBeLessThanOrEqual(tracksBox.y + tracksBox.height + 1);
  await screens(page, 'timeline-dialogue');

  // ------------------------------------------------------------ Nora's voice on her asset page, edited by keys
  await page.goto(`/project/${projectId}/assets/${noraId}`);
  await expect(page.getByRole('heading', { level: 1, name: /NORA/ })).toBeVisible();
  const pitch = page.getByRole('slider', { name: /Pitch/ });
  await expect(pitch).toBeVisible();
  const start = Number(await pitch.inputValue());
  await pitch.focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(pitch).toHaveValue(String(start + 3));
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/asset/${noraId}`, asUser(token));
      return ((await response.json()) as { config: { voice?: { pitch: number } | null } }).config.voice
        ?.pitch;
    })
    .toBe(start + 3);
  await screens(page, 'asset-voice');
});
