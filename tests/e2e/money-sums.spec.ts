/**
 * What the borrower reads adds up (DESIGN.md §6 "Amounts are centavos"; PRODUCT.md §9): Bill and
 * Home show whole pesos without decimals and an amount with centavos as it is, so the rows, the
 * "Amount to Pay" and the next screen's charge agree — two ₱1,841.67 installments are ₱3,683.34
 * on every screen, never ₱1,842 + ₱1,842 = ₱3,683.
 */
import { expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

test('two ₱1,841.67 rows: Bill, its sum and the channel list show ₱3,683.34', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  await page.goto('/bill');
  const plan = page.getByRole('list', { name: 'Repayment Plan' });
  const rows = plan.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  // Untick the preselected Overdue and Due rows, tick the two Normal ones.
  for (const i of [0, 1, 2, 3]) await rows.nth(i).getByRole('checkbox').click();
  await expect(rows.nth(2).locator('.plan-row__amount')).toHaveText('₱1,841.67');
  await expect(rows.nth(3).locator('.plan-row__amount')).toHaveText('₱1,841.67');
  await expect(rows.nth(0).locator('.plan-row__amount')).toHaveText('₱6,210');
  await expect(page.getByTestId('amount-to-pay')).toHaveText('₱3,683.34');

  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page).toHaveURL(/\/repay\/selectCh\/?\?amount=3683\.34$/);
  await expect(page.getByTestId('repay-amount')).toHaveText('₱3,683.34');

  // Home's amount due (the open plan) keeps its centavos too.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Repayment' })).toContainText(
    'Due Amount₱12,033.34',
  );
});
