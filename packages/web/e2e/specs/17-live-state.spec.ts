import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { checkPage, openPalette, projectWithApiShots, runCommand, toast } from '../support/helpers.js';

/** The storyboard's shots-by-status tally. */
const tally = (page: Page) => page.getByRole('list', { name: 'Shots by status' });
/** The shot lab's image status beside Generate image. */
const imageState = (page: Page) => page.locator('.lab-gen__state').first();

/** Ctrl+K, the query: whether the palette offers `label` here; Escape closes it again. */
async function offered(page: Page, query: string, label: string): Promise<number> {
  const dialog = await openPalette(page);
  await page.keyboard.type(query);
  // The palette filters as it is typed: wait until it has (something listed, or nothing found).
  await expect(dialog.getByRole('option').first().or(dialog.getByText('No commands found'))).toBeVisible();
  const count = await dialog.getByRole('option', { name: label }).count();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return count;
}

test.describe('live state', () => {
  test.describe.configure({ timeout: 180_000 });

  test("editing a rendered shot's prompt shows it Stale and enables Render stale, without a reload", async ({
    page,
  }) => {
    const { projectId } = await projectWithApiShots(page, 'Live Stale', [
      ['Pier', 4],
      ['Cabin', 3],
    ]);
    await runCommand(page, 'Go to Shot Lab');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/shot-lab`));
    await runCommand(page, 'Generate image for this shot');
    await expect(page.locator('img.lab-frame__image')).toBeVisible({ timeout: 60_000 });
    await expect(imageState(page)).toHaveText('Rendered');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.locator('.shots-toolbar__facts')).toHaveText('Cabin');
    await runCommand(page, 'Generate image for this shot');
    await expect(page.locator('img.lab-frame__image')).toBeVisible({ timeout: 60_000 });

    // Both rendered and up to date: nothing stale to render.
    await runCommand(page, 'Go to Storyboard');
    await expect(tally(page)).toContainText('2 rendered');
    await expect(tally(page)).not.toContainText('stale');
    const renderStale = page.getByRole('button', { name: /^Render stale/ });
    await expect(renderStale).toHaveAttribute('aria-disabled', 'true');
    // Render Stale Videos is offered (no shot has a video yet); Render Stale Images is not.
    expect(await offered(page, 'Render Stale', 'Render Stale Videos')).toBe(1);
    expect(await offered(page, 'Render Stale', 'Render Stale Images')).toBe(0);

    // Change the first shot's prompt in the shot lab, staying in the field.
    await runCommand(page, 'Go to Shot Lab');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(page.locator('.shots-toolbar__facts')).toHaveText('Pier');
    const prompt = page.getByLabel('Prompt', { exact: true });
    await prompt.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' Rain streaks the window.');
    // The server answers the saved edit with image_stale: the lab says Stale without a reload.
    await expect(imageState(page)).toHaveText('Stale', { timeout: 15_000 });
    await expect(prompt).toBeFocused();
    await expect(page.locator('.lab-frame__status')).toContainText(/stale/i);
    await checkPage(page, 'shot-lab-stale');

    // The storyboard counts it, and Render stale enables with the count, in the palette too.
    await page.keyboard.press('Tab');
    await runCommand(page, 'Go to Storyboard');
    await expect(tally(page)).toContainText('1 rendered');
    await expect(tally(page)).toContainText('1 stale');
    await expect(renderStale).not.toHaveAttribute('aria-disabled', 'true');
    await expect(renderStale).toBeEnabled();
    await expect(renderStale.locator('.btn__count')).toHaveText('1');
    // Only media made from other inputs count: neither shot has a video yet, so no video is stale.
    await expect(page.getByRole('button', { name: /^Stale videos/ }).locator('.btn__count')).toHaveCount(0);
    await checkPage(page, 'storyboard-stale');
    await runCommand(page, 'Render Stale Images');
    await expect(toast(page, 'Render Stale Images started')).toBeVisible();
    // The batch renders it again: the storyboard says so as the server's events arrive.
    await expect(tally(page)).toContainText('2 rendered', { timeout: 60_000 });
    await expect(tally(page)).not.toContainText('stale');
    await expect(renderStale).toHaveAttribute('aria-disabled', 'true');
  });
});
