import { expect, test } from './fixtures';

test('crashes reach the error-reporting service (Sentry envelopes in the mock log)', async ({
  page,
  admin,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  // The SDK loads a moment after boot (off the boot path): crash until a report arrives.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          setTimeout(() => {
            throw new Error('e2e crash probe');
          });
        });
        return (await admin.log())
          .filter((entry) => entry.host === 'sentry')
          .some((entry) => JSON.stringify(entry.request.data).includes('e2e crash probe'));
      },
      { intervals: [500], timeout: 30_000 },
    )
    .toBe(true);
});
