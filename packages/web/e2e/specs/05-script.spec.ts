import { expect, test } from '../support/fixtures.js';
import {
  createProjectFromPalette,
  register,
  saveWithKeyboard,
  scriptEditor,
  typeLikeAPerson,
} from '../support/helpers.js';

test('typing a script with "?" in the editor, Ctrl+S saves it, and it is there after a reload', async ({
  page,
}) => {
  await register(page);
  await createProjectFromPalette(page, 'Diner Scene');
  const editor = scriptEditor(page);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await typeLikeAPerson(page, 'INT. DINER - NIGHT\n\nMAYA\nWhere were you?\n');

  // "?" typed in the editor is text, not the shortcut help.
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await expect(editor).toContainText('INT. DINER - NIGHT');
  await expect(editor).toContainText('Where were you?');

  await saveWithKeyboard(page);

  await page.reload();
  await expect(scriptEditor(page)).toContainText('INT. DINER - NIGHT', { timeout: 20_000 });
  await expect(scriptEditor(page)).toContainText('MAYA');
  await expect(scriptEditor(page)).toContainText('Where were you?');
});
