/**
 * A clean console: no errors, no uncaught rejections and no React Router warnings over a normal
 * load, a login, a logout and a session that expires (what a borrower's webview would log).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

function watchConsole(page: Page) {
  const noise: string[] = [];
  page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // The server's refusals are answers, logged by the browser as failed resources: not noise.
    if (/Failed to load resource/.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      noise.push(`${message.type()}: ${text}`);
    }
  });
  return noise;
}

test('login, logout and a session expiring leave nothing on the console', async ({
  page,
  admin,
}) => {
  const noise = watchConsole(page);
  await admin.scenario('can-borrow');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await loginOnWeb(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);

  // session-expired: user info answers 9000004 right after the login, back to /login.
  await admin.scenario('session-expired');
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect
    .poll(async () => (await admin.log()).some((e) => e.response.code === 9000004))
    .toBe(true);
  await expect(page).toHaveURL(/\/login/);
  await page.waitForLoadState('networkidle');
  expect(noise).toEqual([]);
});
