/**
 * /kyc/review says what each KYC state needs (PRODUCT.md §4 KYC state codes): an expired KYC
 * (state 7) is told to update it, never promised a review; one under review (state 2) is.
 */
import { expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

test('kyc-expired: the review page asks for an update and promises no review', async ({
  page,
  admin,
}) => {
  await admin.scenario('kyc-expired');
  await restoreWebSession(page, admin);
  await page.goto('/kyc/review');
  await expect(page.getByText('Expired', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Update your KYC information in the Direct Loan app before applying for a loan.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Information' })).toBeVisible();
  await expect(page.getByText(/review is done|reviewing/i)).toHaveCount(0);
});

test('kyc-review: the page under review still promises the review notice', async ({
  page,
  admin,
}) => {
  await admin.scenario('kyc-review');
  await restoreWebSession(page, admin);
  await page.goto('/kyc/review');
  await expect(page.getByText('Under Review', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Get notified as soon as your review is done in the Direct Loan app.'),
  ).toBeVisible();
});
