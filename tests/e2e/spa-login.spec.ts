import { holdBootChunk } from './firstFrame-helpers';
import { expect, test } from './fixtures';

test.describe('web profile: login end to end with the real encrypted API', () => {
  test('logs in with 1234, switches tabs, survives a reload, and is sent back to /login when the session expires', async ({
    page,
    admin,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

    await page.getByLabel('Area code').selectOption('63');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
    await page.getByRole('button', { name: 'Get Code' }).click();
    await expect(page.getByRole('button', { name: /^Resend in (180|179|178)s$/ })).toBeVisible();

    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const log = await admin.log();
    const login = log.find((entry) => entry.path === 'user/login');
    expect(login?.response.code).toBe(200);
    expect(log.some((entry) => entry.path === 'config/getServicePublicKey')).toBe(true);

    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Bill' }).click();
    await expect(page).toHaveURL(/\/bill$/);
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await tabs.getByRole('link', { name: 'Loan' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveClass(/is-active/);

    // The server forgets every session: the next user lookup answers a session code.
    await admin.scenario('session-expired');
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });

  test('a wrong code keeps the user on /login with the server message', async ({ page, admin }) => {
    await page.goto('/login');
    await page.getByLabel('Area code').selectOption('63');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
    await page.getByRole('textbox', { name: 'Verification code' }).fill('9999');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.locator('.adm-toast-main')).toBeVisible();
    const answer = (await admin.log()).find((entry) => entry.path === 'user/login');
    expect(answer?.response.code).not.toBe(200);
    await expect(page.locator('.adm-toast-main')).toHaveText(answer?.response.message ?? '?');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('validation toasts: empty phone on Get Code, bad phone on LOGIN', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Get Code' }).click();
    await expect(page.getByText('Please enter mobile number first.')).toBeVisible();
    await page.getByLabel('Area code').selectOption('63');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('91712');
    await expect(page.getByRole('button', { name: 'Get Code' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Invalid cell phone number or verification code')).toBeVisible();
  });

  test('invite_friend: logs in through the channel API and opens /channel/admin with token, from and back', async ({
    page,
    admin,
  }) => {
    await page.goto('/login?from=invite_friend');
    await page.getByLabel('Area code').selectOption('63');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
    await page.getByRole('button', { name: 'Get Code' }).click();
    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/channel\/admin\?token=[^&]+&from=invite_friend&back=login$/);
    const paths = (await admin.log()).map((entry) => entry.path);
    expect(paths).toContain('app/channel/getSmsCode/v1');
    expect(paths).toContain('app/channel/userLogin/v1');
  });
});

test.describe('web profile: the Login form index.html paints before the app runs', () => {
  test('what is typed there is kept and Get Code pressed there is pressed once the app runs', async ({
    page,
  }) => {
    // Hold the boot chunk: the page shows what index.html does alone.
    const release = await holdBootChunk(page);
    await page.goto('/', { waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="login"]');
    await frame.getByLabel('Area code').selectOption('63');
    await frame.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
    await frame.getByRole('button', { name: 'Get Code' }).click();
    release();
    await expect(page.getByRole('button', { name: /^Resend in (180|179|178)s$/ })).toBeVisible();
    await expect(frame).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Area code')).toHaveValue('63');
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('9171234567');
    // The rest of the login goes on in the app's form.
    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('LOGIN pressed there, with the number and code typed there, logs in once the app runs', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    const release = await holdBootChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="login"]');
    await frame.getByLabel('Area code').selectOption('63');
    await frame.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
    await frame.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await frame.getByRole('button', { name: 'LOGIN' }).click();
    release();
    await expect(frame).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
