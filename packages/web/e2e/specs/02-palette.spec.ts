import { expect, test } from '../support/fixtures.js';
import {
  createProjectFromPalette,
  goToProjectPage,
  openPalette,
  palette,
  register,
} from '../support/helpers.js';

test.describe('the command palette', () => {
  test('runs Go to Dashboard, finds nothing for gibberish, traps focus and gives it back', async ({
    page,
  }) => {
    await register(page);
    const id = await createProjectFromPalette(page, 'Palette Navigation');

    await goToProjectPage(page, id, 'Dashboard');

    // Focus something the person chose, then open the palette over it.
    const opener = page.getByRole('button', { name: /Search or run a command/ });
    await opener.focus();
    await expect(opener).toBeFocused();

    const dialog = await openPalette(page);
    const search = dialog.getByRole('combobox');
    await page.keyboard.type('zzqxv wubble frobnicate');
    await expect(dialog.getByText('No commands found')).toBeVisible();

    // Tab and Shift+Tab keep focus in the palette's search field.
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(search).toBeFocused();

    // The page taking the focus while the palette is shown (as a route's main region or an editor
    // focusing itself after a render does) gives it straight back: the next keys still reach the search.
    await page.evaluate(() => document.querySelector<HTMLElement>('#main')?.focus());
    await expect(search).toBeFocused();
    await page.keyboard.type('x');
    await expect(search).toHaveValue('zzqxv wubble frobnicatex');

    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a typed query filters the commands and Enter runs the first', async ({ page }) => {
    await register(page);
    const id = await createProjectFromPalette(page, 'Palette Typing');
    const dialog = await openPalette(page);
    await page.keyboard.type('dashboard');
    await expect(dialog.getByRole('option', { name: /Go to Dashboard/ })).toBeVisible();
    await expect(dialog.locator('[role="option"][aria-selected="true"]')).toContainText('Go to Dashboard');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/project/${id}/dashboard$`));
  });
});
