import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { asUser, checkPage, goToProjectPage, projectWithApiShots, runCommand } from '../support/helpers.js';
import { toneWav } from '../support/wav.js';

/** The top bar's save status: Saved, Saving…, Unsaved changes or Offline (its state in data-save-state). */
const saveState = (page: Page) => page.locator('output.save-state');

test.describe('never lose an edit', () => {
  test('a shot name typed in the shot lab is there after a reload made right after the last key', async ({
    page,
  }) => {
    const { projectId } = await projectWithApiShots(page, 'Kept Edits', [
      ['Pier', 4],
      ['Cabin', 3],
    ]);
    await runCommand(page, 'Go to Shot Lab');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/shot-lab`));
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Pier');
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');

    await name.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' at night');
    // Still in the field, inside the 1 s debounce: the top bar must not say Saved.
    await expect(saveState(page)).not.toHaveAttribute('data-save-state', 'saved');
    await expect(saveState(page)).toHaveText(/Unsaved changes|Saving…/);
    // No blur, no wait: reload at once.
    await page.reload();

    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pier at night', { timeout: 15_000 });
    await expect(page.locator('.shots-toolbar__facts')).toHaveText('Pier at night');
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  });

  test('typing is saved 1 s after the last key without leaving the field, and the status says so', async ({
    page,
  }) => {
    await projectWithApiShots(page, 'Typed Prompt', [['Harbour', 5]]);
    await runCommand(page, 'Go to Shot Lab');
    const prompt = page.getByLabel('Prompt', { exact: true });
    await expect(prompt).toHaveValue('');
    await prompt.focus();
    await page.keyboard.type('Fog over the harbour, one lamp lit');
    await expect(saveState(page)).not.toHaveAttribute('data-save-state', 'saved');
    // The debounce saves it while the caret is still in the field.
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
    await expect(prompt).toBeFocused();
    await checkPage(page, 'shot-lab-typed');

    // Ctrl+Z after leaving the field takes the whole typing back in one step, saved too.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+z');
    await expect(prompt).toHaveValue('');
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
    await page.reload();
    await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('', { timeout: 15_000 });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Harbour');
  });

  test('a name typed in a shot list cell is kept by a reload made before Enter', async ({ page }) => {
    await projectWithApiShots(page, 'Listed Edits', [
      ['Gate', 2],
      ['Yard', 3],
    ]);
    await runCommand(page, 'Go to Shot List');
    const grid = page.getByRole('grid', { name: 'Shot list' });
    await expect(grid.getByRole('row').nth(2)).toBeVisible();
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(grid.getByRole('row', { selected: true })).toContainText('Yard');
    await page.keyboard.press('Enter');
    const cell = page.getByRole('textbox', { name: 'Edit name' });
    await expect(cell).toHaveValue('Yard');
    await page.keyboard.press('End');
    await page.keyboard.type(' at dawn');
    await expect(saveState(page)).not.toHaveAttribute('data-save-state', 'saved');
    await page.reload();

    const rows = page.getByRole('grid', { name: 'Shot list' }).getByRole('row');
    await expect(rows.nth(2)).toContainText('Yard at dawn', { timeout: 15_000 });
    await expect(rows.nth(1)).toContainText('Gate');
    await checkPage(page, 'shot-list-kept');
  });

  test('a soundtrack offset typed on the audio page is kept by a reload before leaving the field', async ({
    page,
  }) => {
    const { projectId, token } = await projectWithApiShots(page, 'Kept Offset', [['Quay', 3]]);
    // The soundtrack is set up through the API (the upload itself is 16-audio-rough-cut's subject).
    const upload = await page.request.post('/api/files/upload-audio', {
      ...asUser(token),
      multipart: {
        projectId,
        audio: { name: 'quay.wav', mimeType: 'audio/wav', buffer: toneWav(3) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { key } = (await upload.json()) as { key: string };
    const set = await page.request.put(`/api/audio/${projectId}`, { ...asUser(token), data: { key } });
    expect(set.ok(), await set.text()).toBe(true);

    await goToProjectPage(page, projectId, 'Audio');
    const offset = page.getByLabel('Offset (seconds)');
    await expect(offset).toHaveValue('0');
    await offset.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2.25');
    await expect(saveState(page)).not.toHaveAttribute('data-save-state', 'saved');
    await page.reload();
    await expect(page.getByLabel('Offset (seconds)')).toHaveValue('2.25', { timeout: 15_000 });
  });

  test('closing the tab right after typing keeps the edit', async ({ page, context }) => {
    const { projectId } = await projectWithApiShots(page, 'Closed Tab', [['Lighthouse', 5]]);
    await runCommand(page, 'Go to Shot Lab');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Lighthouse');
    await name.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' keeper');
    await expect(saveState(page)).not.toHaveAttribute('data-save-state', 'saved');
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await again.goto(`/project/${projectId}/shot-lab`);
    await expect(again.getByLabel('Name', { exact: true })).toHaveValue('Lighthouse keeper', {
      timeout: 15_000,
    });
  });
});
