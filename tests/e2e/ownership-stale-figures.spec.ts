/**
 * Nothing stale is pressable, and an ended session's figures leave the page (DESIGN.md §6
 * "Session scope"): after the lender app's loanSuccess Home never offers the old amount and
 * Apply Now, and at /login the kept-alive Home of the session that ended is gone from the DOM.
 */
import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

/** The DOM as far as the recorder needs it (e2e code compiles without the DOM lib). */
interface El {
  textContent: string | null;
  disabled?: boolean;
  closest(selector: string): El | null;
}
interface RecordingWindow {
  __homeSeen: string[];
  document: { querySelectorAll(selector: string): Iterable<El>; documentElement: unknown };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(node: unknown, options: Record<string, boolean>): void };
}

/**
 * From now on, records every amount and enabled main button Home shows (not hidden under another
 * page), as the DOM changes: what the borrower could see and press.
 */
async function recordHome(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = globalThis as unknown as RecordingWindow;
    w.__homeSeen = [];
    const look = () => {
      for (const el of w.document.querySelectorAll(
        '[data-testid="home-amount"], .home-hero__button',
      )) {
        if (el.closest('[hidden]') || el.disabled) continue;
        const text = el.textContent?.trim() ?? '';
        if (!w.__homeSeen.includes(text)) w.__homeSeen.push(text);
      }
    };
    new w.MutationObserver(look).observe(w.document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    look();
  });
  return () => page.evaluate(() => (globalThis as unknown as RecordingWindow).__homeSeen);
}

test('lender app: after loanSuccess Home never shows the old amount and Apply Now', async ({
  page,
  admin,
  injectBridge,
  fireHostEvent,
}) => {
  await admin.scenario('can-borrow');
  const tokenValue = await admin.sessionToken();
  await injectBridge(page, { appName: 'lender', tokenValue });
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The borrower applies in the lender app; its backend books the loan.
  const applied = await admin.hostAction('loanApply', tokenValue, {
    borrowAmount: 5000,
    periods: 1,
    payeeId: 'GCASH:09171234567',
  });
  expect(applied.code).toBe(200);
  // A slow network: the fresh loan info takes a while.
  await admin.fault({ path: 'loan/loanInfo', delayMs: 2000, times: 1 });
  await fireHostEvent(page, 'loanSuccess');
  await expect(page).toHaveURL(/\/loan\/review\/\?success=1$/);
  const seen = await recordHome(page);
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page.getByRole('button', { name: 'Loan Releasing' })).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveText('₱10,000');
  expect(await seen()).toEqual(['₱10,000', 'Loan Releasing']);
});

test.describe('an ended session leaves no figures in the page at /login (web)', () => {
  test('the session ended on the server, then a reload', async ({ page, admin }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
    // Switching the scenario ends every session of the world.
    await admin.scenario('repaying');
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page.locator('[data-tab]')).toHaveCount(0);
    await expect.poll(() => page.content()).not.toContain('₱5,000');
  });

  test('a session code on Bill, without a reload', async ({ page, admin }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Bill' }).click();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱8,350');
    await admin.fault({ path: 'repay/loanList', code: 9000001, message: 'Expired', times: 1 });
    await page.getByRole('tab', { name: 'My Loan' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page.locator('[data-tab]')).toHaveCount(0);
    const content = await page.content();
    expect(content).not.toContain('₱5,000');
    expect(content).not.toContain('₱8,350');
  });
});
