import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  createProjectFromPalette,
  generateFirstPass,
  goToProjectPage,
  importScript,
  pressButton,
  register,
  runCommand,
  saveWithKeyboard,
  toast,
} from '../support/helpers.js';

function ownCards(page: Page) {
  return page.getByRole('list', { name: 'This project’s style packages' }).locator(':scope > li');
}

/** Focus into a field by its label, select what it holds and type over it. */
async function retype(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByRole('dialog').getByLabel(label, { exact: true });
  await field.focus();
  await expect(field).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

test('styles: the four built-ins read-only, duplicate one, edit its grade, create and delete, by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Style Tour');
  await goToProjectPage(page, projectId, 'Styles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Styles');
  const builtIns = page.getByRole('list', { name: 'Built-in style packages' }).locator(':scope > li');
  await expect(builtIns).toHaveCount(4);
  await expect(builtIns.first()).toContainText('Gritty filmic');
  await expect(builtIns.first()).toContainText('Gritty, filmic, natural light');
  // Built-ins are read-only: they offer Duplicate only.
  await expect(page.getByRole('button', { name: 'Edit Documentary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Documentary' })).toHaveCount(0);
  await expect(page.getByText('No packages of your own yet')).toBeVisible();

  // Duplicate Documentary: the copy opens for editing, its name field focused.
  await pressButton(page, page.getByRole('button', { name: 'Duplicate Documentary' }));
  await expect(toast(page, 'Style Package Duplicated')).toBeVisible();
  const edit = page.getByRole('dialog', { name: 'Edit “Documentary copy”' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Harbour noir');
  await retype(page, 'Look', 'hard shadows, wet streets, sodium light');
  await retype(page, 'Saturation', '0.2');
  await retype(page, 'Vignette', '0.6');
  const preview = edit.getByRole('img', { name: 'Preview of the grade' });
  await expect(preview).toBeVisible();
  await checkPage(page, 'style-edit');
  await edit.getByLabel('Vignette', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Style Package Saved')).toBeVisible();
  await expect(ownCards(page)).toHaveCount(1);
  await expect(ownCards(page).first()).toContainText('Harbour noir');
  await expect(ownCards(page).first()).toContainText('hard shadows, wet streets, sodium light');
  await expect(ownCards(page).first()).toContainText('from Documentary');

  // A new package from the palette.
  await runCommand(page, 'New Style Package');
  const create = page.getByRole('dialog', { name: 'New style package' });
  await expect(create.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Sodium night');
  await page.keyboard.press('Enter');
  await expect(create).toBeHidden();
  await expect(toast(page, 'Style Package Created')).toBeVisible();
  await expect(ownCards(page)).toHaveCount(2);

  await checkPage(page, 'styles');

  // Reopen Harbour noir from its card by keyboard: the saved grade is there.
  await pressButton(page, page.getByRole('button', { name: 'Edit Harbour noir' }));
  const reopened = page.getByRole('dialog', { name: 'Edit “Harbour noir”' });
  await expect(reopened.getByLabel('Saturation', { exact: true })).toHaveValue('0.2');
  await page.keyboard.press('Escape');
  await expect(reopened).toBeHidden();
  // Focus goes back to the button that opened the dialog (and only then is moved on from there).
  await expect(page.getByRole('button', { name: 'Edit Harbour noir' })).toBeFocused();

  // Delete Sodium night: its card holds the selection, the palette runs the delete, Enter confirms.
  await page.getByRole('button', { name: 'Duplicate Sodium night' }).focus();
  await runCommand(page, 'Delete Style Package');
  const confirm = page.getByRole('dialog', { name: 'Delete “Sodium night”?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await pressButton(page, confirm.getByRole('button', { name: 'Delete package' }));
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Style Package Deleted')).toBeVisible();
  await expect(ownCards(page)).toHaveCount(1);
  await expect(ownCards(page).first()).toContainText('Harbour noir');
});

test('the cast from the script: the palette command creates the missing assets and the dashboard shows them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page);
  const projectId = await createProjectFromPalette(page, 'Cast Tour');
  await importScript(page, 'three-scenes.fountain');
  await saveWithKeyboard(page);
  await generateFirstPass(page);
  await runCommand(page, 'Go to Dashboard');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}(/dashboard)?$`));
  const castCard = page.locator('.cast');
  await expect(castCard.locator('.cast-summary')).toContainText('missing');
  await expect(castCard.getByRole('list', { name: 'Cast' }).locator('li').first()).toContainText('missing');

  await runCommand(page, 'Create Cast from Script');
  await expect(toast(page, 'Cast Created')).toBeVisible({ timeout: 30_000 });
  await expect(castCard.locator('.cast-summary')).toContainText(/All \d+ members have an asset/);
  await expect(castCard.getByText('missing')).toHaveCount(0);
  await checkPage(page, 'dashboard-cast');

  // Running it again creates nothing twice.
  await runCommand(page, 'Create Cast from Script');
  await expect(toast(page, 'Cast Up to Date')).toBeVisible({ timeout: 30_000 });
});
