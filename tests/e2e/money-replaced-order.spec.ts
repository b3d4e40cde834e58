/**
 * No dead end on a money screen (DESIGN.md §6 "One pending order per installment set"): an order
 * replaced by another device's order for the same installments is never offered for payment
 * again; its result page says which order to pay instead, once, and leads there; a visitor and a
 * link without an order number get a reason and a way on.
 */
import type { Page } from '@playwright/test';
import type { MockServer } from '../../mock-server/app';
import { expect, test } from './fixtures';
import { repayFromBill } from './money-helpers';
import { restoreWebSession } from './webSession';

/** The other device: the same borrower orders the same two installments on Shopee. */
async function orderOnAnotherDevice(mock: MockServer, channel: string) {
  const response = await fetch(`${mock.url}/__admin/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': mock.adminToken },
    body: JSON.stringify({
      path: 'repay/generatorRepayOrder',
      data: { channel, repayAmount: 8350, periodIds: ['P000006', 'P000007'] },
    }),
  });
  const answer = (await response.json()) as { code: number; data: { orderNo: string } };
  expect(answer.code).toBe(200);
  return answer.data.orderNo;
}

/** Bill → REPAY → 7-ELEVEN → REPAY: the web shows the order's payment code. */
async function orderSevenEleven(page: Page) {
  await repayFromBill(page);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  const heading = page.getByRole('heading', { name: /^Order RP/ });
  await expect(heading).toBeVisible();
  return ((await heading.textContent()) ?? '').replace('Order ', '');
}

test('the result of a replaced order names the live one once and leads to it', async ({
  page,
  admin,
  mock,
}) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  const first = await orderSevenEleven(page);
  const live = await orderOnAnotherDevice(mock, 'SHOPEE');

  await page.getByRole('button', { name: 'I Have Paid' }).click();
  const result = page.locator('.adm-result');
  await expect(result).toContainText('Order replaced');
  await expect(result).toContainText(
    `Order ${first} can no longer be paid. Your bills are now on order ${live} (Shopee).`,
  );
  // The server's own words are the notification; the page does not say them a second time.
  await expect(result).not.toContainText('Please pay that order instead');
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);

  await page.getByRole('link', { name: `Pay order ${live} on Shopee` }).click();
  await expect(page).toHaveURL(/\/repay\/ph\/detail\?amount=8350&key=SHOPEE$/);
  await page.getByRole('button', { name: 'REPAY' }).click();
  // The same order, not another one: the other device's order is the one paid.
  await expect(page.getByRole('heading', { name: `Order ${live}` })).toBeVisible();
});

test('a visitor and a link without an order number get a reason and a way on', async ({
  page,
  admin,
  mock,
}) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  const first = await orderSevenEleven(page);
  await orderOnAnotherDevice(mock, 'SHOPEE');

  const visitor = await page.context().browser()?.newPage({ baseURL: admin.url });
  if (!visitor) throw new Error('no browser');
  await visitor.goto(`/repay/publicResult?orderNo=${first}`);
  await expect(visitor.locator('.adm-result')).toContainText('Order replaced');
  // The channel as the borrower knows it, though a visitor's app has no channel list.
  await expect(visitor.locator('.adm-result')).toContainText('(Shopee).');
  await expect(visitor.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  const logIn = visitor.getByRole('link', { name: 'Log In to see your bills' });
  await expect(logIn).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/repay/publicResult?orderNo=${first}`)}`,
  );

  await visitor.goto('/repay/publicResult');
  await expect(visitor.locator('.adm-result')).toContainText(
    'This link has no order number. Open the result from your payment, or see your bills.',
  );
  await visitor.getByRole('link', { name: 'Log In to see your bills' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fbill$/);
  await visitor.close();

  // Signed in, the same link without an order number leads to the bills.
  await page.goto('/repay/publicResult');
  await expect(page.locator('.adm-result')).toContainText('This link has no order number.');
  await page.getByRole('button', { name: 'Back to Bill' }).click();
  await expect(page).toHaveURL(/\/bill$/);
});
