import { expect, test } from '../support/fixtures.js';
import { checkPage, register } from '../support/helpers.js';

test.describe('pages anyone can see, in both themes, pass axe', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await checkPage(page, 'login');
  });

  test('/login with the register modal open', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await checkPage(page, 'register-modal');
  });

  test('the not-found page', async ({ page }) => {
    await register(page);
    await page.goto('/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await checkPage(page, 'not-found');
  });

  test('a repository page that does not exist', async ({ page }) => {
    await page.goto('/repository/does-not-exist');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Read-only')).toBeVisible();
    await checkPage(page, 'repository-missing');
  });
});
