import { expect, test } from '../support/fixtures.js';
import { checkPage, projectWithShots, runCommand, toast } from '../support/helpers.js';

/** The storage key a signed media URL points at (the signature changes on every answer). */
const keyOf = (src: string | null) => new URL(src ?? '', 'http://x').pathname;

/** Pages of a PDF Chromium made: its page objects. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

test.describe('takes, the print view and the media page', () => {
  // A first pass, renders and two PDFs on a shared machine: more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test('the shot lab keeps each earlier frame as a take and restores it with Use this take', async ({
    page,
  }) => {
    await projectWithShots(page, 'Takes Tour');
    await runCommand(page, 'Go to Shot Lab');
    await expect(page.getByRole('heading', { name: /Shot lab/ })).toBeVisible();
    const frame = page.locator('img.lab-frame__image');
    await expect(page.getByText('No takes yet.', { exact: false })).toBeVisible();

    await runCommand(page, 'Generate image for this shot');
    await expect(frame).toBeVisible({ timeout: 30_000 });
    const first = keyOf(await frame.getAttribute('src'));

    // Change what the frame is made of, then generate again: the first frame becomes a take.
    const action = page.getByLabel('Action');
    await action.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' She turns to the window.');
    await page.keyboard.press('Tab');
    await runCommand(page, 'Generate image for this shot');
    await expect
      .poll(async () => keyOf(await frame.getAttribute('src')), { timeout: 60_000 })
      .not.toBe(first);
    const second = keyOf(await frame.getAttribute('src'));

    const takes = page.getByRole('radiogroup', { name: 'Takes, newest first' });
    await expect(takes.getByRole('radio')).toHaveCount(1);
    await expect(takes).toContainText('Generated');
    await expect.poll(async () => keyOf(await takes.locator('img').first().getAttribute('src'))).toBe(first);
    await checkPage(page, 'shot-lab-takes');

    await runCommand(page, 'Use this take');
    await expect.poll(async () => keyOf(await frame.getAttribute('src'))).toBe(first);
    // Nothing is lost: the frame it replaced is the newest take now.
    await expect(takes.getByRole('radio')).toHaveCount(1);
    await expect.poll(async () => keyOf(await takes.locator('img').first().getAttribute('src'))).toBe(second);
    // And it survives a reload: the server has the restored frame.
    await page.reload();
    await expect.poll(async () => keyOf(await frame.getAttribute('src')), { timeout: 15_000 }).toBe(first);
  });

  test('Export Storyboard opens a print view with every frame in both layouts; the PDF has one page per shot', async ({
    page,
  }) => {
    const { id, shots } = await projectWithShots(page, 'Print Tour');
    await runCommand(page, 'Export Storyboard');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/storyboard\\?print=sheet$`));
    const frames = page.locator('.print-root .print-frame');
    await expect(frames).toHaveCount(shots);
    await expect(page.locator('.print-root .print-scene__heading').first()).toBeVisible();
    await checkPage(page, 'print-contact-sheet');
    const sheet = await page.pdf({ printBackground: true });
    const sheetPages = pdfPages(sheet);
    expect(sheetPages).toBeGreaterThanOrEqual(1);
    expect(sheetPages).toBeLessThan(shots);

    await runCommand(page, 'Print layout: one shot per page');
    await expect(page).toHaveURL(/\?print=pages$/);
    await expect(frames).toHaveCount(shots);
    await checkPage(page, 'print-one-per-page');
    expect(pdfPages(await page.pdf({ printBackground: true }))).toBe(shots);

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/storyboard$`));
    await expect(page.locator('.print-root')).toHaveCount(0);
  });

  test('the media page lists every rendered frame and opens one large from the keyboard', async ({
    page,
  }) => {
    const { shots } = await projectWithShots(page, 'Media Tour');
    await runCommand(page, 'Render All Images');
    await expect(toast(page, 'Render All Images started')).toBeVisible();
    await runCommand(page, 'Go to Media');
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Media' });
    await expect(page.getByText(`${shots} images`, { exact: false })).toBeVisible({ timeout: 60_000 });

    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: /Shot 002 .* Image/ });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator('img.lightbox__media')).toBeVisible();
    await expect
      .poll(() =>
        lightbox.locator('img.lightbox__media').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await checkPage(page, 'media-lightbox');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: /Shot 003 .* Image/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(grid).toBeFocused();
    await checkPage(page, 'media');
  });
});
