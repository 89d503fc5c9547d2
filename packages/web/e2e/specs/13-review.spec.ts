import { expect, test } from '../support/fixtures.js';
import {
  apiCreate,
  checkPage,
  createProjectFromPalette,
  projectWithApiShots,
  register,
  runCommand,
  tokenOf,
} from '../support/helpers.js';

test.describe('review links and the repository', () => {
  test('a signed-out reviewer comments through a link, the owner sees it live, a revoked link stops', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { projectId } = await projectWithApiShots(page, 'Harbour Lights', [
      ['Pier at dusk', 3],
      ['Lighthouse', 4],
    ]);

    // The owner on the timeline, where the comments panel lives.
    await page.goto(`/project/${projectId}/timeline`);
    const panel = page.getByRole('region', { name: 'Review comments' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No comments yet')).toBeVisible();

    await runCommand(page, 'Share for Review');
    const dialog = page.getByRole('dialog', { name: 'Share for review' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByLabel('New review link (shown once)');
    await expect(linkField).toHaveValue(/\/review\/[A-Za-z0-9_-]{43}$/);
    const url = await linkField.inputValue();
    await expect(dialog.getByRole('region', { name: 'Review links' }).getByRole('listitem')).toHaveCount(1);
    await checkPage(page, 'share-review-dialog');

    // A reviewer with no account, in a browser of their own.
    const reviewer = await browser.newContext({ baseURL });
    const review = await reviewer.newPage();
    await review.goto(url);
    await expect(review.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
    await expect(review.getByText('Read-only')).toBeVisible();
    const storyboard = review.getByRole('region', { name: 'Storyboard' });
    await expect(storyboard.getByRole('listitem')).toHaveCount(2);
    await expect(storyboard.getByText('Pier at dusk')).toBeVisible();
    await expect(storyboard.getByText('Lighthouse')).toBeVisible();
    await expect(review.getByText('2 shots · 0:07')).toBeVisible();
    // Nothing to edit: the only fields are the comment form's, the only buttons play, jump and post.
    const buttons = await review.getByRole('button').allTextContents();
    const labels = await review
      .getByRole('button')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? node.textContent ?? ''));
    expect(
      labels.every((label) => /^(Play|Pause|Post comment|Jump to .*)$/.test(label.trim())),
      labels.join(' | '),
    ).toBe(true);
    expect(buttons.length).toBeGreaterThan(0);
    await expect(review.getByRole('textbox')).toHaveCount(2);
    await expect(review.getByRole('button', { name: /Delete|Save|Generate|Rename/ })).toHaveCount(0);

    await review.getByRole('slider', { name: 'Position' }).fill('4');
    await review.getByLabel('Your name').fill('Ines');
    await review.getByLabel(/Comment at/).fill('Hold on the lighthouse a beat longer');
    await review.getByRole('button', { name: 'Post comment' }).click();
    await expect(review.getByText('Comment sent to the owner.')).toBeVisible();
    await expect(review.getByRole('button', { name: 'Jump to 00:00:04:00' })).toBeVisible();
    await checkPage(review, 'review');

    // The owner's open page hears it without a reload.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Hold on the lighthouse a beat longer')).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('Ines')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Jump to 00:00:04:00' })).toBeVisible();

    // Revoked: the reviewer's next visit is the clear page.
    await runCommand(page, 'Share for Review');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Revoke link / }).click();
    await expect(dialog.getByText('No live links yet.')).toBeVisible();
    await review.reload();
    await expect(review.getByRole('heading', { level: 1, name: 'Review link unavailable' })).toBeVisible();
    await expect(review.getByText('It may have expired or been revoked.')).toBeVisible();
    await checkPage(review, 'review-revoked');
    await reviewer.close();
  });

  test('a project publishes its assets on the public repository page', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await register(page);
    const projectId = await createProjectFromPalette(page, 'Harbour Lights assets');
    const token = await tokenOf(page);
    for (const [type, name, description] of [
      ['character', 'Mara', 'The harbour pilot, forties, weathered coat'],
      ['location', 'Old lighthouse', 'Whitewashed tower on the breakwater'],
      ['prop', 'Brass lantern', null],
    ] as const) {
      await apiCreate(page, token, '/api/asset', {
        projectId,
        type,
        name,
        ...(description ? { description } : {}),
      });
    }

    // The owner's publishing panel (Repository Settings in the palette).
    await runCommand(page, 'Repository Settings');
    await expect(page).toHaveURL(new RegExp(`/repository/${projectId}\\?panel=publishing$`));
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await expect(publishing).toBeVisible();
    const whole = publishing.getByLabel('Publish every asset of this project');
    await whole.click();
    await expect(whole).toBeChecked();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights assets' })).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const repository = await visitor.newPage();
    await repository.goto(`/repository/${projectId}`);
    await expect(repository.getByRole('heading', { level: 1, name: 'Harbour Lights assets' })).toBeVisible();
    await expect(repository.getByText('Project repository · 3 assets')).toBeVisible();
    for (const name of ['Mara', 'Old lighthouse', 'Brass lantern']) {
      await expect(repository.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(repository.getByRole('region', { name: 'Publishing' })).toHaveCount(0);
    await expect(repository.getByRole('checkbox')).toHaveCount(0);
    await checkPage(repository, 'repository');
    await visitor.close();
  });
});
