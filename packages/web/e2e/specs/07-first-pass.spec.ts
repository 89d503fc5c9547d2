import { expect, test } from '../support/fixtures.js';
import {
  createProjectFromPalette,
  generateFirstPass,
  importScript,
  openFirstPass,
  pressButton,
  register,
  saveWithKeyboard,
  toast,
} from '../support/helpers.js';

test.describe('Generate First Pass', () => {
  test('a saved three-scene script becomes shots', async ({ page }) => {
    await register(page);
    await createProjectFromPalette(page, 'Last Order');
    await importScript(page, 'three-scenes.fountain');
    await saveWithKeyboard(page);

    const modal = await openFirstPass(page);
    for (const label of ['Visual Style', 'Aspect Ratio', 'Pacing', 'Cinematic Template Preference']) {
      await expect(modal.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(modal.getByLabel(/^Notes/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    const shots = await generateFirstPass(page);
    expect(shots).toBeGreaterThan(0);
  });

  test('an empty script generates no shots and the wizard stays open', async ({ page }) => {
    await register(page);
    await createProjectFromPalette(page, 'Blank Page');
    const modal = await openFirstPass(page);
    await pressButton(page, modal.getByRole('button', { name: 'Generate First Pass' }));
    await expect(toast(page, 'No Shots Generated')).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, 'No Shots Generated')).toContainText('Please ensure your script is added');
    await expect(modal).toBeVisible();
  });
});
