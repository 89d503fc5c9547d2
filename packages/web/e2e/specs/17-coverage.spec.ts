import type { Locator, Page } from '@playwright/test';
import { createReelbench } from '@reelbench/sdk';
import { expect, test } from '../support/fixtures.js';
import {
  moveActiveTo,
  openPalette,
  palette,
  pressButton,
  projectWithShots,
  runCommand,
  screens,
  toast,
  tokenOf,
} from '../support/helpers.js';

/**
 * In the open Create Coverage dialog, whose first framing has the focus: Tab through the framings,
 * Space on each whose tick differs from `wanted`, so exactly those are ticked.
 */
async function tickFramings(page: Page, dialog: Locator, wanted: readonly string[]): Promise<void> {
  const framings = dialog.getByRole('group', { name: 'Framings' }).getByRole('checkbox');
  const count = await framings.count();
  expect(count).toBeGreaterThanOrEqual(10);
  for (let index = 0; index < count; index += 1) {
    const box = framings.nth(index);
    await expect(box).toBeFocused();
    const name = (await box.evaluate((input) => input.closest('label')?.textContent ?? '')).split(' · ')[0];
    const want = wanted.includes(name ?? '');
    if ((await box.isChecked()) !== want) {
      await page.keyboard.press('Space');
      await expect(box).toBeChecked({ checked: want });
    }
    await page.keyboard.press('Tab');
  }
  await expect(dialog.getByRole('checkbox', { name: 'Render their images now' })).toBeFocused();
}

test('coverage: created from the palette, the storyboard’s context menu and the shot lab, rendered; C cycles and P promotes with feedback', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { id } = await projectWithShots(page, 'Coverage Tour');
  const client = createReelbench({ baseUrl: baseURL as string, token: await tokenOf(page), socket: true });

  await runCommand(page, 'Go to Storyboard');
  const grid = page.getByRole('grid', { name: 'Storyboard' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('Home');
  const first = grid.getByRole('gridcell').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const firstId = (await first.getAttribute('data-shot-id')) ?? '';

  // ------------------------------------------------------------ the palette lists the coverage actions
  const commands = await openPalette(page);
  await page.keyboard.type('coverage');
  for (const label of [
    'Create Coverage…',
    'Generate Coverage Images',
    'Cycle Coverage Variant',
    'Promote Variant to Main Shot',
  ]) {
    await expect(commands.getByRole('option').filter({ hasText: label })).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // ------------------------------------------------------------ Create Coverage… from the palette, rendered
  await runCommand(page, 'Create Coverage');
  const dialog = page.getByRole('dialog', { name: 'Create Coverage for Shot 001' });
  await expect(dialog).toBeVisible();
  await tickFramings(page, dialog, ['Wide', 'Close-up']);
  await expect(dialog.getByRole('checkbox', { name: 'Render their images now' })).toBeChecked();
  await screens(page, 'coverage-dialog');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Coverage Created')).toContainText('2 variants of shot 001: Wide, Close-up');
  await expect(toast(page, 'Coverage Rendered')).toBeVisible({ timeout: 90_000 });
  const variants = await client.shots.send('get-coverage', { shotId: firstId });
  expect(variants.map((variant) => variant.framingType)).toEqual(['wide', 'close']);
  expect(variants.every((variant) => variant.image_url)).toBe(true);

  // ------------------------------------------------------------ C cycles, P promotes, each says so
  await grid.focus();
  await page.keyboard.press('c');
  await expect(toast(page, 'Showing variant 2 of 3 — Wide')).toBeVisible();
  await expect(first.locator('.sb-alt')).toContainText('2/3');
  await page.keyboard.press('c');
  await expect(toast(page, 'Showing variant 3 of 3 — Close-up')).toBeVisible();
  await expect(first.locator('.sb-alt')).toContainText('3/3');
  await screens(page, 'coverage-storyboard-16x9');
  await page.keyboard.press('p');
  await expect(toast(page, 'Promoted Close-up to main shot')).toBeVisible();
  const close = variants[1]?.image_url;
  await expect
    .poll(
      async () =>
        (await client.shots.list(id, { limit: 100 })).shots.find((s) => s.id === firstId)?.image_url,
    )
    .toBe(close);

  // ------------------------------------------------------------ the storyboard's context menu (Shift+F10)
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  const second = grid.getByRole('gridcell').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Shot 002' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await moveActiveTo(page, { entries: menu.getByRole('menuitem'), active: 'focus' }, 'Create Coverage…');
  await screens(page, 'coverage-context-menu');
  await page.keyboard.press('Enter');
  const fromMenu = page.getByRole('dialog', { name: 'Create Coverage for Shot 002' });
  await expect(fromMenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(fromMenu).toBeHidden();
  // Closing the dialog gives the focus back to the storyboard (a moment later): wait for it, so Enter
  // below is not sent while the focus is still on its way.
  await expect(grid).toBeFocused();

  // ------------------------------------------------------------ the shot lab: its Create coverage… button
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${id}/shot-lab\\?shot=`));
  const panel = page.getByRole('region', { name: 'Coverage' });
  await expect(panel).toContainText('No coverage variants for this shot yet');
  await pressButton(page, panel.getByRole('button', { name: 'Create coverage…' }));
  const fromLab = page.getByRole('dialog', { name: 'Create Coverage for Shot 002' });
  await expect(fromLab).toBeVisible();
  await tickFramings(page, fromLab, ['Medium', 'Over the shoulder', 'POV']);
  await page.keyboard.press('Enter');
  await expect(fromLab).toBeHidden();
  const list = panel.getByRole('list', { name: 'Coverage variants' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: 'Rendered' })).toHaveCount(3, {
    timeout: 90_000,
  });
  await expect(list.getByRole('img', { name: 'POV variant' })).toBeVisible();
  // The palette's render of shot 001 may still be saying so: this one is shot 002's.
  await expect(toast(page, 'Coverage Rendered').filter({ hasText: 'of shot 002' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await screens(page, 'coverage-shot-lab');

  // ------------------------------------------------------------ C and P in the Shift+? help
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Cycle Coverage Variant', { exact: true })).toBeVisible();
  await expect(help.getByText('Promote Variant to Main Shot', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  client.close();
});
