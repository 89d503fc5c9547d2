import type { Locator, Page } from '@playwright/test';
import { createReelbench } from '@reelbench/sdk';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  createProjectFromPalette,
  goToProjectPage,
  moveActiveTo,
  openSelect,
  pressButton,
  register,
  renameInDialog,
  runCommand,
  secondBrowser,
  toast,
  tokenOf,
} from '../support/helpers.js';
import { rgbPng } from '../support/png.js';

/** A real PNG (a warm vertical gradient) of the given size, made here rather than kept as a binary. */
function gradientPng(width: number, height: number): Buffer {
  return rgbPng(width, height, (x, y) => [
    200 - Math.round((y / height) * 120),
    90 + Math.round((x / width) * 60),
    60,
  ]);
}

/** Ctrl+N, the type (by the keyboard in its select), the name, Enter: the "… created" toast. */
async function newAsset(page: Page, type: 'Character' | 'Location', name: string): Promise<void> {
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New asset' });
  await expect(dialog).toBeVisible();
  // The dialog has taken the focus (Radix moves it in once open); then start from the type.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  const typeSelect = dialog.getByRole('combobox', { name: 'Type' });
  await typeSelect.focus();
  await expect(typeSelect).toBeFocused();
  if (type === 'Location') {
    await page.keyboard.press('Enter');
    // The list takes the focus on its current option; then the arrow moves to the next one.
    await expect(page.getByRole('option', { name: 'Character' })).toBeFocused();
    await moveActiveTo(page, openSelect(page), 'Location');
    await expect(page.getByRole('option', { name: 'Location' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(typeSelect).toHaveText('Location');
    // Radix gives the focus back to the trigger a moment after the list closes: Tab from there.
    await expect(typeSelect).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${type} created`)).toBeVisible();
}

function imageGrid(page: Page): Locator {
  return page.getByRole('grid', { name: /^Images of / });
}

function slot(page: Page, key: string): Locator {
  return page.locator(`.slot-cell[data-key="${key}"]`);
}

test('assets: create by keyboard, filter, open; generate, rotate, upload with progress, live in a second browser, assess, stale and refreshed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Cast Tour');

  await goToProjectPage(page, projectId, 'Assets');
  await expect(page.getByRole('heading', { name: /No assets yet/ })).toBeVisible();

  await newAsset(page, 'Character', 'Mara Quinn');
  await newAsset(page, 'Location', 'Harbour Dock');
  const grid = page.getByRole('grid', { name: 'Assets' });
  await expect(grid.getByRole('gridcell')).toHaveCount(2);
  await expect(grid.getByRole('rowheader', { name: /Characters/ })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: /Locations/ })).toBeVisible();

  // Filter by name (Ctrl+/ focuses the field), then by type.
  await grid.focus();
  await page.keyboard.press('Control+/');
  const search = page.getByRole('searchbox', { name: 'Filter assets by name' });
  await expect(search).toBeFocused();
  await page.keyboard.type('harb');
  await expect(grid.getByRole('gridcell')).toHaveCount(1);
  await expect(grid.getByRole('gridcell')).toContainText('Harbour Dock');
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('gridcell')).toHaveCount(2);
  const typeFilter = page.getByRole('combobox', { name: 'Asset type' });
  await typeFilter.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Every type' })).toBeFocused();
  // Down past Characters to Locations, each arrow pressed once the list shows the last one.
  await moveActiveTo(page, openSelect(page), 'Locations');
  await expect(page.getByRole('option', { name: 'Locations' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(typeFilter).toHaveText('Locations');
  await expect(grid.getByRole('gridcell')).toHaveCount(1);
  await expect(typeFilter).toBeFocused();
  await typeFilter.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Locations' })).toBeFocused();
  await moveActiveTo(page, openSelect(page), 'Every type', { key: 'Home' });
  await expect(page.getByRole('option', { name: 'Every type' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell')).toHaveCount(2);
  // The focus is back on the filter before it moves to the grid (Radix returns it a moment later).
  await expect(typeFilter).toBeFocused();

  // Arrows move (characters come first), Enter opens the character.
  await grid.focus();
  await page.keyboard.press('End');
  await expect(grid.locator('[aria-selected="true"]')).toContainText('Harbour Dock');
  await page.keyboard.press('Home');
  await expect(grid.locator('[aria-selected="true"]')).toContainText('Mara Quinn');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/assets/[0-9a-f-]{36}$`));
  const assetUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mara Quinn');

  // Every key a character supports: front, back, left, right and the reference.
  for (const key of ['default-front', 'default-back', 'default-left', 'default-right', 'default'])
    await expect(slot(page, key)).toHaveAttribute('data-status', 'empty');

  // A second browser on the same asset sees what this one does, without reloading.
  const token = await tokenOf(page);
  const { context, other } = await secondBrowser(page, token);
  await other.goto(assetUrl);
  await expect(slot(other, 'default-front')).toHaveAttribute('data-status', 'empty');

  // Ctrl+G generates the selected (default) key as a job, with its progress on the cell.
  await imageGrid(page).focus();
  await expect(imageGrid(page).locator('[aria-selected="true"]')).toHaveAttribute(
    'data-key',
    'default-front',
  );
  await page.keyboard.press('Control+g');
  await expect(toast(page, 'Image Updated').first()).toBeVisible({ timeout: 60_000 });
  await expect(slot(page, 'default-front')).toHaveAttribute('data-status', 'completed');
  await expect(slot(page, 'default-front').locator('img')).toBeVisible();
  await expect(slot(other, 'default-front')).toHaveAttribute('data-status', 'completed');
  await expect(slot(other, 'default-front').locator('img')).toBeVisible();

  // The back rotation: character:generate-rotation.
  await imageGrid(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(imageGrid(page).locator('[aria-selected="true"]')).toHaveAttribute('data-key', 'default-back');
  await expect(page.getByRole('button', { name: 'Generate back rotation' })).toBeVisible();
  await page.keyboard.press('Control+g');
  await expect(slot(page, 'default-back')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(slot(page, 'default-back').locator('img')).toBeVisible();
  await expect(slot(page, 'default-front').locator('img')).toBeVisible();
  await expect(slot(other, 'default-back').locator('img')).toBeVisible();

  // Assess: a score out of 10 and its reasons.
  await runCommand(page, 'Assess Image');
  const assessment = page.getByRole('region', { name: 'Assessment' });
  await expect(assessment.locator('.assessment__value')).toHaveText(/^\d+\.\d$/, { timeout: 30_000 });
  await expect(assessment.getByRole('listitem').first()).toBeVisible();

  // A new front (the base image) uploaded with visible progress: the back made from the old one is stale.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/files/upload-image', async (route) => {
    await held;
    await route.continue();
  });
  await imageGrid(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(imageGrid(page).locator('[aria-selected="true"]')).toHaveAttribute(
    'data-key',
    'default-front',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'mara-front.png',
    mimeType: 'image/png',
    buffer: gradientPng(240, 320),
  });
  const progress = slot(page, 'default-front').getByRole('progressbar', { name: /Uploading.*Front/ });
  await expect(progress).toBeVisible();
  await expect(slot(page, 'default-front')).toHaveAttribute('data-status', 'processing');
  release();
  await expect(toast(page, 'Image Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toBeHidden();
  await page.unroute('**/api/files/upload-image');
  await expect(slot(page, 'default-back')).toHaveAttribute('data-status', 'stale');
  await expect(slot(page, 'default-back').locator('.frame-status')).toContainText('Stale');
  await expect(page.getByRole('status').filter({ hasText: 'stale until generated again' })).toBeVisible();
  await expect(slot(other, 'default-back')).toHaveAttribute('data-status', 'stale');
  await checkPage(page, 'asset');

  // Ctrl+R regenerates the stale back from the new front.
  await imageGrid(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+r');
  await expect(slot(page, 'default-back')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(page.getByText('stale until generated again')).toBeHidden();
  await context.close();

  // Back on the list, the character shows its picture.
  await pressButton(page, page.getByRole('link', { name: 'Assets' }).last());
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/assets$`));
  await expect(grid.getByRole('gridcell', { name: undefined }).first().locator('img')).toBeVisible();
  await checkPage(page, 'assets');
});

test('assets: rename, describe, series level and back, clone to another project, delete after confirming', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page);
  const target = await createProjectFromPalette(page, 'Sequel');
  const projectId = await createProjectFromPalette(page, 'Props Tour');
  await runCommand(page, 'Go to Assets');
  await newAsset(page, 'Character', 'Old Name');
  const grid = page.getByRole('grid', { name: 'Assets' });
  await grid.focus();
  await page.keyboard.press('Home');

  // F2 renames the selected asset.
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename asset' });
  await renameInDialog(page, rename, 'Captain Ives');
  await expect(toast(page, 'Asset Renamed')).toBeVisible();
  await expect(grid.getByRole('gridcell')).toContainText('Captain Ives');

  // Description and visual identifier.
  await runCommand(page, 'Edit Description and Visual Identifier');
  const details = page.getByRole('dialog', { name: 'Description and look' });
  await expect(details.getByLabel('Description')).toBeFocused();
  await page.keyboard.type('A weathered harbour captain.');
  await details.getByLabel('Visual identifier').fill('grey beard, navy peacoat, brass buttons');
  await pressButton(page, details.getByRole('button', { name: 'Save' }));
  await expect(toast(page, 'Asset Updated')).toBeVisible();
  await expect(grid.getByRole('gridcell')).toContainText('grey beard, navy peacoat, brass buttons');

  // Series level: the project joins a series (set up through the SDK), the asset moves up and back.
  const client = createReelbench({
    baseUrl: new URL(page.url()).origin,
    token: await tokenOf(page),
    socket: false,
  });
  const series = await client.series.create({ name: 'Harbour Saga' });
  await client.projects.update(projectId, { series_id: series.id });
  await grid.focus();
  await runCommand(page, 'Move Asset to Series Level');
  await expect(toast(page, 'Moved to Series Level')).toBeVisible();
  await expect(grid.getByRole('gridcell').locator('.asset-chip--series')).toHaveText('Series');
  await runCommand(page, 'Return Asset to Project Level');
  await expect(toast(page, 'Returned to Project Level')).toBeVisible();
  await expect(grid.getByRole('gridcell').locator('.asset-chip--series')).toHaveCount(0);

  // Clone to the other project.
  await grid.focus();
  await runCommand(page, 'Clone Asset to Another Project');
  const clone = page.getByRole('dialog', { name: 'Clone Captain Ives' });
  await expect(clone.getByRole('combobox', { name: 'Project' })).toHaveText('Sequel');
  await pressButton(page, clone.getByRole('button', { name: 'Clone' }));
  await expect(toast(page, 'Asset Cloned')).toBeVisible();

  // Delete asks first.
  await grid.focus();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete “Captain Ives”?' });
  await expect(confirm).toBeVisible();
  await pressButton(page, confirm.getByRole('button', { name: 'Delete asset' }));
  await expect(toast(page, 'Asset Deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: /No assets yet/ })).toBeVisible();

  // The clone lives on in the other project.
  await page.goto(`/project/${target}/assets`);
  await expect(page.getByRole('grid', { name: 'Assets' }).getByRole('gridcell')).toContainText(
    'Captain Ives',
  );
  expect(projectId).not.toBe(target);
});
