/**
 * Two borrowers one after the other in one page (DESIGN.md §6 "Ownership and money"): whatever
 * ends a session — logout, a session code, a login as another number, a host's new token — B
 * never sees A's rows, figures or selection, and never sends A's ids.
 */
import { expect, type Page, test } from './fixtures';
import { loginOnWeb, PH_USER } from './tabs-helpers';

const NEW_BORROWER = { areaCode: '63', phone: '9170000002' } as const;

/** Logs in on the /login page already shown (no reload: the page keeps its memory). */
async function loginHere(page: Page, user: { areaCode: string; phone: string }) {
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Area code').selectOption(user.areaCode);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(user.phone);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Client-side navigation (a link the app itself would follow), never a page load. */
async function goInApp(page: Page, path: string) {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Every token that asked for `path` since the log was last cleared. */
async function tokensOf(
  admin: {
    log(limit?: number): Promise<{ path: string; request: { headers: Record<string, string> } }[]>;
  },
  path: string,
) {
  return (await admin.log(500)).filter((e) => e.path === path).map((e) => e.request.headers.token);
}

test.describe('one borrower never sees another (web)', () => {
  test("logout → another number within 60 s: B's Bill asks the server and shows none of A's rows", async ({
    page,
    admin,
  }) => {
    await admin.scenario('many-bills');
    await loginOnWeb(page);
    await mainNav(page).getByRole('link', { name: 'Bill' }).click();
    const plan = page.getByRole('list', { name: 'Repayment Plan' });
    await expect(plan.locator('[data-period-id]')).toHaveCount(20);
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await loginHere(page, NEW_BORROWER);
    await expect(page).toHaveURL(/\/$/);
    const before = (await admin.log(500)).filter((e) => e.path === 'repay/repayPlan').length;
    await mainNav(page).getByRole('link', { name: 'Bill' }).click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await expect(page.locator('[data-period-id]')).toHaveCount(0);
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱0');
    const plans = (await admin.log(500)).filter((e) => e.path === 'repay/repayPlan');
    expect(plans.length).toBe(before + 1);
  });

  test("a session code on Bill, then B's login: no A selection, no A ids under B's token", async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await mainNav(page).getByRole('link', { name: 'Bill' }).click();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱8,350');
    await admin.fault({
      path: 'repay/loanList',
      code: 9000001,
      message: 'Session expired',
      times: 1,
    });
    await page.getByRole('tab', { name: 'My Loan' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginHere(page, NEW_BORROWER);
    await expect(page).toHaveURL(/\/bill/);
    await page.getByRole('tab', { name: 'Repayment Plan' }).click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱0');
    await expect(page.getByRole('button', { name: 'REPAY' })).toBeDisabled();
    // Nothing of A's account was asked for with B's token.
    const log = await admin.log(500);
    const bTokens = new Set(
      log
        .filter((e) => e.path === 'app/channel/userLogin/v1')
        .map((e) => (e.response.data as { tokenValue?: string } | null)?.tokenValue),
    );
    for (const entry of log.filter((e) => e.path === 'repay/generatorRepayOrder')) {
      expect(bTokens.has(entry.request.headers.token)).toBe(false);
    }
  });

  test("an in-app /login as another number: B's Home never shows A's due amount, now or warm", async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await expect(page.getByText('Due Amount')).toBeVisible();
    await goInApp(page, '/login?from=invite_friend');
    await loginHere(page, NEW_BORROWER);
    await expect(page).toHaveURL(/\/channel\/admin/);
    await goInApp(page, '/');
    await expect(page.getByText('Borrow up to')).toBeVisible();
    await expect(page.getByText('Due Amount')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Borrow up to')).toBeVisible();
    await expect(page.getByText('Due Amount')).toHaveCount(0);
    const saved = await page.evaluate<string | null>("localStorage.getItem('dl.user')");
    expect(saved).not.toContain('12033');
  });

  test("B sees none of A's messages or vouchers", async ({ page, admin }) => {
    await admin.scenario('unread-all');
    await loginOnWeb(page);
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByText('Your KYC is approved')).toBeVisible();
    await goInApp(page, '/user/voucher?state=1');
    await expect(page.getByText('₱100.00 off your next loan')).toBeVisible();
    await goInApp(page, '/profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await loginHere(page, NEW_BORROWER);
    await expect(page).toHaveURL(/\/$/);
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Messages' }).click();
    // B's own list (a new borrower's welcome message), loaded to its end: none of A's.
    await expect(page.getByText('No More', { exact: true })).toBeVisible();
    await expect(page.getByText('Your KYC is approved')).toHaveCount(0);
    const coupons = page.waitForResponse((r) => r.url().includes('coupon'));
    await goInApp(page, '/user/voucher?state=1');
    await coupons;
    await expect(page.getByRole('list', { name: 'Vouchers' })).toBeVisible();
    await expect(page.getByText('₱100.00 off your next loan')).toHaveCount(0);
    await expect(page.getByText('₱200.00 long weekend voucher')).toHaveCount(0);
  });

  test('a re-login within 60 s after a scenario change shows the new state at once', async ({
    page,
    admin,
  }) => {
    await admin.scenario('can-borrow');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    // The logout is answered before the server's state changes under it.
    await expect(page).toHaveURL(/\/login$/);
    await admin.scenario('overdue');
    await loginHere(page, PH_USER);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Due Amount')).toBeVisible();
    await expect(page.getByText(/Overdued \d+ Day\(s\)/)).toBeVisible();
  });

  test('right after login Home shows a placeholder, never ₱0, until the figures come', async ({
    page,
    admin,
  }) => {
    await admin.scenario('can-borrow');
    // Every text the amount ever showed, from the first frame on.
    await page.addInitScript(`
      window.__amounts = [];
      new MutationObserver(() => {
        const amount = document.querySelector('[data-testid="home-amount"]');
        if (amount && amount.textContent) window.__amounts.push(amount.textContent);
        if (document.querySelector('[data-testid="home-amount-pending"]')) window.__amounts.push('pending');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    `);
    await admin.fault({ path: 'loan/loanInfo', delayMs: 1500, times: 1 });
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    const amounts = await page.evaluate(
      () => (globalThis as unknown as { __amounts: string[] }).__amounts,
    );
    expect(amounts).toContain('pending');
    expect(amounts).not.toContain('₱0');
  });
});

test.describe('one borrower never sees another (lender app)', () => {
  test("the host's new token after a session code: B's Bill is B's", async ({
    page,
    browser,
    admin,
    injectBridge,
    bridgeCalls,
    fireHostEvent,
  }) => {
    await admin.scenario('repaying');
    // B signs up elsewhere first, so the host can hold a token of B's.
    const signUp = await browser.newPage({ baseURL: admin.url });
    await loginOnWeb(signUp, NEW_BORROWER);
    await signUp.close();
    const tokenA = await admin.sessionToken();
    await injectBridge(page, { appName: 'lender', tokenValue: tokenA });
    await page.goto('/bill');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱8,350');
    await admin.fault({
      path: 'repay/loanList',
      code: 9000001,
      message: 'Session expired',
      times: 1,
    });
    await page.getByRole('tab', { name: 'My Loan' }).click();
    // The app tells the host to kick out; the lender logs B in natively and brings the page back.
    await expect
      .poll(async () => (await bridgeCalls(page)).some((c) => c.method === 'kickOut'))
      .toBe(true);
    const tokenB = await admin.sessionToken(NEW_BORROWER.phone);
    await page.evaluate((token) => {
      (globalThis as unknown as { __setHostToken(t: string): void }).__setHostToken(token);
    }, tokenB);
    await fireHostEvent(page, 'pageResume');
    await page.getByRole('tab', { name: 'Repayment Plan' }).click();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱0');
    await expect(page.locator('[data-period-id]')).toHaveCount(0);
    expect(await tokensOf(admin, 'repay/repayPlan')).toContain(tokenB);
  });
});
