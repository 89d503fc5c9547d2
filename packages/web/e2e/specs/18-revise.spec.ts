import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  importScript,
  projectWithShots,
  runCommand,
  screens,
  scriptEditor,
  toast,
} from '../support/helpers.js';

const storyboard = (page: Page) => page.getByRole('grid', { name: 'Storyboard' });
const reviseDialog = (page: Page) => page.getByRole('dialog', { name: 'Revise shots' });

test.describe('Revise shots', () => {
  // A first pass rendered, and axe in both themes: minutes on a loaded machine.
  test.describe.configure({ timeout: 420_000 });

  test('a line edited on the script page: the dialog shows the diff and the summary, Apply marks that shot stale, Ctrl+Z takes it back', async ({
    page,
  }) => {
    const { shots } = await projectWithShots(page, 'Last Order');
    expect(shots).toBeGreaterThan(1);

    // Every frame rendered (the offline provider), so a changed shot has an image to go stale.
    await runCommand(page, 'Go to Storyboard');
    const grid = storyboard(page);
    await expect(grid.getByRole('gridcell')).toHaveCount(shots);
    await runCommand(page, 'Render All Images');
    await expect(grid.locator('[data-status="completed"]')).toHaveCount(shots, { timeout: 90_000 });

    // The script has not changed since the pass: nothing to revise (Ctrl+Shift+E), Escape closes.
    await page.keyboard.press('Control+Shift+E');
    const dialog = reviseDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Nothing to revise')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('status')).toHaveText(`0 changed, 0 added, 0 removed, ${shots} kept`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // One word of Leo's line rewritten, as a person would: to the line, the word selected, retyped.
    await runCommand(page, 'Go to Script');
    const editor = scriptEditor(page);
    await expect(editor).toContainText('Out. Looking for you.', { timeout: 20_000 });
    await editor.getByText('Out. Looking for you.').click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Out. '.length; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type('Searching');
    await expect(editor).toContainText('Out. Searching for you.');

    // Straight from the palette, unsaved: the dialog saves the text first, then shows the revision.
    await runCommand(page, 'Revise shots');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(`1 changed, 0 added, 0 removed, ${shots - 1} kept`, {
      timeout: 30_000,
    });
    const change = dialog.locator('.revise-change--changed');
    await expect(change).toHaveCount(1);
    await expect(change.locator('del')).toHaveText('Looking');
    await expect(change.locator('ins')).toHaveText('Searching');
    await expect(dialog.getByText('INT. DINER - NIGHT')).toBeVisible();
    await checkPage(page, 'revise-shots');
    await expect(dialog.locator(':focus')).toHaveCount(1);

    // Enter applies.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(toast(page, 'Shots revised')).toContainText(
      `1 changed, 0 added, 0 removed, ${shots - 1} kept`,
    );

    // The storyboard: that shot is stale, with the new words; every other frame is as it was.
    await runCommand(page, 'Go to Storyboard');
    const stale = grid.locator('[data-status="stale"]');
    await expect(stale).toHaveCount(1, { timeout: 15_000 });
    await expect(stale).toContainText('Searching for you');
    await expect(grid.locator('[data-status="completed"]')).toHaveCount(shots - 1);
    await screens(page, 'revise-shots-applied');

    // Ctrl+Z: one step takes the whole revision back, the old words and no stale mark.
    await page.keyboard.press('Control+z');
    await expect(stale).toHaveCount(0, { timeout: 15_000 });
    await expect(grid.locator('[data-status="completed"]')).toHaveCount(shots);
    await expect(grid).toContainText('Looking for you');
    await expect(grid).not.toContainText('Searching for you');
  });

  test("a rewrite imported over the script: a deleted scene's shots listed as removed, a new scene's as added", async ({
    page,
  }) => {
    const { shots } = await projectWithShots(page, 'Last Order');
    await importScript(page, 'three-scenes-revised.fountain', { replace: true });
    await runCommand(page, 'Revise shots');
    const dialog = reviseDialog(page);
    await expect(dialog).toBeVisible();
    const summary = dialog.getByRole('status');
    await expect(summary).toHaveText(/^1 changed, [1-9]\d* added, [1-9]\d* removed, \d+ kept$/, {
      timeout: 30_000,
    });
    const counts = /(\d+) changed, (\d+) added, (\d+) removed, (\d+) kept/.exec(
      (await summary.textContent()) ?? '',
    );
    const [added, removed, kept] = [2, 3, 4].map((group) => Number(counts?.[group]));
    // Every shot of the pass is kept, changed or removed.
    expect(1 + (removed as number) + (kept as number)).toBe(shots);
    await expect(dialog.locator('.revise-change--added')).toHaveCount(added as number);
    await expect(dialog.locator('.revise-change--removed')).toHaveCount(removed as number);
    // Script order: the diner, the car, the new bridge; the deleted parking lot last.
    await expect(dialog.locator('.revise-scene__heading')).toHaveText([
      'INT. DINER - NIGHT',
      "INT. LEO'S CAR - MOMENTS LATER",
      'EXT. RIVER BRIDGE - NIGHT',
      'EXT. PARKING LOT - CONTINUOUS',
    ]);
    await expect(dialog.getByText('Deleted scene')).toBeVisible();
    await expect(dialog.locator('.revise-change--added ins').first()).toContainText(
      /crosses the black water|not going back/,
    );
    await screens(page, 'revise-shots-scenes');
    // Escape: nothing was applied.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await runCommand(page, 'Go to Storyboard');
    await expect(storyboard(page).getByRole('gridcell')).toHaveCount(shots);
    await expect(storyboard(page)).toContainText('PARKING LOT');
  });
});
