/**
 * One pending order per installment set (DESIGN.md §6 "Ownership and money"): a reload, a way
 * back, the Maya tutorial round trip and a cancelled wallet payment show the order the borrower
 * already has instead of asking for another; another channel voids it, and the server refuses
 * to pay a voided order with the reason. Repay links with amounts that are not whole centavos
 * are refused.
 */
import { expect, test } from './fixtures';
import { cancelGcash, placedOrders, repayFromBill } from './money-helpers';
import { restoreWebSession } from './webSession';

test('web: a reload and a way back show the same order; another channel voids it', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  await repayFromBill(page);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  const code = page.getByTestId('pay-code');
  await expect(code).toBeVisible();
  const [seven] = await placedOrders(admin);
  if (!seven?.payCode) throw new Error('7-ELEVEN gives a payment code');
  await expect(code).toHaveText(seven.payCode);

  await page.reload();
  await expect(code).toHaveText(seven.payCode);
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/repay\/selectCh/);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await expect(code).toHaveText(seven.payCode);
  expect(await placedOrders(admin)).toHaveLength(1);

  // Another channel for the same installments: a new order, and the first one is void.
  await page.goBack();
  await page.getByRole('button', { name: /Shopee/ }).click();
  await expect(
    page.getByText(
      `Your 7-ELEVEN order ${seven.orderNo} for these bills is waiting for payment. REPAY here replaces it.`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(code).not.toHaveText(seven.payCode);
  const orders = await placedOrders(admin);
  expect(orders).toHaveLength(2);
  const shopee = orders[1];
  if (!shopee) throw new Error('a Shopee order');
  expect(shopee.orderNo).not.toBe(seven.orderNo);

  // A wallet paying the voided order is refused, and says why.
  const paid = await admin.hostAction('gcashPayment', await admin.sessionToken(), {
    orderNo: seven.orderNo,
    amount: seven.amount,
  });
  expect(paid.code).toBe(9000031);
  expect(paid.message).toContain(`replaced by a newer one on Shopee (${shopee.orderNo})`);
  // So is the app's own way to pay it: the result page of the old order.
  await page.goto(`/repay/publicResult?orderNo=${seven.orderNo}`);
  await expect(page.getByText('Order replaced')).toBeVisible();
  await expect(page.locator('.adm-result')).toContainText(
    `Your bills are now on order ${shopee.orderNo} (Shopee).`,
  );
  await page.goto(`/repay/publicResult?orderNo=${shopee.orderNo}`);
  await expect(page.getByText('Repayment Successful')).toBeVisible();
  // Paid once; paying again is refused.
  const again = await admin.hostAction('gcashPayment', await admin.sessionToken(), {
    orderNo: shopee.orderNo,
    amount: shopee.amount,
  });
  expect(again).toMatchObject({ code: 9000033, message: expect.stringContaining('already paid') });
});

test('web: the Maya tutorial round trip comes back to the same order', async ({ page, admin }) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  await page.goto('/repay/selectCh?amount=8350');
  await page.getByRole('button', { name: /Maya WebPay/ }).click();
  await page.getByLabel('Maya Account').fill('09171234567');
  await page.getByRole('button', { name: 'REPAY' }).click();
  const openPayment = page.getByRole('button', { name: 'Open Payment Page' });
  await expect(openPayment).toBeVisible();
  const [maya] = await placedOrders(admin);
  if (!maya) throw new Error('a Maya order');

  await page.getByRole('link', { name: 'How to pay with Maya WebPay' }).click();
  await expect(page).toHaveURL(/\/repay\/ph\/studyPage$/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: `Order ${maya.orderNo}` })).toBeVisible();
  await expect(openPayment).toBeVisible();
  await expect(page.getByLabel('Maya Account')).toHaveCount(0);
  expect(await placedOrders(admin)).toHaveLength(1);
});

test('lender app: after a cancelled G-Cash payment, going back to G-Cash shows the same order', async ({
  page,
  admin,
  inLenderApp,
  bridgeCalls,
}) => {
  await inLenderApp(page, 'repaying');
  await cancelGcash(page, 'every time');
  await repayFromBill(page);
  await page.getByRole('button', { name: /^G-Cash/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page.getByText('Payment cancelled.')).toBeVisible();
  const [gcash] = await placedOrders(admin);
  if (!gcash) throw new Error('a G-Cash order');

  await page.goBack();
  await page.getByRole('button', { name: /^G-Cash/ }).click();
  await expect(page.getByRole('heading', { name: `Order ${gcash.orderNo}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Order ${gcash.orderNo}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pay Again' }).click();
  await expect
    .poll(async () =>
      (await bridgeCalls(page))
        .filter((c) => c.method === 'gcashPayment')
        .map((c) => (c.params as { orderNo: string }).orderNo),
    )
    .toEqual([gcash.orderNo]);
  expect(await placedOrders(admin)).toHaveLength(1);
});

test('repay links whose amount is not whole centavos are refused, never rounded', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  const invalid = page.getByText(/The amount in this link is not a valid amount to pay/);
  await page.goto('/repay/selectCh?amount=12.345');
  await expect(invalid).toBeVisible();
  await expect(page.getByTestId('repay-amount')).toHaveText('—');
  await expect(page.getByText('₱12.35')).toHaveCount(0);
  await page.goto('/repay/ph/detail?amount=-5&key=BDO');
  await expect(invalid).toBeVisible();
  await expect(page.getByText(/₱5\.00/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  await page.goto('/repay/ph/mayaChannel?amount=1e9');
  await expect(invalid).toBeVisible();
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  expect(await placedOrders(admin)).toEqual([]);
});
