import { expect, test } from '../support/fixtures.js';
import { createProjectFromPalette, importScript, register, scriptEditor } from '../support/helpers.js';

test('importing a Final Draft file puts its screenplay in the editor', async ({ page }) => {
  await register(page);
  await createProjectFromPalette(page, 'Harbour');
  await importScript(page, 'night-shift.fdx');
  const editor = scriptEditor(page);
  await expect(editor).toContainText('INT. HARBOUR OFFICE - NIGHT');
  await expect(editor).toContainText('JONAS');
  await expect(editor).toContainText('(without looking up)');
  await expect(editor).toContainText('The ship was due at nine.');
  await expect(editor).toContainText('CUT TO:');
  await expect(editor).toContainText('EXT. QUAY - CONTINUOUS');
});
