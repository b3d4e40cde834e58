import { appLoginShown } from './firstFrame-helpers';
import { expect, type Page, test } from './fixtures';

async function logIn(page: Page) {
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

test.describe('startup and access (web profile)', () => {
  test('the static Loading page is in index.html before any script runs', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/bill');
    await expect(page.getByRole('heading', { name: 'Loading' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  });

  test('a public path opens without login or user lookup', async ({ page, admin }) => {
    await page.goto('/doc/privacy_policy');
    await expect(page).toHaveURL(/\/doc\/privacy_policy$/);
    await expect(page.getByRole('heading', { name: 'Loading' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
    await expect(page).toHaveURL(/\/doc\/privacy_policy$/);
    const paths = (await admin.log()).map((entry) => entry.path);
    expect(paths).not.toContain('user/userInfo');
  });

  test('a deep link to a private path bounces through login and back', async ({ page }) => {
    await page.goto('/repay/selectCh?amount=1500');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await logIn(page);
    await expect(page).toHaveURL(/\/repay\/selectCh\?amount=1500$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeHidden();
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a missing app-config.json shows a clear error', async ({ page }) => {
    await page.route('**/app-config.json', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'App init failed' })).toBeVisible();
    await expect(page.getByText('app-config.json is missing (HTTP 404)')).toBeVisible();
  });
});

test.describe('network state', () => {
  test('offline and online toasts', async ({ page, context }) => {
    await page.goto('/login');
    // The app's Login; it preloads its toasts after the first paint: offline, nothing more loads.
    await appLoginShown(page);
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(page.getByText('Your network is disconnected')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Your network is connected')).toBeVisible();
  });
});
