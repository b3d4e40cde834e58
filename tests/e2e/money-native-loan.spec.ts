/**
 * The lender app submits the loan natively (DESIGN.md §4 `loanApply`): the borrower picks "BDO
 * Savings •••• 3344" in the app's account sheet, and the review shows that account — the host's
 * internal id (PAYEE-BDO-3344) is the app's business, not the borrower's.
 */
import { expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

test('after a native loanApply the review shows the account the borrower picked', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = phoneApp(page);
  await app.getByRole('button', { name: 'Apply Now' }).click();
  await app.getByLabel('Borrow Amount').fill('5000');
  await app.getByLabel('Payee Account').click();
  const sheet = page.getByRole('dialog', { name: 'pickAccount request' });
  await sheet.getByText('BDO Savings •••• 3344').click();
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect(app.getByLabel('Payee Account')).toHaveText('BDO Savings •••• 3344');
  await app.getByLabel('Purpose').selectOption('Education');
  await app.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(app.getByText('Application Submitted')).toBeVisible();
  const application = app.getByRole('region', { name: 'Application' });
  await expect(application).toContainText('Payee AccountBDO Savings •••• 3344');
  await expect(application).not.toContainText('PAYEE-BDO-3344');
});
