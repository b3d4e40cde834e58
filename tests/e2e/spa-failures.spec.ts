/** Failures without dead ends: what is missing is said, and the borrower can retry in place. */
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test('Home: loan info that fails says so and comes back with Retry, never "₱0" alone', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await admin.fault({ path: 'loan/loanInfo', code: 9000017, message: 'busy', times: 1 });
  await page.goto('/login');
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const missing = page
    .getByRole('alert')
    .filter({ hasText: 'Your loan details could not be loaded.' });
  await expect(missing).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveCount(0);
  await missing.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeEnabled();
});

test('Home: a failed refresh keeps the last figures, marked as not updated', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await admin.fault({ path: 'loan/loanInfo', code: 9000017, message: 'busy', times: 1 });
  await page.reload();
  await expect(
    page.getByText('Not updated: these figures are from your last visit.'),
  ).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Not updated')).toHaveCount(0);
});

test('KYC: a form that cannot load its fields says so and Retry brings them', async ({
  page,
  admin,
}) => {
  await admin.scenario('new-user');
  await loginOnWeb(page);
  await admin.fault({
    path: 'config/getCertificationConfig',
    code: 500,
    message: 'down',
    times: 1,
  });
  await page.goto('/kyc/apply');
  const failed = page.getByRole('alert').filter({ hasText: 'The KYC form could not be loaded.' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('First Name')).toBeVisible();
});

test('a borrower who cannot apply yet is taken where the Home button would go', async ({
  page,
  admin,
}) => {
  await admin.scenario('new-user');
  await loginOnWeb(page);
  await page.goto('/loan/apply');
  await expect(page).toHaveURL(/\/kyc\/apply$/);
  await expect(page.getByText(/Available/)).toHaveCount(0);
});

test('a refused secure handshake shows the server’s message, then the secure-connection dialog', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await admin.fault({
    path: 'config/getServicePublicKey',
    code: 500,
    message: 'Service under maintenance until 6 AM',
    // The first is the quiet warm-up at the login page; the second answers the LOGIN itself.
    times: 2,
  });
  await page.goto('/login');
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Service under maintenance until 6 AM')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('problem with the secure connection');
});
