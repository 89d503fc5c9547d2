import { expect, test } from '../support/fixtures.js';
import {
  createProjectFromPalette,
  importScript,
  register,
  runCommand,
  saveWithKeyboard,
  screens,
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

test("Analyse Script shows the director's report: voice-over over the picture, inserts of things, transitions", async ({
  page,
}) => {
  await register(page);
  await createProjectFromPalette(page, 'Low Water');
  await importScript(page, 'low-water.fountain');
  await saveWithKeyboard(page);
  await runCommand(page, 'Analyse Script');
  const report = page.getByRole('region', { name: "Director's first pass" });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByText('Voice-over', { exact: true })).toBeVisible();
  const facts = report.locator('.breakdown__facts');
  await expect(facts).toContainText(/Voice-over\s+1 line over the picture/);
  // Inserts of the key the action names: not of the kettle (a sound), Juno (a person) or the narrator.
  await expect(facts.getByRole('listitem').filter({ hasText: 'Inserts of' })).toHaveText(
    /^Inserts of\s+key$/,
  );
  await expect(facts).toContainText(/Off-screen\s+1 line on the listener \(medium on JUNO\)/);
  await expect(facts).toContainText(/Transitions\s+FADE IN:, FADE OUT\./);
  await expect(facts).toContainText(/Dialogue scenes\s+1, every speaker covered/);
  await report.scrollIntoViewIfNeeded();
  await screens(page, 'script-director-report');
});
