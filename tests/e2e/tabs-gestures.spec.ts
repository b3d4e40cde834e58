import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

// A phone: touch input, 360×640.
test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

/** A finger pulling down from (x, y) by `distance` px in small steps, then lifting. */
async function pullDown(page: Page, cdp: CDPSession, x: number, y: number, distance: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let moved = 10; moved <= distance; moved += 10) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y + moved }],
    });
    // One move per frame, as a finger's events arrive.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          (
            globalThis as unknown as { requestAnimationFrame(callback: () => void): number }
          ).requestAnimationFrame(() => resolve(null)),
        ),
    );
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** How many calls of a path the mock server has logged. */
const countOf = async (admin: { log(): Promise<{ path: string }[]> }, path: string) =>
  (await admin.log()).filter((e) => e.path === path).length;

test.describe('pull-to-refresh with a finger on a phone-sized viewport', () => {
  test('Home: pulling reloads user info, loan info and the red dots', async ({ page, admin }) => {
    await admin.scenario('can-borrow');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBeGreaterThan(0);
    const before = {
      loan: await countOf(admin, 'loan/loanInfo'),
      user: await countOf(admin, 'user/userInfo'),
      unread: await countOf(admin, 'user/unread'),
    };
    const cdp = await page.context().newCDPSession(page);
    await pullDown(page, cdp, 180, 120, 200);
    await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(before.loan + 1);
    await expect.poll(() => countOf(admin, 'user/userInfo')).toBe(before.user + 1);
    await expect.poll(() => countOf(admin, 'user/unread')).toBe(before.unread + 1);
  });

  test('Bill: pulling reloads page 1 of the open tab', async ({ page, admin }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await page.goto('/bill');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱8,350');
    const before = await countOf(admin, 'repay/repayPlan');
    const cdp = await page.context().newCDPSession(page);
    await pullDown(page, cdp, 180, 140, 200);
    await expect.poll(() => countOf(admin, 'repay/repayPlan')).toBe(before + 1);
    await expect(page.getByTestId('amount-to-pay')).toHaveText('₱8,350');
  });
});
