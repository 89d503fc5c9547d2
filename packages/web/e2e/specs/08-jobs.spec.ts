import { expect, test } from '../support/fixtures.js';
import { projectWithShots, runCommand, screens, toast } from '../support/helpers.js';

test('a running render shows on the jobs page and in the status line, and can be cancelled', async ({
  page,
}) => {
  // Four pages make enough shots that rendering their videos is still running when Cancel is
  // pressed (the three-scene fixture's eight clips could finish first on a fast machine).
  const { id } = await projectWithShots(page, 'Render Queue', 'four-pages.fountain');

  await runCommand(page, 'Render All Videos');
  await expect(toast(page, 'Render All Videos started')).toBeVisible();
  await runCommand(page, 'Go to Jobs');
  await expect(page).toHaveURL(new RegExp(`/project/${id}/jobs$`));

  const row = page.locator('tr.jobs-row').filter({ hasText: 'Render videos' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar')).toBeVisible();
  await screens(page, 'jobs-running');

  const status = page.locator('.status-line');
  await expect(status.locator('[data-socket-state]')).toHaveText(/socket: connected/);
  await expect(status.getByTestId('status-jobs')).toContainText(/\d+ running/);

  const cancel = row.getByRole('button', { name: /^Cancel job/ });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(row).toHaveAttribute('data-status', 'cancelled', { timeout: 20_000 });
  await expect(row).toContainText('Cancelled');
  await expect(status.getByTestId('status-jobs')).toContainText('No jobs running', { timeout: 20_000 });
});
