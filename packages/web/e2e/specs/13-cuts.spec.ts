import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  createCutFromTimeline,
  goToProjectPage,
  projectWithShots,
  renameInDialog,
  runCommand,
  toast,
} from '../support/helpers.js';

function eventRows(page: Page) {
  return page.getByRole('table', { name: /^Events of / }).locator('tbody tr');
}

test('cuts: create from the timeline, rename, export an EDL, compare after a reorder, delete', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { id: projectId, shots } = await projectWithShots(page, 'Cut Tour');
  expect(shots).toBeGreaterThan(1);

  // Version 1, from the timeline's button.
  const first = await createCutFromTimeline(page, projectId, 'Assembly');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assembly v1');
  await expect(eventRows(page)).toHaveCount(shots);
  await expect(eventRows(page).first().locator('td').nth(5)).toHaveText('01:00:00:00');
  const firstShots = await eventRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-shot-id')),
  );

  // Rename from the palette.
  await runCommand(page, 'Rename Cut');
  const rename = page.getByRole('dialog', { name: 'Rename cut' });
  await renameInDialog(page, rename, 'Assembly A');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assembly A v1');
  await expect(toast(page, 'Cut Renamed')).toBeVisible();

  // Export an EDL at 25 fps: a download whose text is the cut.
  await page.getByRole('combobox', { name: 'Frame rate' }).click();
  await page.getByRole('option', { name: '25 fps' }).click();
  await expect(eventRows(page).first().locator('td').nth(5)).toHaveText('01:00:00:00');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EDL', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Assembly-A-v1-25\.edl$/);
  const edl = readFileSync((await file.path()) ?? '', 'utf8');
  expect(edl).toMatch(/^TITLE: Assembly A\nFCM: NON-DROP FRAME\n/);
  for (const shotId of firstShots) expect(edl).toContain(`* REELBENCH SHOT: ${shotId}`);
  await expect(toast(page, 'EDL Exported')).toBeVisible();

  // The hand-off package from the palette: one zip with the lists and a README.
  const packaged = page.waitForEvent('download');
  await runCommand(page, 'Export Hand-off Package');
  const zip = await packaged;
  expect(zip.suggestedFilename()).toMatch(/^Assembly-A-v1-24-package\.zip$/);
  const bytes = readFileSync((await zip.path()) ?? '');
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  for (const name of [
    'README.txt',
    'Assembly-A-v1-24.otio',
    'Assembly-A-v1-24.fcpxml',
    'Assembly-A-v1-24.edl',
  ])
    expect(bytes.toString('latin1')).toContain(name);
  await expect(toast(page, 'Hand-off Package Exported')).toBeVisible();

  await checkPage(page, 'cut');

  // Reorder on the timeline (Alt+Right moves the selected clip), then version 2.
  await runCommand(page, 'Go to Timeline');
  const clip = page.getByRole('listbox', { name: 'Video track' }).getByRole('option').first();
  await clip.click();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(toast(page, 'Order Saved')).toBeVisible({ timeout: 10_000 });
  const second = await createCutFromTimeline(page, projectId, 'Assembly B');
  expect(second).not.toBe(first);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assembly B v2');
  const secondShots = await eventRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-shot-id')),
  );
  expect(secondShots.slice(0, 2)).toEqual([firstShots[1], firstShots[0]]);

  // Compare with version 1: one shot moved, nothing added, removed or retimed.
  await page.getByRole('combobox', { name: 'Compare with version' }).click();
  await page.getByRole('option', { name: 'v1 · Assembly A' }).click();
  await expect(page.getByRole('heading', { name: 'v1 → v2' })).toBeVisible();
  await expect(page.locator('.cuts-compare__summary')).toHaveText(
    '1 moved · 0 longer · 0 shorter · 0 added · 0 removed · 0 fr overall',
  );
  const changes = page.getByRole('table', { name: 'Changes from v1 to v2' }).locator('tbody tr');
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText('Moved');
  await checkPage(page, 'cut-compare');

  // Undo the reorder from version 1's page: Restore This Version puts its order back on the timeline.
  await page.goto(`/project/${projectId}/edl/${first}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assembly A v1');
  await runCommand(page, 'Restore This Version');
  await expect(toast(page, 'Version Restored')).toBeVisible();
  await runCommand(page, 'Go to Timeline');
  const clips = page.getByRole('listbox', { name: 'Video track' }).getByRole('option');
  await expect
    .poll(() =>
      clips.evaluateAll((options) => options.slice(0, 2).map((o) => o.getAttribute('data-shot-id'))),
    )
    .toEqual(firstShots.slice(0, 2));

  // The cuts list: both versions; delete the first after confirming.
  await goToProjectPage(page, projectId, 'Cuts', 'edl');
  const rows = page.getByRole('table', { name: 'Cuts' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await checkPage(page, 'cuts');
  await page.getByRole('button', { name: 'Delete Assembly A v1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Assembly A” v1?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete cut' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Assembly B');

  // An edit comes back: an OTIO of Assembly B with its first two clips swapped. The import is
  // previewed (nothing saved), cancelled, then applied as version 3.
  await page.goto(`/project/${projectId}/edl/${second}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assembly B v2');
  const otioDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'OTIO', exact: true }).click();
  const otio = JSON.parse(readFileSync((await (await otioDownload).path()) ?? '', 'utf8')) as {
    tracks: { children: { children: { OTIO_SCHEMA: string }[] }[] };
  };
  const track = otio.tracks.children[0]?.children ?? [];
  const clipAt = track.flatMap((item, index) => (item.OTIO_SCHEMA.startsWith('Clip') ? [index] : []));
  const [a = 0, b = 1] = clipAt;
  [track[a], track[b]] = [track[b] as (typeof track)[number], track[a] as (typeof track)[number]];
  const edited = {
    name: 'assembly-b-edited.otio',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(otio)),
  };
  const fileInput = page.locator('input[type="file"][accept*=".otio"]');
  await fileInput.setInputFiles(edited);
  const previewDialog = page.getByRole('dialog', { name: 'Import assembly-b-edited.otio?' });
  await expect(previewDialog).toBeVisible();
  await expect(previewDialog).toContainText(/1 shot moved · \d+ change length · 0 removed · 0 unmatched/);
  await expect(previewDialog.getByRole('list', { name: 'What the import changes' })).toContainText(
    'moves from',
  );
  await page.keyboard.press('Escape');
  await expect(previewDialog).toBeHidden();
  await goToProjectPage(page, projectId, 'Cuts', 'edl');
  await expect(rows).toHaveCount(1);

  await page.goto(`/project/${projectId}/edl/${second}`);
  await fileInput.setInputFiles(edited);
  await expect(previewDialog).toBeVisible();
  await previewDialog.getByRole('button', { name: 'Apply as v3' }).click();
  await expect(toast(page, 'Imported as v3')).toBeVisible();
  await expect(previewDialog).toBeHidden();
});
