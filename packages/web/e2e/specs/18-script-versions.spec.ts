import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  generateFirstPass,
  goToProjectPage,
  pressButton,
  projectWithShots,
  runCommand,
  saveWithKeyboard,
  screens,
  scriptEditor,
} from '../support/helpers.js';

/** Moves the editor's cursor to the start of line `line` with the keyboard, the status bar telling where it is. */
async function cursorToLine(page: Page, line: number): Promise<void> {
  await scriptEditor(page).focus();
  await page.keyboard.press('Control+Home');
  const status = page.locator('.script-statusbar');
  for (let presses = 0; presses < 40; presses++) {
    const text = (await status.textContent()) ?? '';
    if (text.includes(`Ln ${line},`)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(status).toContainText(`Ln ${line}, Col 1`);
}

/** A first pass on three-scenes.fountain, then Maya's "Where were you?" (line 9) edited and saved. */
async function passThenEdit(page: Page, name: string): Promise<string> {
  const { id } = await projectWithShots(page, name);
  await expect(page.locator('.cm-script-mark__shot').first()).toBeVisible({ timeout: 20_000 });
  await cursorToLine(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Tell me.');
  await expect(scriptEditor(page)).toContainText('Where were you? Tell me.');
  await saveWithKeyboard(page);
  return id;
}

// Each test makes a project and a first pass on a busy machine, and screens pages in two themes.
test.describe.configure({ timeout: 480_000 });

test('the gutter marks the lines that feed shots and opens them; lines edited since the pass are marked until the next', async ({
  page,
}) => {
  const { id: projectId } = await projectWithShots(page, 'Last Order');
  const shotMarks = page.locator('.cm-script-mark__shot');
  const editMarks = page.locator('.cm-script-mark__edit');
  await expect(shotMarks.first()).toBeVisible({ timeout: 20_000 });
  await expect(editMarks).toHaveCount(0);
  const legend = page.locator('.script-legend');
  await expect(legend).toContainText('Feeds shots');
  await expect(legend).toContainText('Edited since the last pass');
  // Every scene's heading, action and speeches feed shots; blank lines between them do not.
  expect(await page.locator('.cm-script-mark[data-shots]').count()).toBeGreaterThan(8);

  // Edit Maya's line with the keyboard: the edit mark appears beside it, the shot mark stays.
  await cursorToLine(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Tell me.');
  const edited = page.locator('.cm-script-mark:has(.cm-script-mark__edit)');
  await expect(edited).toHaveCount(1);
  await expect(edited).toHaveAttribute('title', /Edited since the last first pass/);
  await expect(edited).toHaveAttribute('title', /Feeds shot/);
  await expect(legend).toContainText('Edited since the last pass (1)');
  await saveWithKeyboard(page);
  await checkPage(page, 'script-gutter');

  // The palette opens the shot the cursor's line feeds, in the shot lab.
  const title = (await edited.getAttribute('title')) ?? '';
  const named = /“([^”]+)”/.exec(title);
  expect(named, title).not.toBeNull();
  const shotId = ((await edited.getAttribute('data-shots')) ?? '').split(' ')[0] as string;
  await cursorToLine(page, 9);
  await runCommand(page, "Open This Line's Shot", "Open This Line's Shot in the Shot Lab");
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/shot-lab\\?shot=${shotId}$`));
  await expect(page.locator('.shots-toolbar__facts')).toHaveText(named?.[1] as string);

  // Back on the script, a click on a shot mark does the same; the edit is still marked.
  await goToProjectPage(page, projectId, 'Script');
  await expect(editMarks).toHaveCount(1, { timeout: 20_000 });
  const firstMark = page.locator('.cm-script-mark[data-shots]').first();
  const firstShot = ((await firstMark.getAttribute('data-shots')) ?? '').split(' ')[0] as string;
  await firstMark.click();
  await expect(page).toHaveURL(new RegExp(`/shot-lab\\?shot=${firstShot}$`));
  await goToProjectPage(page, projectId, 'Script');
  await expect(editMarks).toHaveCount(1, { timeout: 20_000 });

  // The next pass revises the shots: no edit marks any more, the shot marks stay.
  await generateFirstPass(page);
  await expect(editMarks).toHaveCount(0, { timeout: 20_000 });
  await expect(shotMarks.first()).toBeVisible();
  await expect(legend).not.toContainText('(1)');
});

test('Script Versions lists the passes and shows the diff; the dashboard says the script changed', async ({
  page,
}) => {
  const projectId = await passThenEdit(page, 'Night Diner');

  // The versions: the pass's script as version 1, and what changed since in the current script.
  await runCommand(page, 'Script Versions');
  const dialog = page.getByRole('dialog', { name: 'Script versions' });
  await expect(dialog).toBeVisible();
  const first = dialog.getByRole('button', { name: /Version 1/ });
  await expect(first).toContainText('Replace');
  await expect(first).toContainText('1 page');
  await expect(first.locator('time')).toHaveAttribute('title', /UTC$/);
  const diff = dialog.getByRole('region', { name: 'Differences' });
  await expect(diff.locator('.version-diff__line--removed')).toHaveText(/Where were you\?$/);
  await expect(diff.locator('.version-diff__line--added')).toContainText('Where were you? Tell me.');
  await expect(diff.locator('.version-diff__line--added mark')).toHaveText(/Tell me/);
  await expect(dialog.locator('.version-diff__stats')).toContainText('+1');
  await expect(dialog.locator('.version-diff__stats')).toContainText('−1');
  await screens(page, 'script-versions');
  // The keyboard moves to version 1: the oldest, compared with an empty script.
  await expect(dialog.getByRole('button', { name: /Current script/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(diff.locator('.version-diff__line--added').first()).toContainText('Title: Last Order');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(diff.locator('.version-diff__line--removed')).toHaveText(/Where were you\?$/);
  await checkPage(page, 'script-versions');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The dashboard says the script changed; its button goes to the script page.
  await goToProjectPage(page, projectId, 'Dashboard');
  const step = page.locator('.next-step');
  await expect(step.getByRole('heading')).toHaveText('Script changed — Revise shots', { timeout: 20_000 });
  await checkPage(page, 'dashboard-script-changed');
  await pressButton(page, step.getByRole('button', { name: 'Script changed — Revise shots' }));

  // The button opens the revision's preview over the dashboard: the shot of the edited line; Enter applies it.
  const revise = page.getByRole('dialog', { name: 'Revise shots' });
  await expect(revise).toBeVisible();
  await expect(revise.getByRole('status')).toHaveText(/^[1-9]\d* changed, 0 added, 0 removed, \d+ kept$/, {
    timeout: 30_000,
  });
  await page.keyboard.press('Enter');
  await expect(revise).toBeHidden({ timeout: 30_000 });

  // After that pass: version 2, a revise, the same text as the editor's; the dashboard moves on.
  await expect(step.getByRole('heading')).not.toHaveText('Script changed — Revise shots', {
    timeout: 20_000,
  });
  await goToProjectPage(page, projectId, 'Script');
  await runCommand(page, 'Script Versions');
  await expect(dialog.getByRole('button', { name: /Version 2/ })).toContainText('Revise');
  await expect(dialog).toContainText('The two texts are the same.');
  await page.keyboard.press('Escape');
  await goToProjectPage(page, projectId, 'Dashboard');
  await expect(step.getByRole('heading')).not.toHaveText('Script changed — Revise shots', {
    timeout: 20_000,
  });
});
