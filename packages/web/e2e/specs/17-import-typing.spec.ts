import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  createProjectFromPalette,
  fixture,
  palette,
  register,
  runCommand,
  screens,
  scriptEditor,
  toast,
  typeLikeAPerson,
} from '../support/helpers.js';

/** Ctrl+K "Import Script…", and the file picked in the browser's file chooser. */
async function importThroughPalette(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'Import Script');
  await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer });
}

/** Windows-1252 bytes of `text`: Latin-1 below U+0100, and the curly quotes at 0x91–0x94. */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
  return Buffer.from(
    [...text].map((char) => {
      const code = high[char] ?? char.charCodeAt(0);
      if (code > 0xff) throw new Error(`${char} is not in Windows-1252 here`);
      return code;
    }),
  );
}

test('importing over a script asks first: Cancel keeps it, Replace replaces it, Ctrl+Z brings it back', async ({
  page,
}) => {
  await register(page);
  await createProjectFromPalette(page, 'Second Draft');
  const editor = scriptEditor(page);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.focus();
  await typeLikeAPerson(page, 'INT. OLD HOUSE - DAY\n\nDust in the light.\n');
  await expect(editor).toContainText('Dust in the light.');

  const file = readFileSync(fixture('three-scenes.fountain'));
  await importThroughPalette(page, 'last-order.fountain', file);
  const ask = page.getByRole('dialog', { name: 'Replace the script?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('last-order.fountain');
  // Cancel has the focus: Enter keeps the script.
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screens(page, 'import-replace-ask');
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(editor).toContainText('INT. OLD HOUSE - DAY');
  await expect(editor).not.toContainText('INT. DINER - NIGHT');
  await expect(toast(page, 'Script imported')).toHaveCount(0);

  await importThroughPalette(page, 'last-order.fountain', file);
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Replace script' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(toast(page, 'Script imported')).toBeVisible();
  await expect(editor).toContainText('INT. DINER - NIGHT');
  await expect(editor).not.toContainText('INT. OLD HOUSE - DAY');

  // The import is one change on the editor's undo stack.
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(editor).toContainText('INT. OLD HOUSE - DAY');
  await expect(editor).toContainText('Dust in the light.');
  await expect(editor).not.toContainText('INT. DINER - NIGHT');
});

test('a Windows-1252 file imports with its ° and quotes, and says its encoding was a guess', async ({
  page,
}) => {
  await register(page);
  await createProjectFromPalette(page, 'Heatwave');
  await expect(scriptEditor(page)).toBeVisible({ timeout: 20_000 });
  const text =
    'INT. BAKERY - DAWN\n\nThe oven reads 220°. Crème brûlée cools on the rack.\n\nNINA\nIt’s “done” – finally.\n';
  await importThroughPalette(page, 'heatwave.fountain', windows1252(text));
  await expect(toast(page, 'Script imported')).toBeVisible();
  const warning = toast(page, 'Decoded as windows-1252');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('heatwave.fountain did not say how its text is encoded');
  const editor = scriptEditor(page);
  await expect(editor).toContainText('The oven reads 220°. Crème brûlée cools on the rack.');
  await expect(editor).toContainText('It’s “done” – finally.');
  await expect(editor).not.toContainText('\uFFFD');
  await screens(page, 'import-decoded-as');
});

test('keys typed at machine speed right after Ctrl+K go to the palette, not the script', async ({ page }) => {
  await register(page);
  await createProjectFromPalette(page, 'Fast Hands');
  const editor = scriptEditor(page);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.focus();
  await typeLikeAPerson(page, 'EXT. PIER - NIGHT\n\nFog.\n');
  // A fresh load: the palette's code is fetched only when Ctrl goes down.
  await page.reload();
  await expect(editor).toContainText('Fog.');
  await editor.focus();
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('render');
  const dialog = palette(page);
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole('combobox');
  await expect(search).toHaveValue('render');
  await expect(search).toBeFocused();
  await expect(editor).not.toContainText('render');
  await expect(editor).not.toContainText('ender');
  await screens(page, 'palette-typed-ahead');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(editor).toContainText('EXT. PIER - NIGHT');
  await expect(editor).not.toContainText('render');
});
