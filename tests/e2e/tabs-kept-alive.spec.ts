/**
 * One call per need and kept-alive tabs (PRODUCT.md §2 "all kept alive"): a cold Home asks each
 * startup call once, Bill asks page 1 once, and switching tabs back and forth asks nothing again
 * and keeps the Bill's selection.
 */
import { expect, type MockAdmin, test } from './fixtures';

async function callCounts(admin: MockAdmin) {
  const counts: Record<string, number> = {};
  for (const entry of await admin.log()) counts[entry.path] = (counts[entry.path] ?? 0) + 1;
  delete counts['api/1/envelope']; // the error reporter's session ping
  return counts;
}

test('a cold Home asks each call once; tabs shown again ask nothing and keep the selection', async ({
  page,
  admin,
  injectBridge,
}) => {
  await admin.scenario('repaying');
  await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toBeVisible();
  const home = {
    'config/getServicePublicKey': 1,
    'user/userInfo': 1,
    'user/unread': 1,
    'loan/loanInfo': 1,
    'advertisement/loadAdvertisement': 1,
    'advertisement/loadBanner': 1,
  };
  await expect.poll(() => callCounts(admin)).toEqual(home);

  const tabs = page.getByRole('navigation', { name: 'Main' });
  await tabs.getByRole('link', { name: 'Bill' }).click();
  const amount = page.getByText('Amount to Pay').locator('..');
  await expect(amount).toContainText('₱8,350');
  // The borrower changes the selection: one more row.
  await page.locator('label', { hasText: 'DL2026110100012' }).first().click();
  await expect(amount).not.toContainText('₱8,350');
  const chosen = await amount.textContent();
  await expect.poll(() => callCounts(admin)).toEqual({ ...home, 'repay/repayPlan': 1 });

  await tabs.getByRole('link', { name: 'Loan' }).click();
  await expect(page.getByTestId('home-amount')).toBeVisible();
  await tabs.getByRole('link', { name: 'Bill' }).click();
  await expect(amount).toHaveText(chosen ?? '');
  // Settled: no request in flight, so a refetch would be in the log by now.
  await page.waitForLoadState('networkidle');
  expect(await callCounts(admin)).toEqual({ ...home, 'repay/repayPlan': 1 });
});

test('a document read from Bill comes back to the same Bill: rows, open Details and scroll', async ({
  page,
  admin,
  injectBridge,
}) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await admin.scenario('many-bills');
  await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
  await page.goto('/bill?type=2');
  const rows = page.locator('.loan-row');
  await expect(rows.first()).toBeVisible();
  const orderNo = await rows.last().getAttribute('data-order-no');
  const row = page.locator(`.loan-row[data-order-no="${orderNo}"]`);
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(row.getByRole('navigation', { name: 'Loan documents' })).toBeVisible();
  await row.getByRole('link', { name: 'Loan Agreement' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(
    () => (globalThis as unknown as { scrollY: number }).scrollY,
  );
  expect(scrolled).toBeGreaterThan(0);
  const firstPages = async () =>
    (await admin.log()).filter(
      (e) => e.path === 'loan/loanList' && (e.request.data as { pageNum?: number })?.pageNum === 1,
    ).length;
  const before = await firstPages();

  // Clicked in place (a Playwright click would scroll the link again first).
  await row
    .getByRole('link', { name: 'Loan Agreement' })
    .evaluate((link) => (link as unknown as { click(): void }).click());
  await expect(page).toHaveURL(/\/doc\/loan_agreement\?orderNo=/);
  // A page opened on top starts at its top (once it is shown: the URL changes first).
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  await expect(page.locator('.route-pane')).toBeVisible();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/bill\?type=2$/);
  await expect(row.getByRole('button', { name: 'Details' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(row.getByRole('navigation', { name: 'Loan documents' })).toBeVisible();
  await expect.poll(async () => Math.abs((await scrollY()) - scrolled)).toBeLessThan(4);
  // The list was not loaded again from its first page.
  expect(await firstPages()).toBe(before);
});
