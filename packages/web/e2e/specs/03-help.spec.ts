import { expect, test } from '../support/fixtures.js';
import { register } from '../support/helpers.js';

test('Shift+? opens the shortcut help; Escape, a click outside and Close close it', async ({ page }) => {
  await register(page);
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });

  await page.keyboard.press('Shift+?');
  await expect(help).toBeVisible();
  await expect(help.getByText(/^(Open command palette|Command palette)$/)).toBeVisible();
  await expect(help.getByText(/^Save project$/i)).toBeVisible();
  // Grouped by category, each a heading: the timeline's keys apart from the navigation ones.
  await expect(help.getByRole('heading', { name: 'Timeline', exact: true })).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Navigation', exact: true })).toBeVisible();
  expect(await help.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // A click outside the dialog, on the scrim.
  await page.keyboard.press('Shift+?');
  await expect(help).toBeVisible();
  await page.mouse.click(20, 450);
  await expect(help).toBeHidden();

  // The Close button in the footer (the header's X is also named Close).
  await page.keyboard.press('Shift+?');
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(help).toBeHidden();

  // Shift+? toggles it.
  await page.keyboard.press('Shift+?');
  await expect(help).toBeVisible();
  await page.keyboard.press('Shift+?');
  await expect(help).toBeHidden();
});
