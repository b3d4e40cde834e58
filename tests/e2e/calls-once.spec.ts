/**
 * One call per need (stores/Freshness.ts, docs/spa.md "Kept-alive tabs"): what the app has just
 * learnt is not asked again by the next screen, and a logout keeps the device's secure channel —
 * counted in the mock's traffic log.
 */
import { countOf } from './firstFrame-helpers';
import { expect, type Page, test } from './fixtures';
import { loginOnWeb, PH_USER } from './tabs-helpers';

const HANDSHAKE = 'config/getServicePublicKey';

/** Resolves once the page has the answer of `path` (an encrypted call's URL ends with it). */
function answerOf(page: Page, path: string) {
  return page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(path));
}

test('a cold open of /kyc/review asks the user info and the unread list once', async ({
  page,
  admin,
  inLenderApp,
}) => {
  await inLenderApp(page, 'kyc-review');
  // The review's own call is made by the screen, with anything else the screen asks for: once it
  // is answered, a second user-info call of the screen would have been sent too.
  const review = answerOf(page, 'loan/reviewInfo');
  await page.goto('/kyc/review');
  await expect(page.getByText('Under Review').first()).toBeVisible();
  await review;
  await expect.poll(() => countOf(admin, 'loan/reviewInfo')).toBe(1);
  expect(await countOf(admin, 'user/userInfo')).toBe(1);
  expect(await countOf(admin, 'user/unread')).toBe(1);
});

test('/loan/apply right after Home takes the loan info Home just got', async ({ page, admin }) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(1);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  // The form's vouchers come with any loan info it asks for; its preview comes after both.
  await expect.poll(() => countOf(admin, 'coupon/list')).toBe(1);
  await page.getByLabel('Borrow Amount').fill('5000');
  await expect.poll(() => countOf(admin, 'loan/calculateLoanInfo')).toBe(1);
  expect(await countOf(admin, 'loan/loanInfo')).toBe(1);
});

test('logout → login in one page goes on with the same secure channel', async ({ page, admin }) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Area code').selectOption(PH_USER.areaCode);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(PH_USER.phone);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // A handshake would have gone before the second login, which is answered by now.
  await expect.poll(() => countOf(admin, 'user/login')).toBe(2);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
});
