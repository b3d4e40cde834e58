/**
 * The partner (channel) flow entered from an invite link: /event/invite_friend →
 * /login?from=invite_friend → /channel/admin?token=…&from=invite_friend&back=login, the channel
 * host's own handshake, the 600 ms welcome rule, the partner pages and native sharing.
 */
import type { Page } from '@playwright/test';
import { expect, type LogEntry, test } from './fixtures';

/** The few browser globals the in-page snippets use (this file has no DOM types). */
interface BrowserWindow {
  history: {
    pushState(data: unknown, unused: string, url?: string | null): void;
  };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: Record<string, boolean>): void };
  document: { documentElement: { textContent: string | null } };
  __shownAt?: number;
  __leftAt?: number;
}

/**
 * Opens a /channel page inside the running SPA. A direct load of /channel/* does not reach the
 * SPA on the mock server: it serves the channel API host under the same /channel/ prefix and
 * refuses the history fallback there (mock-server/http/webApp.ts NOT_APP).
 */
async function openInApp(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto('/activity-center');
    await expect(page.getByRole('heading', { name: 'Activity Center' })).toBeVisible();
  }
  // Runs in the page (this file is compiled without DOM types, hence the casts).
  await page.evaluate((to) => {
    const w = globalThis as unknown as BrowserWindow;
    w.history.pushState(null, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** The server log entry of a path (the test fails clearly when the call never happened). */
async function logged(admin: { log(): Promise<LogEntry[]> }, path: string): Promise<LogEntry> {
  const entry = (await admin.log()).find((e) => e.path === path);
  if (!entry) throw new Error(`${path} is not in the server log`);
  return entry;
}

async function partnerLogin(page: Page, msisdn: string) {
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(msisdn);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
}

test.describe('partner flow', () => {
  test('invite_friend → login → partner center on the channel host', async ({ page, admin }) => {
    await admin.scenario('can-borrow');
    await page.goto('/event/invite_friend');
    await page.getByRole('link', { name: 'Invite Now' }).click();
    await expect(page).toHaveURL(/\/login\?from=invite_friend$/);
    await partnerLogin(page, '9171234567');
    await page.getByRole('button', { name: 'LOGIN' }).click();

    await expect(page).toHaveURL(/\/channel\/admin\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('from')).toBe('invite_friend');
    expect(query.get('back')).toBe('login');
    const log = await admin.log();
    const login = await logged(admin, 'app/channel/userLogin/v1');
    expect(login.host).toBe('channel');
    expect(query.get('token')).toBe((login.response.data as { tokenValue: string }).tokenValue);
    expect(log.some((e) => e.path === 'app/secret/getServicePublicKey/v1')).toBe(true);

    await expect(page.getByRole('heading', { name: 'Partner Center' })).toBeVisible();
    await expect
      .poll(async () =>
        (await admin.log()).some((e) => e.path === 'app/channel/channelWithdrawInfo/v1'),
      )
      .toBe(true);
    const info = await logged(admin, 'app/channel/channelWithdrawInfo/v1');
    expect(info.response.code).toBe(200);
    const { balance } = info.response.data as { balance: number };
    await expect(page.locator('.hero__amount')).toHaveText(
      `₱${balance.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    await page.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/channel\/orders$/);
    await expect(page.getByText(/No More|No Data/)).toBeVisible();
    const orders = await logged(admin, 'app/channel/channelOrder/v1');
    const list = (orders.response.data as { list: { orderNo: string }[] }).list;
    for (const order of list) await expect(page.getByText(order.orderNo)).toBeVisible();

    await openInApp(page, '/channel/withdrawal');
    await expect(page.getByText('Minimum withdrawal')).toBeVisible();
    await openInApp(page, '/channel/profile');
    await expect(page.getByText('+63 9171234567', { exact: true })).toBeVisible();

    // back=login: the partner center's back arrow returns to the partner login.
    await openInApp(page, `/channel/admin?${query}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login\?from=invite_friend$/);
  });

  test('partner Log Out is the app’s logout: user/logout, then / (and so the login)', async ({
    page,
    admin,
  }) => {
    await admin.scenario('can-borrow');
    await page.goto('/login?from=invite_friend');
    await partnerLogin(page, '9171234567');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByRole('heading', { name: 'Partner Center' })).toBeVisible();
    await openInApp(page, '/channel/profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await logged(admin, 'user/logout')).response.code).toBe(200);
    const saved = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem('dl.user'),
    );
    expect(saved).toBeNull();
  });

  test('a new partner sees the welcome message for 600 ms before the partner center', async ({
    page,
  }) => {
    // The page notes when the message appears and when the route changes (its own clock).
    await page.addInitScript(() => {
      const w = globalThis as unknown as BrowserWindow;
      new w.MutationObserver(() => {
        if (
          w.__shownAt === undefined &&
          w.document.documentElement.textContent?.includes('account has been created')
        ) {
          w.__shownAt = performance.now();
        }
      }).observe(w.document, { childList: true, subtree: true, characterData: true });
      const push = w.history.pushState.bind(w.history);
      w.history.pushState = (data, unused, url) => {
        if (String(url).includes('/channel/admin')) w.__leftAt ??= performance.now();
        push(data, unused, url);
      };
    });
    await page.goto('/login?from=invite_friend');
    await partnerLogin(page, '9998887777');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText(/account has been created/)).toBeVisible();
    await expect(page).toHaveURL(/\/channel\/admin\?token=.+&from=invite_friend&back=login$/);
    const { shownAt, leftAt } = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserWindow;
      return { shownAt: w.__shownAt ?? Number.NaN, leftAt: w.__leftAt ?? Number.NaN };
    });
    // The message is on screen for the 600 ms timer (less the frame it took to paint).
    expect(leftAt - shownAt).toBeGreaterThan(500);
  });

  test('partner registration on /channel/reg lands on the partner center', async ({
    page,
    admin,
  }) => {
    await page.goto('/event/invite_channel');
    await page.getByRole('link', { name: 'Register as a Partner' }).click();
    await expect(page).toHaveURL(/\/channel\/reg$/);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9998887711');
    await page.getByRole('button', { name: 'Get Code' }).click();
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(page).toHaveURL(/\/channel\/admin\?token=.+&from=reg$/);
    await expect(page.getByRole('heading', { name: 'Partner Center' })).toBeVisible();
    const paths = (await admin.log()).map((e) => e.path);
    expect(paths).toContain('app/channel/getSmsCode/v1');
    expect(paths).toContain('app/channel/userLogin/v1');
  });

  test('a partner page without a session asks to log in; unknown pages are not found', async ({
    page,
  }) => {
    await openInApp(page, '/channel/orders');
    await expect(page.getByText('Log in to open your partner center')).toBeVisible();
    for (const path of ['/channel/nope', '/channel/admin/extra']) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });
});

test.describe('sharing through the native host', () => {
  for (const [version, saved] of [
    ['2.7.0', false],
    ['2.8.0', true],
  ] as const) {
    test(`save poster on host ${version}: ${saved ? 'saved by the host' : 'resultCode 1, update asked'}`, async ({
      page,
      admin,
      injectBridge,
      bridgeCalls,
    }) => {
      await admin.scenario('can-borrow');
      await injectBridge(page, {
        appName: 'lender',
        tokenValue: await admin.sessionToken(),
        version,
      });
      await openInApp(page, '/channel/admin');
      await page.getByRole('button', { name: 'Save Poster' }).click();
      if (saved) {
        await expect(page.getByText('The poster was saved to your album.')).toBeVisible();
        const calls = await bridgeCalls(page);
        expect(calls.find((c) => c.method === 'saveImageToAlbum')?.params).toEqual({
          url: expect.stringMatching(/^http:\/\/.+\.svg$/),
        });
      } else {
        await expect(
          page.getByText(
            'Please update the Direct Loan app to version 2.8.0 or later to save images.',
          ),
        ).toBeVisible();
        const calls = await bridgeCalls(page);
        // The adapter answered resultCode 1 itself: the host was never asked.
        expect(calls.map((c) => c.method)).not.toContain('saveImageToAlbum');
      }
    });
  }

  test('the invitation goes out by SMS and email with the link', async ({
    page,
    inLenderApp,
    bridgeCalls,
  }) => {
    await inLenderApp(page, 'can-borrow');
    await openInApp(page, '/channel/admin');
    await expect(page.getByRole('button', { name: 'Send SMS' })).toBeDisabled();
    await page.getByRole('textbox', { name: "Friend's mobile number" }).fill('09170000001');
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await page.getByRole('textbox', { name: "Friend's email" }).fill('friend@example.com');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect
      .poll(async () => (await bridgeCalls(page)).map((c) => c.method))
      .toEqual(expect.arrayContaining(['sendSms', 'composeEmail']));
    const calls = await bridgeCalls(page);
    const sms = calls.find((c) => c.method === 'sendSms')?.params as {
      phone: string;
      body: string;
    };
    expect(sms.phone).toBe('09170000001');
    expect(sms.body).toMatch(/\/reg\/partner/);
    const email = calls.find((c) => c.method === 'composeEmail')?.params as { to: string };
    expect(email.to).toBe('friend@example.com');
  });
});
