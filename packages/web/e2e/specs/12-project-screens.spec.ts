import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  openFirstPass,
  openPalette,
  projectWithShots,
  runCommand,
  toast,
} from '../support/helpers.js';

// Every page and overlay in both themes: axe findings are collected (checkPage is soft) so one page's
// problem does not hide the next page's, and the screenshots are always written.
test.describe('project pages in both themes pass axe', () => {
  test('script, dashboard, jobs, the projects list and an unknown page inside a project', async ({
    page,
  }) => {
    const { id } = await projectWithShots(page, 'Screens Tour');

    await checkPage(page, 'script');

    await runCommand(page, 'Go to Dashboard');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/dashboard$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Screens Tour' })).toBeVisible();
    await checkPage(page, 'dashboard');

    // The jobs page with a job on it.
    await runCommand(page, 'Render All Images');
    await expect(toast(page, 'Render All Images started')).toBeVisible();
    await runCommand(page, 'Go to Jobs');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/jobs$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page.locator('tr.jobs-row').first()).toBeVisible();
    await checkPage(page, 'jobs');

    await runCommand(page, 'Go to Projects');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('main')).toContainText('Screens Tour');
    await checkPage(page, 'projects-list');

    await page.goto(`/project/${id}/nope`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await checkPage(page, 'project-not-found');
  });

  test('the palette, the shortcut help and the first pass wizard', async ({ page }) => {
    await projectWithShots(page, 'Overlay Tour');

    await openPalette(page);
    await checkPage(page, 'palette');
    await page.keyboard.press('Escape');

    // Closing the palette gives focus back to the script editor, where '?' is text: step out first.
    await page.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Shift+?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await checkPage(page, 'help-overlay');
    await page.keyboard.press('Escape');

    await openFirstPass(page);
    await checkPage(page, 'first-pass-modal');
    await page.keyboard.press('Escape');
  });
});
