import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test.use({ viewport: { width: 360, height: 640 } });

/** Scrolls to the bottom until the list footer says "No More" (infinite scroll, 50 px). */
async function scrollToEnd(page: Page) {
  await expect(async () => {
    await page.mouse.wheel(0, 10_000);
    await expect(page.getByText('No More', { exact: true })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test.describe('Bill tab (PRODUCT.md §2 Bill)', () => {
  test('repaying: Due and Overdue preselected, ticking adjusts the sum, REPAY to /repay/selectCh', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bill' })
      .click();
    const plan = page.getByRole('list', { name: 'Repayment Plan' });
    await expect(plan.getByText('Overdued 5 Day(s)')).toBeVisible();
    await expect(plan.getByText('Due Date', { exact: true })).toBeVisible();
    await expect(plan.getByText('20 Day(s) Left')).toBeVisible();
    await expect(plan.locator('.plan-row__header--red')).toHaveText('Overdued 5 Day(s)');
    await expect(plan.locator('.plan-row__header--yellow')).toHaveText('Due Date');
    const sum = page.getByTestId('amount-to-pay');
    await expect(sum).toHaveText('₱8,350');

    const row = (periodId: string) =>
      plan.locator(`[data-period-id="${periodId}"]`).getByRole('checkbox');
    // Whole pesos without decimals, an amount with centavos as it is (DESIGN.md §6: the sum is
    // what the next screen charges).
    await row('P000004').click();
    await expect(sum).toHaveText('₱10,191.67');
    await row('P000006').click();
    await expect(sum).toHaveText('₱8,051.67');
    await row('P000006').click();
    await expect(sum).toHaveText('₱10,191.67');

    await page.getByRole('button', { name: 'REPAY' }).click();
    await expect(page).toHaveURL(/\/repay\/selectCh\/\?amount=10191\.67$/);
  });

  test('REPAY is disabled at zero', async ({ page, admin }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await page.goto('/bill');
    const sum = page.getByTestId('amount-to-pay');
    await expect(sum).toHaveText('₱8,350');
    await page.locator('[data-period-id="P000006"]').getByRole('checkbox').click();
    await page.locator('[data-period-id="P000007"]').getByRole('checkbox').click();
    await expect(sum).toHaveText('₱0');
    await expect(page.getByRole('button', { name: 'REPAY' })).toBeDisabled();
  });

  test('many-bills: plan and My Loan page to "No More"; the BV order has no documents', async ({
    page,
    admin,
  }) => {
    await admin.scenario('many-bills');
    await loginOnWeb(page);
    await page.goto('/bill');
    const plan = page.getByRole('list', { name: 'Repayment Plan' });
    await expect(plan.locator('.plan-row')).toHaveCount(20);
    await scrollToEnd(page);
    await expect(plan.locator('.plan-row')).toHaveCount(45);

    await page.getByRole('tab', { name: 'My Loan' }).click();
    await expect(page).toHaveURL(/\/bill\?type=2$/);
    const loans = page.getByRole('list', { name: 'My Loan' });
    await expect(loans.locator('.loan-row')).toHaveCount(20);
    await scrollToEnd(page);
    await expect(loans.locator('.loan-row')).toHaveCount(30);
    const pages = (await admin.log())
      .filter((e) => e.path === 'repay/loanList')
      .map((e) => e.request.data);
    expect(pages).toContainEqual({ pageNum: 2, pageSize: 20, type: 1 });

    await page.getByRole('tab', { name: 'Loan Settled' }).click();
    const settled = page.getByRole('list', { name: 'Loan Settled' });
    await expect(settled.locator('.loan-row')).toHaveCount(15);
    await expect(page.getByText('No More', { exact: true })).toBeVisible();

    const bv = settled.locator('[data-order-no="DLBV2026050400131"]');
    await bv.getByRole('button', { name: 'Details' }).click();
    await expect(bv.locator('.loan-row__period').first()).toBeVisible();
    await expect(bv.getByRole('navigation', { name: 'Loan documents' })).toHaveCount(0);
    const other = settled.locator('.loan-row').first();
    await other.getByRole('button', { name: 'Details' }).click();
    const docs = other.getByRole('navigation', { name: 'Loan documents' });
    await expect(docs.getByRole('link', { name: 'Loan Agreement' })).toBeVisible();
    await expect(docs.getByRole('link', { name: 'Disclosure Statement' })).toBeVisible();
    await expect(docs.getByRole('link', { name: 'Promissory Note' })).toBeVisible();
  });

  test('new-user: every tab says "No Data"', async ({ page }) => {
    await loginOnWeb(page);
    await page.goto('/bill');
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'My Loan' }).click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Loan Settled' }).click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  });

  test('a failed load offers a retry instead of "No Data"', async ({ page, admin }) => {
    await admin.scenario('many-bills');
    await loginOnWeb(page);
    await admin.fault({ path: 'repay/loanList', code: 500, message: 'Server busy', times: 1 });
    await page.goto('/bill?type=2');
    await expect(page.getByText('Loading failed.')).toBeVisible();
    await expect(page.getByText('No Data', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('list', { name: 'My Loan' }).locator('.loan-row')).toHaveCount(20);
  });
});
