import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  createCutFromTimeline,
  createProjectFromPalette,
  importScript,
  moveActiveTo,
  openFirstPass,
  openSelect,
  pressButton,
  register,
  renderAllImages,
  runCommand,
  saveWithKeyboard,
  screens,
  toast,
  tokenOf,
} from '../support/helpers.js';

/** The rendered box of an element: its width over its height, and the box itself. */
async function boxOf(
  locator: Locator,
): Promise<{ width: number; height: number; top: number; bottom: number }> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { width: rect.width, height: rect.height, top: rect.top, bottom: rect.bottom };
  });
}

/** An image once it has loaded: its file's own size. */
async function naturalSize(image: Locator): Promise<{ width: number; height: number }> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({
    width: element.naturalWidth,
    height: element.naturalHeight,
  }));
}

/** The first pass with the Aspect Ratio select moved to 9:16 by the keyboard. */
async function verticalFirstPass(page: Page): Promise<void> {
  const modal = await openFirstPass(page);
  const aspect = modal.getByRole('combobox', { name: 'Aspect Ratio' });
  await aspect.focus();
  await expect(aspect).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '16:9 (widescreen)' })).toBeFocused();
  await moveActiveTo(page, openSelect(page), '9:16 (vertical)');
  await page.keyboard.press('Enter');
  await expect(aspect).toHaveText('9:16 (vertical)');
  await pressButton(page, modal.getByRole('button', { name: 'Generate First Pass' }));
  await expect(toast(page, 'First Pass Ready')).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden();
}

/** The rough-cut player's video is whole inside the window: its native controls along its bottom are seen. */
async function expectPlayerInView(page: Page, video: Locator, size: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  await expect
    .poll(
      async () => {
        const box = await boxOf(video);
        return box.top >= 0 && box.bottom <= viewport.height && box.height > 200;
      },
      { message: `the rough-cut video inside the ${size} window` },
    )
    .toBe(true);
  const box = await boxOf(video);
  // The cut's own aspect (720×1280): the picture is not letterboxed into a 16:9 box.
  expect(box.width / box.height).toBeCloseTo(720 / 1280, 1);
}

test('a 9:16 project keeps its aspect: storyboard cards, the shot lab canvas, the print view, the rough-cut player', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Vertical Night');
  await importScript(page, 'three-scenes.fountain');
  await saveWithKeyboard(page);
  await verticalFirstPass(page);

  const token = await tokenOf(page);
  await renderAllImages(page, projectId, token, 120_000);

  // ------------------------------------------------------------ the storyboard: cards taller than wide
  await runCommand(page, 'Go to Storyboard');
  const grid = page.getByRole('grid', { name: 'Storyboard' });
  const firstCell = grid.getByRole('gridcell').first();
  await expect(firstCell).toBeVisible();
  await expect(firstCell.locator('.sb-frame img')).toBeVisible();
  const card = await boxOf(firstCell.locator('.sb-frame'));
  expect(card.height, 'a 9:16 storyboard frame is taller than wide').toBeGreaterThan(card.width);
  expect(card.width / card.height).toBeCloseTo(9 / 16, 1);
  expect(await naturalSize(firstCell.locator('.sb-frame img'))).toEqual({ width: 720, height: 1280 });
  await screens(page, 'aspect-storyboard-9x16');

  // ------------------------------------------------------------ the shot lab: the whole 720×1280 frame
  await grid.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/shot-lab\\?shot=`));
  const image = page.locator('.lab-frame__image');
  await expect(image).toBeVisible();
  expect(await naturalSize(image)).toEqual({ width: 720, height: 1280 });
  const canvas = await boxOf(image);
  expect(canvas.width / canvas.height, 'the canvas shows the frame at 720:1280').toBeCloseTo(720 / 1280, 2);
  // All of it on screen at once: no part of the frame is cut by the stage.
  expect(canvas.top).toBeGreaterThanOrEqual(0);
  expect(canvas.bottom).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  await screens(page, 'aspect-shot-lab-9x16');

  // ------------------------------------------------------------ the print view
  await runCommand(page, 'Go to Storyboard');
  await runCommand(page, 'Export Storyboard');
  await expect(page).toHaveURL(/print=sheet$/);
  const printed = page.locator('.print-frame__image').first();
  await expect(printed.locator('img')).toBeVisible();
  const sheet = await boxOf(printed);
  expect(sheet.height).toBeGreaterThan(sheet.width);
  expect(sheet.width / sheet.height).toBeCloseTo(9 / 16, 1);
  await screens(page, 'aspect-print-9x16');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/print=/);

  // ------------------------------------------------------------ the rough cut, in view at 1440×900 and 1280×720
  await createCutFromTimeline(page, projectId, 'Vertical assembly');
  await runCommand(page, 'Go to Rough Cut');
  await expect(page.getByRole('combobox', { name: 'Cut' })).toContainText('Vertical assembly v1');
  await runCommand(page, 'Render Rough Cut');
  const video = page.getByLabel('Rough cut of Vertical assembly v1');
  await expect(video).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('definition').filter({ hasText: '720×1280' })).toHaveCount(1);
  await expectPlayerInView(page, video, '1440×900');
  await screens(page, 'aspect-rough-cut-9x16-1440');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectPlayerInView(page, video, '1280×720');
  await screens(page, 'aspect-rough-cut-9x16-1280');
});
