import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  createProjectFromPalette,
  moveActiveTo,
  openPalette,
  paletteList,
  pressButton,
  register,
  toast,
} from '../support/helpers.js';

test('a fresh load of the dashboard knows every page’s actions: the help lists the timeline’s and the asset pages’ keys, the palette finds them', async ({
  page,
}) => {
  await register(page);
  const id = await createProjectFromPalette(page, 'First Load');

  // A fresh load of the dashboard: no timeline, shot lab or asset page has been visited in this tab.
  await page.goto(`/project/${id}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'First Load' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).focus();

  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();

  // SPEC.md §9's timeline keys, under where they work, said to be elsewhere.
  const timeline = help.getByRole('region', { name: 'Timeline and shot lab' });
  await expect(timeline).toContainText('Not on this page');
  for (const [label, key] of [
    ['Play or pause', 'Space'],
    ['Previous frame', '←'],
    ['Next frame', '→'],
    ['Previous shot', 'Shift+←'],
    ['Next shot', 'Shift+→'],
  ] as const) {
    const row = timeline
      .locator('.help-overlay__row')
      .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
    await expect(row, label).toContainText(key);
  }
  // The timeline page's own scene keys.
  const scenes = help.getByRole('region', { name: 'Timeline', exact: true });
  await expect(scenes).toContainText('Rename Scene');
  await expect(scenes).toContainText('F2');

  // The asset pages' keys: generate and regenerate (SPEC.md §9) and the selected asset's rename.
  const assets = help.getByRole('region', { name: 'Asset pages' });
  await expect(assets).toContainText('Not on this page');
  for (const [label, key] of [
    ['Generate image', 'Ctrl+G'],
    ['Regenerate', 'Ctrl+R'],
    ['Rename Asset', 'F2'],
  ] as const) {
    const row = assets
      .locator('.help-overlay__row')
      .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
    await expect(row, label).toContainText(key);
  }
  // And the audio page's Space and nudges.
  const audio = help.getByRole('region', { name: 'Audio' });
  await expect(audio).toContainText('Nudge Soundtrack One Frame Earlier');
  await expect(help.getByRole('region', { name: 'Navigation' })).not.toContainText('Not on this page');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The palette finds a timeline action and an asset action by name, saying where they work.
  let dialog = await openPalette(page);
  await page.keyboard.type('preserve timing');
  const timing = dialog.getByRole('option').filter({ hasText: 'Toggle Preserve Timing' });
  await expect(timing).toContainText('Not on this page · Timeline');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openPalette(page);
  await page.keyboard.type('rename asset');
  const rename = dialog.getByRole('option').filter({ hasText: 'Rename Asset' });
  await expect(rename).toContainText('Not on this page · Asset pages');
  await expect(rename).toContainText('F2');
  await checkPage(page, 'palette-other-pages');

  // Chosen here, it says where it works and offers the way there.
  await moveActiveTo(page, paletteList(dialog), 'Rename Asset');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const notice = toast(page, 'Rename Asset is not on this page');
  await expect(notice).toContainText('Where it works: Asset pages.');
  await pressButton(page, notice.getByRole('button', { name: 'Go to Assets' }));
  await expect(page).toHaveURL(new RegExp(`/project/${id}/assets$`));

  // There, the help says the asset keys are on this page.
  await page.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Shift+?');
  await expect(help.getByRole('region', { name: 'Asset pages' })).toContainText('On this page');
  await expect(help.getByRole('region', { name: 'Timeline and shot lab' })).toContainText('Not on this page');
});
