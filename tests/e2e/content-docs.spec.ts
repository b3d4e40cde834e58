/** /doc/:file: every document renders real content; loan documents fill from the order. */
import { expect, test } from './fixtures';

const DOCS: [file: string, title: string, text: RegExp][] = [
  ['about_us', 'About Us', /Lending Company Regulation Act of 2007/],
  ['privacy_policy', 'Privacy Notice', /Data Privacy Act of 2012/],
  ['help_center', 'Help Center', /Where can I pay\?/],
  ['loan_agreement', 'Loan Agreement', /The Lender lends the Borrower the principal amount/],
  ['disclosure_statement', 'Disclosure Statement', /Truth in Lending Act/],
  ['promissory_note', 'Promissory Note', /promise to pay to the order of/],
  ['acknowledgement_receipt', 'Acknowledgement Receipt', /net loan proceeds/],
  [
    'directloan_terms_and_conditions',
    'Direct Loan Terms and Conditions',
    /SEC Memorandum Circular No\. 18/,
  ],
  ['terms_and_conditions', 'Terms of Use', /Partner and referral programs/],
  ['lottery-link', 'Christmas Lucky Draw Mechanics', /one free chance/],
];

test.describe('documents', () => {
  test('a visitor reads the public documents without logging in', async ({ page }) => {
    for (const file of ['privacy_policy', 'directloan_terms_and_conditions']) {
      await page.goto(`/doc/${file}`);
      await expect(page).toHaveURL(new RegExp(`/doc/${file}$`));
      await expect(page.locator('.markdown h2').first()).toBeVisible();
    }
    await expect(page.getByText('Direct Loan Lending Corp.').first()).toBeVisible();
  });

  test('every document renders its text; an unknown one is not found', async ({
    page,
    inLenderApp,
  }) => {
    await inLenderApp(page, 'repaying');
    for (const [file, title, text] of DOCS) {
      await page.goto(`/doc/${file}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByText('Not built yet')).toHaveCount(0);
    }
    // Opened without an order, the templates show blanks to fill.
    await page.goto('/doc/promissory_note');
    await expect(page.getByText('________').first()).toBeVisible();

    await page.goto('/doc/no_such_document');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('loan documents opened from a bill are filled from the order', async ({
    page,
    inLenderApp,
    admin,
  }) => {
    await inLenderApp(page, 'repaying');
    await page.goto('/doc/loan_agreement?orderNo=DL2026110100012');
    const article = page.locator('article');
    await expect(article.getByText('Ms. Santos').first()).toBeVisible();
    await expect(article.getByText('DL2026110100012')).toBeVisible();
    await expect(article.getByText('________')).toHaveCount(0);
    const schedule = page.getByRole('table', { name: 'Repayment schedule' });
    await expect(schedule.getByRole('row')).toHaveCount(4);
    const log = await admin.log();
    expect(log.find((e) => e.path === 'config/getOrderInfo')?.request.data).toEqual({
      orderNo: 'DL2026110100012',
    });

    await page.goto('/doc/disclosure_statement?orderNo=DL2026BV00001');
    await expect(
      page.getByText('Loan documents are not available for orders containing BV.'),
    ).toBeVisible();
  });

  test('help center contacts go through the native host', async ({
    page,
    inLenderApp,
    bridgeCalls,
  }) => {
    await inLenderApp(page, 'can-borrow');
    await page.goto('/doc/help_center');
    await page.getByRole('button', { name: 'support@directloan.ph' }).click();
    await page.getByRole('button', { name: '(02) 8888 1234' }).click();
    const calls = await bridgeCalls(page);
    expect(calls).toContainEqual({
      method: 'composeEmail',
      params: { to: 'support@directloan.ph' },
    });
    expect(calls).toContainEqual({ method: 'dialPhone', params: { phone: '0288881234' } });
  });
});
