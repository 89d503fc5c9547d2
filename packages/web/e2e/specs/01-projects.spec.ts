import { expect, test } from '../support/fixtures.js';
import { checkPage, createProjectFromPalette, register } from '../support/helpers.js';

test('registering lands on the projects page', async ({ page }) => {
  const user = await register(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  // The projects page: its heading, or for a new user the empty state that offers New Project.
  await expect(
    main
      .getByRole('heading', { name: /projects/i })
      .or(main.getByText('New Project'))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${user.username}` })).toBeVisible();
  await expect(page.locator('[data-socket-state]')).toHaveAttribute('data-socket-state', 'connected');
  await checkPage(page, 'projects');
});

test('a new project from the palette opens its script page', async ({ page }) => {
  await register(page);
  const id = await createProjectFromPalette(page, 'Palette Project');
  expect(id).not.toBe('');
  await expect(page).toHaveURL(new RegExp(`/project/${id}/script$`));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Palette Project');
});
