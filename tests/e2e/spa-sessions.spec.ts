/**
 * Session endings inside hosts and in production web (PRODUCT.md §4, §8): one ending, one host
 * call, never the SMS login where the app does not own the login; and dialogs closed by a page
 * change never run their button's action (PRODUCT.md §2 "A page init closes any open dialog").
 */
import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

const methodsOf = (calls: { method: string }[]) =>
  calls.map((c) => c.method).filter((m) => m !== 'getBaseInfo');

/** Records whether the SMS login form or the /login route ever appeared, however briefly. */
async function watchForLoginForm(page: Page) {
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      __sawLoginForm?: boolean;
      document: { documentElement: unknown; querySelector(s: string): unknown };
      location: { pathname: string };
      history: Record<'pushState' | 'replaceState', (...args: unknown[]) => void>;
      MutationObserver: new (
        callback: () => void,
      ) => { observe(target: unknown, options: object): void };
    };
    w.__sawLoginForm = false;
    const check = () => {
      if (
        w.location.pathname === '/login' ||
        w.document.querySelector('input[aria-label="Verification code"]')
      ) {
        w.__sawLoginForm = true;
      }
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = w.history[method].bind(w.history);
      w.history[method] = (...args: unknown[]) => {
        original(...args);
        check();
      };
    }
    new w.MutationObserver(check).observe(w.document.documentElement, {
      childList: true,
      subtree: true,
    });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { __sawLoginForm?: boolean }).__sawLoginForm);
}

test('FastPay: a session code kicks out through the wallet and never shows the SMS login', async ({
  page,
  admin,
  injectBridge,
  bridgeCalls,
}) => {
  await admin.scenario('taiwan');
  const sawLoginForm = await watchForLoginForm(page);
  await injectBridge(page, { appName: 'fastpay', tokenValue: await admin.sessionToken() });
  await admin.fault({ path: 'loan/loanInfo', code: 9000001, message: 'Session expired' });
  await page.goto('/');
  await expect.poll(async () => methodsOf(await bridgeCalls(page))).toContain('kickOut');
  // Settled: no request in flight any more, so a late reaction would have shown by now.
  await page.waitForLoadState('networkidle');
  await expect(page).not.toHaveURL(/\/login/);
  expect(await sawLoginForm()).toBe(false);
  expect(methodsOf(await bridgeCalls(page))).toEqual(['kickOut']);
});

test('FastPay: a failed wallet login shows nothing of the web login before its deny page', async ({
  page,
  injectBridge,
}) => {
  const sawLoginForm = await watchForLoginForm(page);
  await injectBridge(page, { appName: 'fastpay', tokenValue: 'not-a-wallet-token' });
  await page.goto('/bill');
  await expect(page).toHaveURL(/\/deny\/fastpaylogin\d+$/);
  expect(await sawLoginForm()).toBe(false);
});

test('lender: 9000004 is one kickOut with the tip, no showLogin on top, no hang after resume', async ({
  page,
  inLenderApp,
  admin,
  bridgeCalls,
  fireHostEvent,
}) => {
  await inLenderApp(page, 'repaying');
  await admin.fault({
    path: 'loan/loanInfo',
    code: 9000004,
    message: 'Logged in elsewhere',
    times: 1,
  });
  await page.goto('/');
  await expect.poll(async () => methodsOf(await bridgeCalls(page))).toContain('kickOut');
  // Settled: no request in flight any more, so a late reaction would have shown by now.
  await page.waitForLoadState('networkidle');
  const calls = await bridgeCalls(page);
  expect(calls.filter((c) => c.method === 'showLogin')).toEqual([]);
  expect(calls.filter((c) => c.method === 'kickOut')).toEqual([
    { method: 'kickOut', params: { tip: true } },
  ]);
  // The borrower logs in natively; the host resumes the page with its token: Home again.
  await fireHostEvent(page, 'pageResume');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('lender without a token: closePage only, never showLogin on top', async ({
  page,
  injectBridge,
  bridgeCalls,
}) => {
  await injectBridge(page, { appName: 'lender', tokenValue: '' });
  await page.goto('/bill');
  await expect.poll(async () => methodsOf(await bridgeCalls(page))).toContain('closePage');
  // Settled: no request in flight any more, so a late reaction would have shown by now.
  await page.waitForLoadState('networkidle');
  expect(methodsOf(await bridgeCalls(page))).toEqual(['closePage']);
});

test('production web: a session code leaves the borrower on the page with a way to log in', async ({
  page,
  admin,
}) => {
  await page.route('**/app-config.json', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({
      response: answer,
      json: { ...(await answer.json()), env: 'production' },
    });
  });
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await admin.fault({ path: 'repay/repayPlan', code: 9000002, message: 'Session expired' });
  await page.goto('/bill');
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/bill$/);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbill$/);
});

test('My KYC can be dismissed with Escape: no store, focus back on the entry', async ({
  page,
  admin,
  context,
}) => {
  await admin.scenario('taiwan');
  await loginOnWeb(page, { areaCode: '886', phone: '912345678' });
  await page.goto('/profile');
  let popups = 0;
  context.on('page', () => {
    popups += 1;
  });
  const myKyc = page.getByRole('button', { name: 'My KYC' });
  await myKyc.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(myKyc).toBeFocused();
  // The mask is a way out too.
  await myKyc.click();
  await page.locator('.adm-mask').click({ position: { x: 10, y: 10 } });
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(popups).toBe(0);
});

test('KYC expired: the Notice closed by a host event opens no store', async ({
  page,
  inLenderApp,
  bridgeCalls,
  fireHostEvent,
}) => {
  await inLenderApp(page, 'kyc-expired');
  await page.goto('/');
  await page.getByRole('button', { name: 'Expired' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your KYC information is expired');
  await fireHostEvent(page, 'loanSuccess');
  await expect(page).toHaveURL(/\/loan\/review\/\?success=1$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  // The Notice answers once it has left the page (antd's afterClose): a store it opened would be
  // among the calls by the time its last element is gone.
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  expect(methodsOf(await bridgeCalls(page))).not.toContain('openBrowser');
});
