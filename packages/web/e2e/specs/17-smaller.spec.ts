import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  apiCreate,
  asUser,
  checkPage,
  createCutFromTimeline,
  generateFirstPass,
  goToProjectPage,
  importScript,
  projectWithApiShots,
  renderAllImages,
  runCommand,
  saveWithKeyboard,
  toast,
} from '../support/helpers.js';

/** The rows of the shot list that are on screen, by their shot number. */
async function visibleShotNumbers(page: Page): Promise<number[]> {
  return page.locator('[role="row"][aria-rowindex]').evaluateAll((rows) =>
    rows
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && /^\d{3}/.test(row.textContent ?? '');
      })
      .map((row) => Number((row.textContent ?? '').slice(0, 3))),
  );
}

/** The pipeline strip's state of a step ("Done", "Next", "To do"). */
function pipelineState(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Pipeline' })
    .locator('.pipeline__step')
    .filter({ hasText: label })
    .locator('.pipeline__state');
}

test.describe('the smaller things a film maker trips on', () => {
  test('after a rough cut and an export the dashboard says Done; the card shows a frame; lengths read as seconds and frames; a review comment is a marker on the ruler', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { projectId, token } = await projectWithApiShots(page, 'Harbour Light', [
      ['Quay at dawn', 2],
      ['Gulls over the pier', 3 + 7 / 24],
    ]);
    await renderAllImages(page, projectId, token);

    // The clip says its length as seconds and frames, not as a clock's minutes.
    await goToProjectPage(page, projectId, 'Timeline');
    const clip = page.locator('.tl-clip').filter({ hasText: 'Gulls over the pier' });
    await expect(clip.locator('.tl-clip__duration')).toHaveText('3s 07f');
    await expect(
      page.locator('.tl-clip').filter({ hasText: 'Quay at dawn' }).locator('.tl-clip__duration'),
    ).toHaveText('2s');

    // Before: the dashboard offers the rough cut next and the export is still to do.
    await goToProjectPage(page, projectId, 'Dashboard');
    await expect(pipelineState(page, 'Rough cut')).toHaveText(/Next|To do/);
    await expect(pipelineState(page, 'Export')).toHaveText('To do');

    // A cut, its EDL exported, its rough cut rendered.
    await createCutFromTimeline(page, projectId, 'Harbour assembly');
    const download = page.waitForEvent('download');
    await runCommand(page, 'Export EDL');
    expect((await download).suggestedFilename()).toMatch(/^Harbour-assembly-v1-24\.edl$/);
    await expect(toast(page, 'EDL Exported')).toBeVisible();
    await runCommand(page, 'Go to Rough Cut');
    await expect(page.getByRole('heading', { level: 1, name: 'Rough cut' })).toBeVisible();
    await runCommand(page, 'Render Rough Cut');
    await expect(page.getByLabel('Rough cut of Harbour assembly v1')).toBeVisible({ timeout: 120_000 });

    await goToProjectPage(page, projectId, 'Dashboard');
    await expect(pipelineState(page, 'Rough cut')).toHaveText('Done');
    await expect(pipelineState(page, 'Export')).toHaveText('Done');
    await checkPage(page, 'dashboard-after-export');

    // A reviewer's comment on the second shot, a second into it: a marker there on the ruler.
    const link = await page.request.post(`/api/projects/${projectId}/review-links`, {
      ...asUser(token),
      data: {},
    });
    expect(link.status()).toBe(201);
    const { token: reviewToken } = (await link.json()) as { token: string };
    const comment = await page.request.post(`/api/review/${reviewToken}/comments`, {
      data: { authorName: 'Ines', body: 'Hold on the gulls longer', timeMs: 3000 },
    });
    expect(comment.status()).toBe(201);
    await goToProjectPage(page, projectId, 'Timeline');
    const marker = page.locator('.tl-marker');
    await expect(marker).toHaveCount(1);
    await expect(marker).toHaveAttribute('title', 'Ines at 00:00:03:00: Hold on the gulls longer');
    const markerBox = await marker.boundingBox();
    const clipBox = await clip.boundingBox();
    expect(markerBox && clipBox).toBeTruthy();
    // On the second clip, about a second (of 3.3) into it.
    const into =
      ((markerBox?.x ?? 0) + (markerBox?.width ?? 0) / 2 - (clipBox?.x ?? 0)) / (clipBox?.width ?? 1);
    expect(into).toBeGreaterThan(0.2);
    expect(into).toBeLessThan(0.45);
    await checkPage(page, 'timeline-review-marker');

    // The projects page: the card is the first frame, not initials.
    await runCommand(page, 'Go to Projects');
    const card = page.locator('.project-poster').first();
    await expect(card.locator('img')).toHaveCount(1);
    await expect(card.locator('.project-poster__initials')).toHaveCount(0);
    await expect
      .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await checkPage(page, 'projects-with-posters');
  });

  test("a first-passed storyboard card says each thing once, and an asset's image slots fill the width", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { projectId, token } = await projectWithApiShots(page, 'Low Water', []);
    await importScript(page, 'low-water.fountain');
    await saveWithKeyboard(page);
    await generateFirstPass(page);
    await goToProjectPage(page, projectId, 'Storyboard');
    const cells = page.locator('.sb-cell');
    await expect(cells.first()).toBeVisible();
    const texts = await cells.evaluateAll((all) =>
      all.map((cell) => ({
        name: cell.querySelector('.sb-meta__name')?.textContent ?? '',
        framing: cell.querySelector('.sb-meta__framing')?.textContent ?? '',
        script: cell.querySelector('.sb-meta__script')?.textContent ?? '',
      })),
    );
    expect(texts.length).toBeGreaterThan(4);
    for (const { name, framing, script } of texts) {
      // No shot number, no framing the line below says again, no script line the title already has.
      expect(name).not.toMatch(/^\d+\.\d+ /);
      if (framing.trim()) expect(name.startsWith(`${framing.trim()} –`)).toBe(false);
      if (script.trim().length > 12) expect(name).not.toContain(script.trim());
    }
    await checkPage(page, 'storyboard-card-text');

    // An asset's image keys: several to a row at this width, not one narrow column.
    const created = await page.request.post('/api/asset', {
      ...asUser(token),
      data: { projectId, type: 'character', name: 'JUNO' },
    });
    expect(created.status()).toBe(201);
    const { id: assetId } = (await created.json()) as { id: string };
    await page.goto(`/project/${projectId}/assets/${assetId}`);
    const firstRow = page.locator('.asset-grid__row').first();
    await expect(firstRow).toBeVisible();
    expect(await firstRow.locator('.slot-cell').count()).toBeGreaterThan(1);
    await checkPage(page, 'asset-slots');
  });

  test('the shot list opened from the timeline opens at the selected shot, and at the top when nothing is selected', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { projectId, token } = await projectWithApiShots(page, 'Long board', []);
    for (let start = 0; start < 160; start += 40) {
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          apiCreate(page, token, `/api/projects/${projectId}/shots`, {
            name: `Shot ${start + index + 1}`,
            duration: 2,
          }),
        ),
      );
    }
    await goToProjectPage(page, projectId, 'Timeline');
    const track = page.getByRole('listbox', { name: 'Video track' });
    await track.focus();
    await page.keyboard.press('End');
    await expect(track.locator('[aria-selected="true"]')).toContainText('Shot 160');
    await goToProjectPage(page, projectId, 'Shot List', 'shots');
    await expect.poll(() => visibleShotNumbers(page)).toContain(160);

    // Escape on the timeline: nothing selected, so the list opens at its top, not half-way down.
    await goToProjectPage(page, projectId, 'Timeline');
    await track.focus();
    await page.keyboard.press('Escape');
    await expect(track.locator('[aria-selected="true"]')).toHaveCount(0);
    await goToProjectPage(page, projectId, 'Shot List', 'shots');
    await expect.poll(() => visibleShotNumbers(page)).toContain(1);
    expect(await visibleShotNumbers(page)).not.toContain(160);
  });
});
