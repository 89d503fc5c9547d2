import { expect, test } from '../support/fixtures.js';
import { createProjectFromPalette, register, saveWithKeyboard, scriptEditor } from '../support/helpers.js';

// Stops the shared server: it runs last, alone.
test.describe.configure({ mode: 'serial' });

test('edits made while the server is down are saved once it is back', async ({ page, serverControl }) => {
  test.setTimeout(180_000);
  await register(page);
  await createProjectFromPalette(page, 'Power Cut');
  const editor = scriptEditor(page);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.type('INT. SUBSTATION - NIGHT');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await saveWithKeyboard(page);

  const socket = page.locator('[data-socket-state]');
  const save = page.locator('[data-save-state]');
  await expect(socket).toHaveAttribute('data-socket-state', 'connected');

  await serverControl.stop();
  await expect(socket).toHaveAttribute('data-socket-state', /^(offline|reconnecting)$/, { timeout: 20_000 });
  await expect(socket).toContainText(/socket: (offline|reconnecting…)/);

  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('The lights die. Only the emergency strip glows.');
  await expect(save).toHaveAttribute('data-save-state', /^(offline|dirty)$/, { timeout: 20_000 });
  await expect(save).toHaveText(/Offline|Unsaved changes/);

  await serverControl.start();
  await expect(socket).toHaveAttribute('data-socket-state', 'connected', { timeout: 60_000 });
  await expect(save).toHaveAttribute('data-save-state', 'saved', { timeout: 30_000 });

  await page.reload();
  await expect(scriptEditor(page)).toContainText('INT. SUBSTATION - NIGHT', { timeout: 20_000 });
  await expect(scriptEditor(page)).toContainText('The lights die. Only the emergency strip glows.');
});
