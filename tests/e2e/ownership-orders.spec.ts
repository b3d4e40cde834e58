/**
 * A pending order belongs to the user (DESIGN.md §6 "Ownership and money"): kept across a logout
 * of the same user, who finds it again instead of a new one, and never shown to another borrower
 * on the same phone.
 */
import { expect, type Page, test } from './fixtures';
import { placedOrders, repayFromBill } from './money-helpers';
import { loginOnWeb, PH_USER } from './tabs-helpers';

const OTHER_BORROWER = { areaCode: '63', phone: '9170000002' } as const;
/** The 7-ELEVEN screen for the bills the repaying scenario preselects. */
const SEVEN_ELEVEN = '/repay/ph/detail?amount=8350&key=SEVEN_ELEVEN';

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('a pending order is kept across a logout of its user and never shown to another', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await repayFromBill(page);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  const code = page.getByTestId('pay-code');
  await expect(code).toBeVisible();
  const [order] = await placedOrders(admin);
  if (!order?.payCode) throw new Error('7-ELEVEN gives a payment code');

  // Another borrower on the same phone, on A's link: they have no such bills, so the screen says
  // the link's amount is not theirs to pay, and shows none of A's order.
  await logOut(page);
  await loginOnWeb(page, OTHER_BORROWER);
  await page.goto(SEVEN_ELEVEN);
  await expect(page.getByText('is not the sum of the bills you chose')).toBeVisible();
  await expect(code).toHaveCount(0);
  const seenByOther = await page.content();
  expect(seenByOther).not.toContain(order.payCode);
  expect(seenByOther).not.toContain(order.orderNo);

  // The same borrower again, after logging out: the order they already have, not a new one.
  await logOut(page);
  await loginOnWeb(page, PH_USER);
  await repayFromBill(page);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await expect(code).toHaveText(order.payCode);
  await expect(page.getByRole('button', { name: 'REPAY' })).toHaveCount(0);
  expect(await placedOrders(admin)).toHaveLength(1);
});

test("a wallet pays an order only with its borrower's token", async ({ page, admin }) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await repayFromBill(page);
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page.getByTestId('pay-code')).toBeVisible();
  const [order] = await placedOrders(admin);
  if (!order) throw new Error('a 7-ELEVEN order');
  const pay = (token: string) =>
    admin.hostAction('gcashPayment', token, { orderNo: order.orderNo, amount: order.amount });

  expect((await pay('tk_made_up')).code).toBe(9000001);
  await logOut(page);
  await loginOnWeb(page, OTHER_BORROWER);
  const other = await admin.sessionToken(OTHER_BORROWER.phone);
  expect(await pay(other)).toMatchObject({ code: 404, message: `No repay order ${order.orderNo}` });
  expect((await pay(await admin.sessionToken(PH_USER.phone))).code).toBe(200);
});
