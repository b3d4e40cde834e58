/**
 * After a loan application the app shows the loan the server has (DESIGN.md §6): Home right away,
 * the review page with the new application, and a reload during the submit leads to the loan in
 * progress, never to a form with no way on.
 */
import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

const submit = (page: Page) => page.getByRole('button', { name: 'SUBMIT' });

/** Fills the web loan form with a valid application. */
async function fillApplication(page: Page, amount: string) {
  await page.getByLabel('Borrow Amount').fill(amount);
  await page.getByLabel('Payee Account').click();
  await page.getByLabel('GCash mobile number').fill('09171234567');
  await page.getByRole('button', { name: 'Use This Account' }).click();
  await page.getByLabel('Purpose').selectOption('Education');
}

test('web: Home shows Loan Releasing right after the application, the review shows it', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await fillApplication(page, '5000');
  await submit(page).click();
  await expect(page).toHaveURL(/\/loan\/review\/?\?success=1$/);
  await expect(page.getByText('Application Submitted')).toBeVisible();
  await expect(page.getByText('₱5,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page.getByRole('button', { name: 'Loan Releasing' })).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveText('₱10,000');
});

test('a reload during the submit leads to the loan in progress, not a dead form', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await fillApplication(page, '5000');
  // A slow network: the application lands on the server only after the reloaded form is back.
  await admin.fault({ path: 'loan/ApplyNoPayPassword', delayMs: 4000, times: 1 });
  const sent = page.waitForRequest((r) => r.url().includes('loan/ApplyNoPayPassword'));
  await submit(page).click();
  await sent;
  await page.reload();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await expect
    .poll(async () => (await admin.log(500)).some((e) => e.path === 'loan/ApplyNoPayPassword'))
    .toBe(true);
  // The borrower tries again on the form that came back: the refusal leads to the loan.
  await fillApplication(page, '5000');
  await submit(page).click();
  await expect(page).toHaveURL(/\/loan\/review/);
  await expect(page.getByText('Loan Releasing').first()).toBeVisible();
  const applications = (await admin.log(500)).filter(
    (e) => e.path === 'loan/ApplyNoPayPassword' && e.response.code === 200,
  );
  expect(applications).toHaveLength(1);
});
