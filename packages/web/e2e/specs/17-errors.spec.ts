import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  apiCreate,
  asUser,
  createCutFromTimeline,
  createProjectFromPalette,
  goToProjectPage,
  register,
  runCommand,
  screens,
  toast,
  tokenOf,
  uniqueUser,
} from '../support/helpers.js';
import { pngFile } from '../support/png.js';

/**
 * A PNG whose signature and header are right (so the upload's content and size checks take it) and
 * whose picture data is not: a render that decodes it fails.
 */
function brokenPng(width = 320, height = 180): Buffer {
  return pngFile(width, height, Buffer.from('these bytes are not a deflate stream at all'));
}

/** Every request the page makes to `path`, from now on. */
function requestsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test('registering with a bad username shows the username rules the server gave', async ({ page }) => {
  const user = uniqueUser();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('Mary Jane!');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  const error = dialog.getByRole('alert');
  await expect(error).toContainText('Registration failed');
  await expect(error).toContainText('Usernames use letters, digits, _ . and -');
  await expect(dialog).toBeVisible();
  await screens(page, 'errors-register');
});

test('an image over 25 MB is refused before it is sent, with the limit in the message', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Heavy Frames');
  await goToProjectPage(page, projectId, 'Assets');
  await expect(page.getByRole('heading', { name: /No assets yet/ })).toBeVisible();
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New asset' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByLabel('Name').focus();
  await page.keyboard.type('Mara Quinn');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Character created')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Assets' });
  await grid.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/assets/[0-9a-f-]{36}$`));
  const images = page.getByRole('grid', { name: /^Images of / });
  await expect(images).toBeVisible();

  const uploads = requestsTo(page, '/api/files/upload-image');
  await images.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  // 30 MB on disk (handing it over as a buffer would send it through the browser protocol).
  const large = path.join(test.info().outputDir, 'mara-raw.png');
  mkdirSync(path.dirname(large), { recursive: true });
  writeFileSync(large, Buffer.alloc(30 * 1024 * 1024, 7));
  await (await chooser).setFiles(large);
  const refused = toast(page, 'Operation Failed');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('Image upload failed — The file is larger than 25 MB');
  await screens(page, 'errors-upload-too-large');
  expect(uploads).toEqual([]);
});

test('a failed rough cut shows its reason on the page', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Broken Reel');
  const token = await tokenOf(page);
  const upload = await page.request.post('/api/files/upload-image', {
    ...asUser(token),
    multipart: {
      projectId,
      image: { name: 'quay.png', mimeType: 'image/png', buffer: brokenPng() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  await apiCreate(page, token, `/api/projects/${projectId}/shots`, {
    name: 'Quay at night',
    duration: 2,
    s3_image_key: key,
  });
  await createCutFromTimeline(page, projectId, 'Assembly');
  await runCommand(page, 'Go to Rough Cut');
  await expect(page.getByRole('heading', { level: 1, name: 'Rough cut' })).toBeVisible();
  await runCommand(page, 'Render Rough Cut');
  const job = page.getByRole('region', { name: 'Rough cut job' });
  await expect(job).toContainText('Failed', { timeout: 60_000 });
  await expect(job).toContainText(
    "Rough cut rendering failed: ffmpeg could not encode event 1 (Quay at night) (the shot's image is not a readable image)",
  );
  await screens(page, 'errors-rough-cut-failed');
});

test("a burn-in rough cut of shots named Mary's room and 50% off completes", async ({ page }) => {
  test.setTimeout(240_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Burn In');
  const token = await tokenOf(page);
  for (const [name, duration] of [
    ["Mary's room", 2],
    ['50% off', 2],
  ] as const) {
    await apiCreate(page, token, `/api/projects/${projectId}/shots`, { name, duration });
  }
  await createCutFromTimeline(page, projectId, 'Signs');
  await runCommand(page, 'Go to Rough Cut');
  await expect(page.getByRole('heading', { level: 1, name: 'Rough cut' })).toBeVisible();
  const cut = page.getByRole('combobox', { name: 'Cut' });
  await expect(cut).toContainText('Signs v1');
  const burnIn = page.getByRole('checkbox', { name: 'Burn in shot names and timecode' });
  await burnIn.focus();
  await page.keyboard.press('Space');
  await expect(burnIn).toBeChecked();
  await runCommand(page, 'Render Rough Cut');
  const job = page.getByRole('region', { name: 'Rough cut job' });
  await expect(job).toBeVisible();
  const video = page.getByLabel('Rough cut of Signs v1');
  await expect(video).toBeVisible({ timeout: 180_000 });
  await expect(job).toContainText('Completed');
  await expect(page.getByRole('definition').filter({ hasText: 'names and timecode burnt in' })).toHaveCount(
    1,
  );
  await screens(page, 'errors-rough-cut-burn-in');
});
