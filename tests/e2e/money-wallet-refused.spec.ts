/**
 * A wallet payment the backend refuses because the order was replaced — another device of the
 * same borrower ordered the same installments on another channel (DESIGN.md §6 "One pending order
 * per installment set"): the page shows the host's reason, never "Please try again" with a Pay
 * Again on an order that can never be paid (nor after a reload), and leads to the live order.
 * Through the browser harness, whose host pays on the server as a real wallet does.
 */
import type { Page } from '@playwright/test';
import { expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

const worldOf = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
    ).sessionStorage.getItem('directLoanSimulator.world'),
  );

test('a G-Cash payment of a replaced order: the reason, no Pay Again, the way to the live order', async ({
  page,
  openHarness,
  server,
}) => {
  await openHarness('profile=lender&scenario=repaying&path=/bill');
  const app = phoneApp(page);
  await app.getByRole('button', { name: 'REPAY' }).click();
  await app.getByRole('button', { name: /^G-Cash/ }).click();
  await app.getByRole('button', { name: 'REPAY' }).click();
  const sheet = page.getByRole('dialog', { name: 'gcashPayment request' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  const heading = app.getByRole('heading', { name: /^Order RP/ });
  await expect(heading).toBeVisible();
  const first = ((await heading.textContent()) ?? '').replace('Order ', '');

  // Another device of the same borrower orders the same installments on Shopee.
  const world = await worldOf(page);
  const ordered = await fetch(`${server.url}/__admin/call`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-admin-token': server.adminToken,
      'x-sim-world': world ?? '',
    },
    body: JSON.stringify({
      path: 'repay/generatorRepayOrder',
      data: { channel: 'SHOPEE', repayAmount: 8350, periodIds: ['P000006', 'P000007'] },
    }),
  }).then((r) => r.json() as Promise<{ code: number; data: { orderNo: string } }>);
  expect(ordered.code).toBe(200);
  const live = ordered.data.orderNo;

  await app.getByRole('button', { name: 'Pay Again' }).click();
  await sheet.getByRole('button', { name: 'OK' }).click();
  const refused = app.getByTestId('payment-refused');
  await expect(refused).toContainText(
    `This order (${first}) was replaced by a newer one on Shopee (${live}).`,
  );
  await expect(app.getByText('The payment could not be completed')).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Pay Again' })).toHaveCount(0);
  await expect(refused.getByRole('link', { name: `Pay order ${live} on Shopee` })).toBeVisible();

  // A reload does not bring the dead order back with its Pay Again.
  await page.getByRole('button', { name: 'Reload app' }).click();
  await expect(app.getByRole('button', { name: 'REPAY' })).toBeVisible();
  await expect(app.getByRole('heading', { name: `Order ${first}` })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Pay Again' })).toHaveCount(0);
});
