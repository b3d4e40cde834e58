import { expect, test } from './fixtures';

test('crashes reach the error-reporting service (Sentry envelopes in the mock log)', async ({
  page,
  admin,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  // The SDK loads after boot (off the boot path); wait until the page is quiet.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e crash probe');
    });
  });
  await expect
    .poll(async () =>
      (await admin.log())
        .filter((entry) => entry.host === 'sentry')
        .some((entry) => JSON.stringify(entry.request.data).includes('e2e crash probe')),
    )
    .toBe(true);
});
