/**
 * Repay flows end to end (PRODUCT.md §2 "Repay channel screens") against the real encrypted mock API: Bill → REPAY → channel →
 * detail → order, in the web profile (payment code shown) and the lender profile (the host's
 * gcashPayment / fastPayPayment observed with the order's number and amount), the limit refusal
 * before any order, the Maya account rule and the public result. One pending order per
 * installment set (reload, way back, tutorial, refusals): money-one-order.spec.ts.
 */
import type { Page } from '@playwright/test';
import { type BridgeCall, expect, test } from './fixtures';
import { ordersIn, repayFromBill } from './money-helpers';
import { restoreWebSession } from './webSession';

/** Bill → REPAY: the channel list shows the amount of the two preselected rows. */
async function payFromBill(page: Page) {
  await repayFromBill(page);
  await expect(page.getByTestId('repay-amount')).toHaveText('₱8,350.00');
}

test.describe('repay: web profile', () => {
  test('Bill → REPAY → 7-ELEVEN → detail → order with a payment code → result', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await restoreWebSession(page, admin);
    await payFromBill(page);
    await expect(page.getByText('2 installment(s) selected')).toBeVisible();

    await page.getByRole('button', { name: /7-ELEVEN/ }).click();
    await expect(page).toHaveURL(/\/repay\/ph\/detail\?amount=8350&key=SEVEN_ELEVEN$/);
    await expect(page.getByText('Limit ₱10,000.00 per transaction')).toBeVisible();
    await expect(page.getByText('Biller')).toBeVisible();
    await expect(page.getByText('7-ELEVEN CLiQQ kiosk')).toBeVisible();
    await page.getByRole('button', { name: 'REPAY' }).click();

    const code = page.getByTestId('pay-code');
    await expect(code).toBeVisible();
    const [order] = ordersIn(await admin.log());
    expect(order?.request.data).toMatchObject({ channel: 'SEVEN_ELEVEN', repayAmount: 8350 });
    const periodIds =
      (order?.request.data as { periodIds?: string[] } | undefined)?.periodIds ?? [];
    expect([...periodIds].sort()).toEqual(['P000006', 'P000007']);
    const placed = order?.response.data as { orderNo: string; payCode: string };
    await expect(code).toHaveText(placed.payCode);

    await page.getByRole('button', { name: 'I Have Paid' }).click();
    await expect(page).toHaveURL(new RegExp(`/repay/publicResult\\?orderNo=${placed.orderNo}$`));
    await expect(page.getByText('Repayment Successful')).toBeVisible();
    // Home data refreshes after the repayment.
    await expect
      .poll(async () => (await admin.log()).filter((e) => e.path === 'loan/loanInfo').length)
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Back to Bill' }).click();
    await expect(page.getByRole('button', { name: 'REPAY' })).toBeDisabled();

    // The result is a public path: a visitor without a session sees it too.
    const visitor = await page.context().browser()?.newPage({ baseURL: admin.url });
    if (!visitor) throw new Error('no browser');
    await visitor.goto(`/repay/publicResult?orderNo=${placed.orderNo}`);
    await expect(visitor.getByText('Repayment Successful')).toBeVisible();
    await expect(visitor).toHaveURL(/\/repay\/publicResult\?orderNo=/);
    await visitor.close();
  });

  test('an amount above a channel limit is refused before any order; Shopee adds its fee', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await restoreWebSession(page, admin);
    // All four bills: ₱12,033.34.
    await page.goto('/bill');
    const rows = page.getByRole('list', { name: 'Repayment Plan' }).getByRole('listitem');
    await expect(rows).toHaveCount(4);
    for (const i of [2, 3]) await rows.nth(i).getByRole('checkbox').click();
    await page.getByRole('button', { name: 'REPAY' }).click();
    await expect(page).toHaveURL(/\/repay\/selectCh\/?\?amount=12033.34$/);
    const seven = page.getByRole('button', { name: /7-ELEVEN/ });
    await expect(seven).toContainText('Above limit');
    await seven.click();
    await expect(
      page.getByText(
        'The amount ₱12,033.34 exceeds the 7-ELEVEN limit of ₱10,000.00. Please choose another channel or fewer bills.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/repay\/selectCh\/?\?amount=12033.34$/);

    await page.goto('/repay/ph/detail?amount=12033.34&key=SEVEN_ELEVEN');
    await expect(page.getByRole('alert')).toContainText('exceeds the 7-ELEVEN limit of ₱10,000.00');
    await page.getByRole('button', { name: 'REPAY' }).click();
    expect(ordersIn(await admin.log())).toEqual([]);

    await page.goto('/repay/ph/detail?amount=8350&key=SHOPEE');
    await expect(page.getByTestId('repay-amount')).toHaveText('₱8,380.00');
    await expect(page.getByText('Bills ₱8,350.00 + channel fee ₱30.00')).toBeVisible();

    await page.goto('/repay/ph/detail?amount=8350&key=PALAWAN');
    await expect(page.getByRole('heading', { name: 'Pay over the counter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay with the Palawan Pay app' })).toBeVisible();
  });

  test('Maya WebPay: the 08/09 account rule, the study page, then an order with a link', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await restoreWebSession(page, admin);
    await page.goto('/repay/selectCh?amount=8350');
    await page.getByRole('button', { name: /Maya WebPay/ }).click();
    await expect(page).toHaveURL(/\/repay\/ph\/mayaChannel\?amount=8350$/);
    await expect(
      page.getByText('Please enter a Maya account starting with 08 or 09.'),
    ).toBeVisible();

    const account = page.getByLabel('Maya Account');
    await account.fill('07171234567');
    await page.getByRole('button', { name: 'REPAY' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please enter a Maya account starting with 08 or 09.',
    );
    expect(ordersIn(await admin.log())).toEqual([]);

    await page.getByRole('link', { name: 'How to pay with Maya WebPay' }).click();
    await expect(page).toHaveURL(/\/repay\/ph\/studyPage$/);
    await expect(page.getByRole('heading', { name: '2. Enter your Maya account' })).toBeVisible();
    await page.goBack();

    await page.getByLabel('Maya Account').fill('0917 123 4567');
    await page.getByRole('button', { name: 'REPAY' }).click();
    await expect(page.getByRole('button', { name: 'Open Payment Page' })).toBeVisible();
    const [order] = ordersIn(await admin.log());
    expect(order?.request.data).toMatchObject({ channel: 'MAYA_WEBPAY', account: '09171234567' });
  });
});

test('web: every PH channel of PRODUCT.md §9 orders the two installments; each voids the last', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  await page.goto('/repay/ph/channels');
  const rows = page.getByRole('list', { name: 'Repay channels' }).getByRole('button');
  await expect(rows).toHaveCount(17);
  await page.goto('/repay/selectCh?amount=8350');
  await expect(page.getByText('2 installment(s) selected')).toBeVisible();
  const keys = [
    'GCASH_LINK_TO_PAY',
    'GCASH',
    'SEVEN_ELEVEN',
    'LBC',
    'M_LHUILLIER',
    'RD_PAWNSHOP',
    'TRUE_MONEY',
    'PAYMAYA',
    'CEBUANA',
    'UNION_BANK',
    'BDO',
    'USSC',
    'SHOPEE',
    'PALAWAN',
    'BPI',
    'QRPH',
  ];
  for (const key of keys) {
    await page.goto(`/repay/ph/detail?amount=8350&key=${key}`);
    await page.getByRole('button', { name: 'REPAY' }).click();
    await expect(page.getByRole('button', { name: 'I Have Paid' })).toBeVisible();
  }
  const orders = ordersIn(await admin.log(500));
  expect(orders.map((o) => (o.request.data as { channel: string }).channel)).toEqual(keys);
  expect(orders.every((o) => o.response.code === 200)).toBe(true);
  const orderNos = orders.map((o) => (o.response.data as { orderNo: string }).orderNo);
  // Each channel is a new order for the same installments; only the newest one is live.
  expect(new Set(orderNos).size).toBe(keys.length);
  const shopee = orders.find((o) => (o.request.data as { channel: string }).channel === 'SHOPEE');
  expect((shopee?.response.data as { amount?: number } | undefined)?.amount).toBe(8380);

  // Opening the QRPh screen again shows its order instead of asking for a 17th.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Order ${orderNos.at(-1)}` })).toBeVisible();
  expect(ordersIn(await admin.log(500))).toHaveLength(keys.length);

  await page.getByRole('button', { name: 'I Have Paid' }).click();
  await expect(page.getByText('Repayment Successful')).toBeVisible();
  await page.goto(`/repay/publicResult?orderNo=${orderNos[0]}`);
  await expect(page.getByText(/was replaced by a newer one on G-Cash/).first()).toBeVisible();
  await page.goto('/repay/tw/fastpayDownload');
  await expect(page.getByRole('button', { name: 'Download FastPay' })).toBeVisible();
});

test.describe('repay: native hosts', () => {
  test('lender app: G-Cash pays through gcashPayment with the order number and amount', async ({
    page,
    admin,
    inLenderApp,
    bridgeCalls,
  }) => {
    await inLenderApp(page, 'repaying');
    await payFromBill(page);
    await page.getByRole('button', { name: /^G-Cash/ }).click();
    await page.getByRole('button', { name: 'REPAY' }).click();

    await expect(page).toHaveURL(/\/repay\/publicResult\?orderNo=/);
    await expect(page.getByText('Repayment Successful')).toBeVisible();
    const placed = ordersIn(await admin.log())[0]?.response.data as { orderNo: string };
    const calls: BridgeCall[] = await bridgeCalls(page);
    const payment = calls.find((c) => c.method === 'gcashPayment');
    expect(payment?.params).toEqual({ orderNo: placed.orderNo, amount: 8350 });
    await expect
      .poll(async () => (await bridgeCalls(page)).find((c) => c.method === 'loanRepaid')?.params)
      .toEqual({ orderNo: placed.orderNo });
  });

  test('Taiwan borrower in the lender app: FastPay pays through fastPayPayment', async ({
    page,
    admin,
    inLenderApp,
    bridgeCalls,
  }) => {
    await inLenderApp(page, 'taiwan', { phone: '912345678' });
    await page.goto('/bill');
    const repay = page.getByRole('button', { name: 'REPAY' });
    await expect(repay).toBeVisible();
    // Both Taiwan rows are Normal (not preselected): tick the first one.
    await expect(repay).toBeDisabled();
    await page.locator('label', { hasText: 'Pay DL2026101800026 period 2' }).click();
    await expect(repay).toBeEnabled();
    await repay.click();
    await expect(page).toHaveURL(/\/repay\/selectCh/);
    const channels = page.getByRole('list', { name: 'Repay channels' }).getByRole('button');
    await expect(channels).toHaveCount(1);
    await channels.first().click();
    await expect(page.getByText('FastPay wallet', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'REPAY' }).click();

    await expect(page).toHaveURL(/\/repay\/publicResult\?orderNo=/);
    const order = ordersIn(await admin.log())[0];
    const placed = order?.response.data as { orderNo: string; amount: number };
    const payment = (await bridgeCalls(page)).find((c) => c.method === 'fastPayPayment');
    expect(payment?.params).toEqual({ orderNo: placed.orderNo, amount: placed.amount });
    expect(placed.amount).toBeGreaterThan(0);
  });
});
