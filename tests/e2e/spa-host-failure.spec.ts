/**
 * A native host that fails at boot (PRODUCT.md §4): the app logs 'App init failed', reports it and
 * keeps the Loading page with a retry. A webview whose bridge fails is never taken for the web
 * (no SMS login form, no random device id).
 */
import { expect, test } from './fixtures';

test('getBaseInfo failing keeps Loading with Retry, never the web login; Retry recovers', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  const tokenValue = await admin.sessionToken();
  await page.addInitScript((token) => {
    const w = globalThis as unknown as Record<string, unknown>;
    w.__hostReady = false;
    w.nativeBridge = {
      call(method: string) {
        if (method !== 'getBaseInfo') return Promise.resolve({ resultCode: 0, data: null });
        if (!w.__hostReady) return Promise.resolve({ resultCode: 3, message: 'not ready' });
        return Promise.resolve({
          resultCode: 0,
          data: {
            deviceId: 'dev-1',
            system: 'android',
            tokenValue: token,
            version: '2.9.0',
            appName: 'lender',
          },
        });
      },
      on: () => () => undefined,
    };
  }, tokenValue);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  const failed = page.getByRole('alert').filter({ hasText: 'The app could not start' });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toHaveCount(0);
  expect(errors.some((e) => e.includes('App init failed'))).toBe(true);

  await page.evaluate(() => {
    (globalThis as unknown as Record<string, unknown>).__hostReady = true;
  });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Apply Now')).toBeVisible();
});
