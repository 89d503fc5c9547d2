import { expect, test } from '../support/fixtures.js';
import { createProjectFromPalette, register } from '../support/helpers.js';

test('signing out from the user menu, a project page then goes to /login', async ({ page }) => {
  const user = await register(page);
  const id = await createProjectFromPalette(page, 'Sign Out Project');

  const account = page.getByRole('button', { name: `Account: ${user.username}` });
  await account.focus();
  await page.keyboard.press('Enter');
  // Opened from the keyboard, the menu puts focus on its first item.
  const item = page.getByRole('menuitem', { name: 'Sign Out' });
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);

  await page.goto(`/project/${id}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
