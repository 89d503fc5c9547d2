import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  checkPage,
  createCutFromTimeline,
  goToProjectPage,
  pressButton,
  projectWithApiShots,
  renderAllImages,
  runCommand,
  toast,
} from '../support/helpers.js';
import { toneWav } from '../support/wav.js';

/** How many pixels of the canvas inside `box` are painted (alpha > 0): a drawn waveform is not empty. */
async function paintedPixels(box: Locator): Promise<number> {
  return box.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted += 1;
    return painted;
  });
}

/** Nothing focused: the page's keys reach the registry as they do after a click on empty space. */
async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('soundtrack upload, its waveform on the page and the timeline, a rough cut played, a live review comment, replace and remove', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { projectId, token } = await projectWithApiShots(page, 'Night Ferry', [
    ['Quay at night', 3],
    ['Ferry horn', 3],
  ]);

  // Their frames, so the rough cut shows pictures (a shot without one is a black slate).
  await renderAllImages(page, projectId, token);

  // ------------------------------------------------------------ the audio page
  await goToProjectPage(page, projectId, 'Audio');
  await expect(page.getByRole('heading', { level: 1, name: 'Audio' })).toBeVisible();
  await expect(page.getByText('No soundtrack yet')).toBeVisible();
  await checkPage(page, 'audio-empty');

  // A file that is not audio: the server's own words, as it says them.
  let chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'Upload Soundtrack');
  await (await chooser).setFiles({
    name: 'notes.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('These are my notes, not a song.\n'.repeat(20)),
  });
  const failure = page.getByRole('alert').filter({ hasText: 'Audio upload failed' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(
    "The file's content is not a recognised format; expected MP3, WAV, Ogg, FLAC or M4A",
  );

  // The WAV: the upload's progress bar, then the waveform read on the server (held here until seen).
  let releaseSet: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    releaseSet = resolve;
  });
  await page.route(`**/api/audio/${projectId}`, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'Upload Soundtrack');
  await (await chooser).setFiles({ name: 'harbour-theme.wav', mimeType: 'audio/wav', buffer: toneWav(6) });
  const progress = page.getByRole('progressbar', { name: 'Reading the waveform' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Reading the waveform of harbour-theme.wav')).toBeVisible();
  releaseSet();
  await expect(toast(page, 'Soundtrack Uploaded')).toBeVisible({ timeout: 20_000 });
  await page.unroute(`**/api/audio/${projectId}`);
  await expect(failure).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'harbour-theme.wav' })).toBeVisible();
  await expect(page.getByText(/^Soundtrack · 00:00:06:00 · /)).toBeVisible();

  const wave = page.locator('.audio-track .waveform');
  await expect(wave).not.toHaveAttribute('data-drawn', '0');
  expect(Number(await wave.getAttribute('data-drawn'))).toBeGreaterThan(100);
  expect(await paintedPixels(wave)).toBeGreaterThan(2_000);

  // Space plays (the playhead moves), Space again pauses.
  await blur(page);
  const playhead = page.getByRole('slider', { name: 'Playhead' });
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play or Pause Soundtrack' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => Number(await playhead.getAttribute('aria-valuenow'))).toBeGreaterThan(0.2);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play or Pause Soundtrack' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Nudge the offset by keys: three frames later, then a second later; then typed.
  const offset = page.getByLabel('Offset (seconds)');
  await blur(page);
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('.');
  await expect(offset).toHaveValue('0.125');
  await page.keyboard.press(']');
  await expect(offset).toHaveValue('1.125');
  await offset.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  await expect(offset).toHaveValue('0.5');
  await expect(page.getByText('Starts 00:00:00:12 into the cut')).toBeVisible();
  await checkPage(page, 'audio');

  // ------------------------------------------------------------ the lane under the timeline, a cut
  await runCommand(page, 'Go to Timeline');
  const lane = page.getByRole('img', { name: /^Soundtrack harbour-theme\.wav/ });
  await expect(lane).toBeVisible();
  await expect(lane.locator('.waveform')).not.toHaveAttribute('data-drawn', '0');
  expect(await paintedPixels(lane)).toBeGreaterThan(500);
  // The lane starts at the offset: its extent begins 12 frames (0.5 s) after the video track's start.
  const [clipLeft, laneLeft, pps] = await page.evaluate(() => {
    const clip = document.querySelector('.tl-track [role="option"]')?.getBoundingClientRect().left ?? 0;
    const extent = document.querySelector('.tl-audio__extent')?.getBoundingClientRect().left ?? 0;
    const zoom = Number.parseFloat(document.querySelector('.tl-zoom')?.textContent ?? '0');
    return [clip, extent, zoom];
  });
  expect(Math.abs(laneLeft - clipLeft - 0.5 * pps)).toBeLessThan(2);
  await checkPage(page, 'timeline-audio');

  const cutId = await createCutFromTimeline(page, projectId, 'Ferry assembly');
  expect(cutId).toMatch(/^[0-9a-f-]{36}$/);

  await runCommand(page, 'Go to Audio');
  await expect(page.getByRole('combobox', { name: 'Cut' })).toContainText('Ferry assembly v1');
  await runCommand(page, 'Set as Cut Soundtrack');
  await expect(toast(page, 'Cut Soundtrack Set')).toBeVisible();
  await expect(toast(page, 'Cut Soundtrack Set')).toContainText('Ferry assembly v1 · +0:00.500');

  // ------------------------------------------------------------ the rough cut, rendered and played
  await runCommand(page, 'Go to Rough Cut');
  await expect(page.getByRole('heading', { level: 1, name: 'Rough cut' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Cut' })).toContainText('Ferry assembly v1');
  await expect(page.getByText('No rough cut of this cut yet')).toBeVisible();
  const burnIn = page.getByRole('checkbox', { name: 'Burn in shot names and timecode' });
  await burnIn.focus();
  await page.keyboard.press('Space');
  await expect(burnIn).toBeChecked();
  await runCommand(page, 'Render Rough Cut');
  await expect(page.getByRole('region', { name: 'Rough cut job' })).toBeVisible();
  const video = page.getByLabel('Rough cut of Ferry assembly v1');
  await expect(video).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('region', { name: 'Rough cut job' })).toContainText('Completed');
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: 'soundtrack mixed' })).toHaveCount(1);
  await expect(facts.filter({ hasText: '00:00:06:00' })).toHaveCount(1);

  await pressButton(page, page.getByRole('button', { name: 'Play', exact: true }));
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.5);
  await blur(page);
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await checkPage(page, 'rough-cut');

  // ------------------------------------------------------------ a reviewer's comment, live
  await runCommand(page, 'Share for Review');
  const dialog = page.getByRole('dialog', { name: 'Share for review' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByLabel('New review link (shown once)');
  await expect(linkField).toHaveValue(/\/review\/[A-Za-z0-9_-]{43}$/);
  const url = await linkField.inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const reviewer = await browser.newContext({ baseURL });
  const review = await reviewer.newPage();
  await review.goto(url);
  await expect(review.getByRole('heading', { level: 1, name: 'Night Ferry' })).toBeVisible();
  // The review plays the rough cut: once its video has loaded, the position is where the comment goes.
  await expect
    .poll(() => review.locator('video').evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  await review.getByRole('slider', { name: 'Position' }).fill('4');
  await expect(review.getByLabel('Comment at 00:00:04:00')).toBeVisible();
  await review.getByLabel('Your name').fill('Ines');
  await review.getByLabel(/Comment at/).fill('Bring the horn in earlier');
  await review.getByRole('button', { name: 'Post comment' }).click();
  await expect(review.getByText('Comment sent to the owner.')).toBeVisible();
  await reviewer.close();

  const panel = page.getByRole('region', { name: 'Review comments' });
  await expect(panel.getByText('Bring the horn in earlier')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('Ines')).toBeVisible();
  // Enter on the comment's time seeks the player there.
  await pressButton(page, panel.getByRole('button', { name: 'Jump to 00:00:04:00' }));
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeCloseTo(4, 1);
  await checkPage(page, 'rough-cut-comments');

  // ------------------------------------------------------------ replace by a drop, remove after confirming
  await runCommand(page, 'Go to Audio');
  await expect(page.getByRole('heading', { level: 2, name: 'harbour-theme.wav' })).toBeVisible();
  const shorter = toneWav(2).toString('base64');
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'horn-sting.wav', { type: 'audio/wav' }));
    const target = document.querySelector('.audio-page');
    target?.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    target?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, shorter);
  await expect(toast(page, 'Soundtrack Replaced')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'horn-sting.wav' })).toBeVisible();
  await expect(page.getByText(/^Soundtrack · 00:00:02:00 · /)).toBeVisible();
  // The offset stays with the project's soundtrack.
  await expect(page.getByLabel('Offset (seconds)')).toHaveValue('0.5');

  await runCommand(page, 'Remove Soundtrack');
  const confirm = page.getByRole('dialog', { name: 'Remove the soundtrack?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Remove soundtrack' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Soundtrack Removed')).toBeVisible();
  await expect(page.getByText('No soundtrack yet')).toBeVisible();
  await runCommand(page, 'Go to Timeline');
  await expect(page.getByRole('listbox', { name: 'Video track' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Soundtrack / })).toHaveCount(0);
});
