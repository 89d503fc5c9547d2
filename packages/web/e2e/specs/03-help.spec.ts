import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { register } from '../support/helpers.js';

/**
 * Tab `tabs` times (then Shift+Tab once, with `back`): the focus stays inside the open `dialog` each
 * time. Escape then closes it.
 */
async function tabInsideThenEscape(
  page: Page,
  dialog: Locator,
  { tabs, back = false }: { tabs: number; back?: boolean },
): Promise<void> {
  for (let step = 0; step < tabs; step += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  if (back) {
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

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

test('dialogs keep focus inside while open and give it back when closed', async ({ page }) => {
  await register(page);
  const opener = page.getByRole('button', { name: /Search or run a command/ });

  // The shortcut help, opened with focus on the top bar's palette button.
  await opener.focus();
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await tabInsideThenEscape(page, help, { tabs: 6, back: true });
  await expect
    .soft(opener, 'focus returns to what had it before the help opened')
    .toBeFocused({ timeout: 3_000 });

  // New project, from the palette: Tab cycles through its fields and buttons only.
  await opener.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('New Project');
  await expect(palette.locator('[role="option"][aria-selected="true"]')).toContainText('New Project');
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'New project' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Name')).toBeFocused();
  await tabInsideThenEscape(page, modal, { tabs: 8 });
  await expect
    .soft(opener, 'focus returns to what had it before the palette and the modal')
    .toBeFocused({ timeout: 3_000 });
});
