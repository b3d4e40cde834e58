/**
 * Loan application end to end (PRODUCT.md §3, §5): validation messages, the preview, the web payee picker and
 * loan/ApplyNoPayPassword on the web (submitted once however often SUBMIT is tapped), and in the
 * lender app the payee through `pickAccount` and the application through `loanApply`; both land
 * on the review success state.
 */
import type { Page } from '@playwright/test';
import { type BridgeCall, expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

/** A lender host whose account picker answers an account and whose loanApply gives an order. */
async function injectLenderWithPicker(page: Page, tokenValue: string) {
  await page.addInitScript((token) => {
    const calls: { method: string; params: unknown }[] = [];
    const w = globalThis as unknown as Record<string, unknown>;
    w.__bridgeCalls = calls;
    const answers: Record<string, unknown> = {
      getBaseInfo: {
        deviceId: 'lender-device-1',
        system: 'android',
        tokenValue: token,
        version: '2.9.0',
        appName: 'lender',
      },
      pickAccount: { payeeId: 'PAYEE-77', payeeLabel: 'GCash 0917****567' },
      loanApply: { orderNo: 'DL-NATIVE-1' },
    };
    w.nativeBridge = {
      call(method: string, params?: unknown) {
        calls.push({ method, params: params ?? null });
        return Promise.resolve({ resultCode: 0, data: answers[method] ?? null });
      },
      on: () => () => {},
    };
  }, tokenValue);
}

const submit = (page: Page) => page.getByRole('button', { name: 'SUBMIT' });

test('web: validation, preview, web payee picker, one application, review success', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await restoreWebSession(page, admin);
  await page.goto('/loan/apply');
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await expect(page.getByLabel('Periods')).toHaveValue('1');

  await submit(page).click();
  await expect(page.locator('#loan-borrowAmount-error')).toHaveText(
    'Please enter the amount you want to borrow.',
  );
  await expect(page.locator('#loan-payeeId-error')).toHaveText(
    'Please choose the account that receives the money.',
  );
  await expect(page.locator('#loan-purpos-error')).toHaveText(
    'Please choose the purpose of the loan.',
  );

  await page.getByLabel('Borrow Amount').fill('20000');
  await submit(page).click();
  await expect(page.locator('#loan-borrowAmount-error')).toHaveText(
    'You can borrow up to ₱15,000.00.',
  );

  await page.getByLabel('Borrow Amount').fill('5000');
  await page.getByLabel('Periods').selectOption('3');
  // Preview of loan/calculateLoanInfo: 5% service fee, 3.5% a month.
  await expect(page.getByTestId('received-amount')).toHaveText('₱4,750.00');
  await expect(
    page.getByRole('table', { name: 'Repayment schedule' }).getByRole('row'),
  ).toHaveCount(4);

  await page.getByLabel('Payee Account').click();
  await page.getByLabel('GCash mobile number').fill('12345');
  await page.getByRole('button', { name: 'Use This Account' }).click();
  await expect(
    page.getByText('Please enter a mobile number starting with 09 (11 digits).'),
  ).toBeVisible();
  await page.getByLabel('GCash mobile number').fill('09171234567');
  await page.getByRole('button', { name: 'Use This Account' }).click();
  await expect(page.getByLabel('Payee Account')).toHaveText('GCash 0917****567');
  await page.getByLabel('Purpose').selectOption('Education');

  await submit(page).dblclick();
  await expect(page).toHaveURL(/\/loan\/review\/?\?success=1$/);
  await expect(page.getByText('Application Submitted')).toBeVisible();
  const log = await admin.log();
  const applications = log.filter((e) => e.path === 'loan/ApplyNoPayPassword');
  expect(applications).toHaveLength(1);
  expect(applications[0]?.request.data).toMatchObject({
    borrowAmount: 5000,
    periods: 3,
    payeeId: 'GCASH:09171234567',
    payeeLabel: 'GCash 0917****567',
    purpos: 'Education',
    type: 'ez',
  });
  expect(log.some((e) => e.path === 'loan/loanCheckByArc')).toBe(true);
  // The review shows the application from loan/loanDetail.
  await expect(page.getByText('GCash 0917****567')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Direct Loan App' })).toBeVisible();
});

test('lender app: payee through pickAccount, application through loanApply', async ({
  page,
  admin,
  bridgeCalls,
}) => {
  await admin.scenario('can-borrow');
  await injectLenderWithPicker(page, await admin.sessionToken());
  await page.goto('/loan/apply');
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await page.getByLabel('Borrow Amount').fill('3000');
  await page.getByLabel('Payee Account').click();
  await expect(page.getByLabel('Payee Account')).toHaveText('GCash 0917****567');
  await page.getByLabel('Purpose').selectOption('Medical');
  await submit(page).click();

  await expect(page).toHaveURL(/\/loan\/review\/?\?success=1$/);
  await expect(page.getByText('Application Submitted')).toBeVisible();
  const calls: BridgeCall[] = await bridgeCalls(page);
  expect(calls.filter((c) => c.method === 'pickAccount')).toHaveLength(1);
  expect(calls.find((c) => c.method === 'loanApply')?.params).toEqual({
    borrowAmount: 3000,
    periods: 1,
    payeeId: 'PAYEE-77',
  });
  const log = await admin.log();
  expect(log.some((e) => e.path === 'loan/ApplyNoPayPassword')).toBe(false);
  // The lender app hides the download offer.
  await expect(page.getByRole('button', { name: 'Download Direct Loan App' })).toHaveCount(0);
});
