/** Repay screens opened without an amount, and amounts as PRODUCT.md §9 writes them. */
import { expect, test } from './fixtures';
import { cancelGcash, ordersIn, repayFromBill } from './money-helpers';
import { loginOnWeb } from './tabs-helpers';

test('a channel list without an amount marks no channel "Above limit"', async ({ page, admin }) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await page.goto('/repay/selectCh?amount=0');
  await expect(page.getByRole('list', { name: 'Repay channels' })).toBeVisible();
  await expect(page.getByText('Limit ₱10,000.00')).toBeVisible();
  await expect(page.getByText(/Above limit/)).toHaveCount(0);
  // All four bills (₱12,033.34): above 7-ELEVEN's ₱10,000 limit, not Maya WebPay's (none).
  await page.goto('/bill');
  const rows = page.getByRole('list', { name: 'Repayment Plan' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  for (const i of [2, 3]) await rows.nth(i).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page).toHaveURL(/amount=12033\.34$/);
  await expect(page.getByRole('button', { name: /7-ELEVEN.*Above limit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Maya WebPay.*Above limit/ })).toHaveCount(0);
});

test("a link whose amount is not the chosen bills' sum says so and leads to the bills", async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await repayFromBill(page);
  await expect(page.getByText('2 installment(s) selected')).toBeVisible();

  await page.goto('/repay/selectCh?amount=99999999');
  const mismatch = page.getByTestId('amount-mismatch');
  await expect(mismatch).toContainText(
    'The amount in this link (₱99,999,999.00) is not the sum of the bills you chose.',
  );
  // No contradictory screen: no selection count, no channels all above their limit.
  await expect(page.getByText(/installment\(s\) selected/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Repay channels' })).toHaveCount(0);
  await expect(page.getByText('Above limit')).toHaveCount(0);

  // A channel screen opened with such an amount offers no REPAY that can only refuse.
  await page.goto('/repay/ph/detail?amount=99999999&key=BDO');
  await expect(page.getByTestId('amount-mismatch')).toBeVisible();
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  await page.goto('/repay/ph/mayaChannel?amount=99999999');
  await expect(page.getByTestId('amount-mismatch')).toBeVisible();
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);

  await page.goto('/repay/selectCh?amount=99999999');
  await page
    .getByRole('link', { name: 'Pay ₱8,350.00 for the 2 installment(s) you chose' })
    .click();
  await expect(page).toHaveURL(/\/repay\/selectCh\?amount=8350$/);
  await expect(page.getByText('2 installment(s) selected')).toBeVisible();
  await expect(page.getByTestId('repay-amount')).toHaveText('₱8,350.00');
  expect(ordersIn(await admin.log())).toEqual([]);
});

test('Maya WebPay without an amount: its logo, no REPAY that can only fail, the way to the bills', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await page.goto('/repay/ph/mayaChannel');
  await expect(page.getByRole('img', { name: /logo/ })).toBeVisible();
  await expect(page.getByText('Please choose the bills to pay first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  await expect(page.getByText('Amount to Pay')).toHaveCount(0);
  await page.getByRole('link', { name: 'Choose bills to pay' }).click();
  await expect(page).toHaveURL(/\/bill$/);
});

test('a QRPh order shows a QR code to scan beside its payment code', async ({ page, admin }) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await page.goto('/repay/ph/detail?amount=8350&key=QRPH');
  await page.getByRole('button', { name: 'REPAY' }).click();
  const code = await page.getByTestId('pay-code').textContent();
  const qr = page.getByRole('img', { name: `QR code of payment ${code}` });
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  const box = await qr.boundingBox();
  expect(box?.width).toBeGreaterThan(150);
});

test('lender app: a cancelled G-Cash payment is paid again on the same order', async ({
  page,
  admin,
  inLenderApp,
  bridgeCalls,
}) => {
  await inLenderApp(page, 'repaying');
  await cancelGcash(page, 'first time');
  await repayFromBill(page);
  await page.getByRole('button', { name: /^G-Cash/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page.getByText('Payment cancelled.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay Again' }).click();
  await expect(page).toHaveURL(/\/repay\/publicResult\?orderNo=/);
  expect(ordersIn(await admin.log())).toHaveLength(1);
  const payments = (await bridgeCalls(page)).filter((c) => c.method === 'gcashPayment');
  expect(payments).toHaveLength(2);
});
