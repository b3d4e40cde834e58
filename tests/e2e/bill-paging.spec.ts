/**
 * Bill's infinite scroll (PRODUCT.md §2 Bill, page size 20, distance 50) pages the sub-tab it
 * shows: switching tabs shows the new tab's empty list with its footer in view, and the scroller
 * must ask for that tab's page 1 — never the tab just left's next page.
 */
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test('switching sub-tabs asks only for the shown tab, page 1, until it is scrolled', async ({
  page,
  admin,
}) => {
  await admin.scenario('many-bills');
  await loginOnWeb(page);
  await page.goto('/bill');
  await expect(page.getByRole('list', { name: 'Repayment Plan' }).locator('.plan-row')).toHaveCount(
    20,
  );

  await page.getByRole('tab', { name: 'My Loan' }).click();
  await expect(page.getByRole('list', { name: 'My Loan' }).locator('.loan-row')).toHaveCount(20);
  await page.getByRole('tab', { name: 'Loan Settled' }).click();
  await expect(page.getByRole('list', { name: 'Loan Settled' }).locator('.loan-row')).toHaveCount(
    15,
  );
  await expect(page.getByText('No More', { exact: true })).toBeVisible();

  const pages = (await admin.log())
    .filter((e) => e.path === 'repay/repayPlan' || e.path === 'repay/loanList')
    .map((e) => ({ path: e.path, ...(e.request.data as { type: unknown; pageNum: number }) }));
  // Page 1 of each tab shown (Home's warm-up or a reload may ask one twice), and nothing else.
  expect(pages.filter((p) => p.pageNum !== 1)).toEqual([]);
  expect(new Set(pages.map(({ path, type }) => `${path} ${type}`))).toEqual(
    new Set(['repay/repayPlan ', 'repay/loanList 1', 'repay/loanList 2']),
  );
});
