import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createReelbench, type Reelbench } from '@reelbench/sdk';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  pressButton,
  projectWithShots,
  register,
  runCommand,
  secondBrowser,
  toast,
} from '../support/helpers.js';

/** The SDK signed in as the page's user (for setting up what a test does not drive through the UI). */
async function clientOf(page: Page, baseURL: string): Promise<{ client: Reelbench; token: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  if (!token) throw new Error('the page is not signed in');
  return { client: createReelbench({ baseUrl: baseURL, token, socket: true }), token };
}

function track(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Video track' });
}

/** The clips' shot names in timeline order (the clips in view). */
async function clipNames(page: Page): Promise<string[]> {
  return track(page)
    .locator('.tl-clip__name')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

async function sceneNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Scenes' })
    .locator('.tl-scene__name')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

test.describe('the shot views', () => {
  test('timeline: reorder by keys and by drag across a reload, undo and redo, scenes, playback, live in a second browser', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // A name no page command starts with: the palette's 'Go to Timeline' must not also find the project.
    const { id } = await projectWithShots(page, 'Harbour Night');
    const { client, token } = await clientOf(page, baseURL as string);
    await runCommand(page, 'Go to Timeline');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/timeline$`));
    await expect(track(page).getByRole('option').first()).toBeVisible();
    const before = await clipNames(page);
    expect(before.length).toBeGreaterThanOrEqual(4);

    const { context, other } = await secondBrowser(page, token);
    await other.goto(`/project/${id}/timeline`);
    await expect(track(other).getByRole('option').first()).toBeVisible();

    // Keyboard: Shift+Right selects the second shot, Alt+Left moves it first; 'Order Saved'.
    await track(page).focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(track(page).getByRole('option', { selected: true })).toHaveCount(1);
    await page.keyboard.press('Alt+ArrowLeft');
    const keyed = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => clipNames(page)).toEqual(keyed);
    await expect(toast(page, 'Order Saved').first()).toBeVisible();
    // The second browser sees it live.
    await expect.poll(() => clipNames(other)).toEqual(keyed);

    // Drag: the third clip dropped before the first.
    const third = track(page).getByRole('option').nth(2);
    const first = track(page).getByRole('option').nth(0);
    const from = await third.boundingBox();
    const to = await first.boundingBox();
    if (!from || !to) throw new Error('clips without a box');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    const dragged = [keyed[2], keyed[0], keyed[1], ...keyed.slice(3)];
    await expect.poll(() => clipNames(page)).toEqual(dragged);
    await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
    await expect.poll(() => clipNames(other)).toEqual(dragged);

    // Undo and redo the reorder (Ctrl+Z, Ctrl+Shift+Z).
    await page.keyboard.press('Control+z');
    await expect.poll(() => clipNames(page)).toEqual(keyed);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => clipNames(page)).toEqual(dragged);
    await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

    // The order survives a reload.
    await page.reload();
    await expect(track(page).getByRole('option').first()).toBeVisible();
    await expect.poll(() => clipNames(page)).toEqual(dragged);

    // A duration change by keys (Alt+Shift+Right adds a frame), undone and redone, and saved.
    await track(page).focus();
    await page.keyboard.press('Shift+ArrowRight');
    const clip = track(page).getByRole('option', { selected: true });
    const name = (await clip.locator('.tl-clip__name').textContent()) ?? '';
    const duration = async () =>
      (await client.shots.list(id, { limit: 100 })).shots.find((shot) => shot.name === name)?.duration;
    const original = (await duration()) ?? 0;
    const spoken = (await clip.getAttribute('aria-selected')) === 'true' ? await clip.textContent() : '';
    await page.keyboard.press('Alt+Shift+ArrowRight');
    // A trim lands on the 24 fps frame grid.
    const trimmed = Math.round((original + 1 / 24) * 24) / 24;
    await expect.poll(duration).toBeCloseTo(trimmed, 5);
    await expect.poll(() => clip.textContent()).not.toBe(spoken);
    await page.keyboard.press('Control+z');
    await expect.poll(duration).toBeCloseTo(original, 5);
    await expect.poll(() => clip.textContent()).toBe(spoken);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(duration).toBeCloseTo(trimmed, 5);

    // Scenes: a new one from the selected clip, named in its dialog, a colour picked with the arrows.
    await runCommand(page, 'New Scene from Selected Shots');
    const dialog = page.getByRole('dialog', { name: /^Scene \d\d$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('INT. BACK BOOTH');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect.poll(() => sceneNames(page)).toContain('INT. BACK BOOTH');
    // F2 renames the scene of the selected clip.
    await track(page).focus();
    await page.keyboard.press('F2');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('INT. BACK BOOTH');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('INT. DINER - BACK BOOTH');
    await page.keyboard.press('Enter');
    await expect.poll(() => sceneNames(page)).toContain('INT. DINER - BACK BOOTH');
    // Recolour from the palette: the checked colour has the focus, the arrows pick the next one.
    const band = page.getByRole('listitem').filter({ hasText: 'INT. DINER - BACK BOOTH' }).first();
    const colour = () =>
      band.evaluate((node) => (node as HTMLElement).style.getPropertyValue('--scene-color'));
    const colourBefore = await colour();
    await track(page).focus();
    await runCommand(page, 'Change Scene Colour');
    await expect(dialog).toBeVisible();
    const checked = dialog.getByRole('radio', { checked: true });
    await expect(checked).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await pressButton(page, dialog.getByRole('button', { name: 'Save scene' }));
    await expect(dialog).toBeHidden();
    await expect.poll(colour).not.toBe(colourBefore);
    await checkPage(page, 'timeline');
    // The second browser sees the scene, renamed, live.
    await expect.poll(() => sceneNames(other)).toContain('INT. DINER - BACK BOOTH');
    await context.close();

    // Scenes reorder with Alt+Up: the selected clip's scene moves first, its shots with it.
    const scenesBefore = await sceneNames(page);
    const own = scenesBefore.indexOf('INT. DINER - BACK BOOTH');
    await track(page).focus();
    for (let step = 0; step < own; step += 1) await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => (await sceneNames(page))[0]).toBe('INT. DINER - BACK BOOTH');
    await expect.poll(async () => (await clipNames(page))[0]).toBe(name);
    await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
    await page.reload();
    await expect.poll(async () => (await sceneNames(page))[0]).toBe('INT. DINER - BACK BOOTH');

    // Preserve timing is a toggle saved with the project.
    await runCommand(page, 'Toggle Preserve Timing');
    await expect(page.getByRole('button', { name: 'Preserve timing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(async () => (await client.projects.get(id)).settings.preserveTiming).toBe(true);
    await runCommand(page, 'Toggle Preserve Timing');
    await expect.poll(async () => (await client.projects.get(id)).settings.preserveTiming).toBe(false);

    // Playback: from two frames before the second shot, Space plays; the playhead advances and the
    // viewer changes shot.
    await track(page).focus();
    await page.keyboard.press('Home');
    const viewerName = page.locator('.tl-transport__name');
    const firstShot = (await viewerName.textContent()) ?? '';
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewerName).toHaveText(firstShot);
    const playhead = page.getByRole('slider', { name: 'Playhead' });
    const start = Number(await playhead.getAttribute('aria-valuenow'));
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play or pause' })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => Number(await playhead.getAttribute('aria-valuenow')))
      .toBeGreaterThan(start + 0.1);
    await expect(viewerName).not.toHaveText(firstShot);
    await page.keyboard.press('Space');
    client.close();
  });

  test('storyboard, shot list and shot lab: P promotes a coverage alternate, two placed assets and a generated image', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { id } = await projectWithShots(page, 'Shot Views Tour');
    const { client } = await clientOf(page, baseURL as string);
    const { shots } = await client.shots.list(id, { limit: 100 });
    const first = shots[0];
    if (!first) throw new Error('no shots');

    // A rendered coverage alternate of the first shot.
    const [variant] = await client.shots.send('create-coverage', {
      shotId: first.id,
      framingTypes: ['close'],
    });
    if (!variant) throw new Error('no coverage variant');
    await client.shots.send('generate-coverage', { shotId: first.id, variantIds: [variant.id] });
    await expect
      .poll(
        async () => (await client.shots.send('get-coverage', { shotId: first.id }))[0]?.image_url ?? null,
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();

    await runCommand(page, 'Go to Storyboard');
    await expect(page).toHaveURL(new RegExp(`/project/${id}/storyboard$`));
    const grid = page.getByRole('grid', { name: 'Storyboard' });
    await expect(grid.getByRole('gridcell').first()).toBeVisible();
    await grid.focus();
    await page.keyboard.press('Home');
    const cell = grid.locator(`[data-shot-id="${first.id}"]`);
    await expect(cell).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('c');
    await expect(cell.locator('.sb-alt')).toContainText('Close-up · 2/2');
    await page.keyboard.press('p');
    await expect(toast(page, 'Promoted Close-up to main shot')).toBeVisible();
    const promoted = (await client.shots.send('get-coverage', { shotId: first.id }))[0]?.image_url;
    await expect
      .poll(async () => (await client.shots.list(id, { limit: 100 })).shots[0]?.image_url)
      .toBe(promoted);
    await checkPage(page, 'storyboard');

    await runCommand(page, 'Go to Shot List');
    await expect(page.getByRole('grid', { name: 'Shot list' }).getByRole('row').nth(1)).toBeVisible();
    await checkPage(page, 'shot-list');

    // Two assets placed on the second shot in the shot lab, then its image generated with progress.
    await client.assets.create({ projectId: id, type: 'character', name: 'Maya' });
    await client.assets.create({ projectId: id, type: 'location', name: 'Diner' });
    const second = shots[1] ?? first;
    await page.goto(`/project/${id}/shot-lab?shot=${second.id}`);
    const place = page.getByRole('combobox', { name: 'Place an asset' });
    await expect(place).toBeEnabled();
    for (const asset of ['Maya · character', 'Diner · location']) {
      await place.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: asset }).click();
    }
    await expect(page.locator('[aria-label*=" across, "]')).toHaveCount(2);
    // Both start in the middle: the location is nudged 20 % to the right with Shift+Right.
    const diner = page.locator('[aria-label^="Diner location at "]');
    const placedAt = await diner.getAttribute('aria-label');
    await diner.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(diner).not.toHaveAttribute('aria-label', placedAt ?? '');
    await expect
      .poll(async () => (await client.shots.list(id, { limit: 100 })).shots[1]?.assets?.length ?? 0)
      .toBe(2);

    // The shot list as CSV, from the palette on the shot list: the second shot names its cast.
    await page.goto(`/project/${id}/shots`);
    await expect(page.getByRole('grid', { name: 'Shot list' }).getByRole('row').nth(1)).toBeVisible();
    const csvDownload = page.waitForEvent('download');
    await runCommand(page, 'Export Shot List CSV');
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/-shot-list\.csv$/);
    const csvRows = readFileSync((await csvFile.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csvRows[0]).toBe(
      'Scene,Shot,Name,Framing,Camera move,Duration (s),Characters,Location,Props,Image,Video,Script text,Shot id',
    );
    const secondRow = csvRows.find((row) => row.endsWith(second.id)) ?? '';
    expect(secondRow).toContain(',Maya,Diner,');
    await expect(toast(page, 'Shot List Exported')).toBeVisible();
    await page.goto(`/project/${id}/shot-lab?shot=${second.id}`);
    // The progress bar is watched from the moment the command runs (a local render can be quick).
    await page.evaluate(() => {
      const state = window as unknown as { __sawImageProgress?: boolean };
      state.__sawImageProgress = false;
      const seen = () => {
        if (document.querySelector('[role="progressbar"][aria-label="Image progress"]')) {
          state.__sawImageProgress = true;
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(seen);
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await runCommand(page, 'Generate image for this shot');
    await expect
      .poll(async () => (await client.shots.list(id, { limit: 100 })).shots[1]?.image_url ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    expect(
      await page.evaluate(() => (window as unknown as { __sawImageProgress?: boolean }).__sawImageProgress),
    ).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Image progress' })).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('img.lab-frame__image')).toBeVisible();
    await checkPage(page, 'shot-lab');
    client.close();
  });

  test('Render All Images of a ten-shot project: the activity bar, the status line and the jobs page', async ({
    page,
    baseURL,
  }) => {
    await register(page);
    const { client } = await clientOf(page, baseURL as string);
    const project = await client.projects.create({ name: 'Ten Shots' });
    for (let n = 1; n <= 10; n += 1)
      await client.shots.create(project.id, { name: `Shot ${n}`, duration: 2 });
    await page.goto(`/project/${project.id}/storyboard`);
    const grid = page.getByRole('grid', { name: 'Storyboard' });
    await expect(grid.getByRole('gridcell')).toHaveCount(10);
    // What the activity bar and the status line show is watched from before the command runs.
    await page.evaluate(() => {
      const seen = { activity: false, running: false, processing: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const look = () => {
        if (document.querySelector('.activity-bar[data-active="true"]')) seen.activity = true;
        if (/running/.test(document.querySelector('.status-line__jobs')?.textContent ?? ''))
          seen.running = true;
        if (document.querySelector('[data-status="processing"]')) seen.processing = true;
      };
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    });
    await runCommand(page, 'Render All Images');
    await expect(grid.locator('[data-status="completed"]')).toHaveCount(10, { timeout: 45_000 });
    const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, boolean> }).__seen);
    expect(seen.activity, 'the activity bar showed the request').toBe(true);
    expect(seen.running, 'the status line showed the job running').toBe(true);
    await runCommand(page, 'Go to Jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page.locator('tr.jobs-row').first()).toHaveAttribute('data-status', 'completed');
    await expect(page.getByRole('progressbar', { name: 'Server activity' })).toBeAttached();
    client.close();
  });
});
