/**
 * DESIGN.md §6 "Market calendar": a borrower abroad (an OFW in Los Angeles, UTC-8 in December)
 * reads the same due date on the loan form's schedule and on Bill — the market's day (UTC+8) —
 * whatever the phone's zone. The world's clock and the phone's are set to an instant whose due
 * date 30 days later is Dec 25 in Manila and still Dec 24 in Los Angeles, so a date read on the
 * phone's own calendar anywhere shows the mismatch.
 */
import { expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

test.use({ timezoneId: 'America/Los_Angeles' });

/** Manila Nov 25 10:00 = Los Angeles Nov 24 18:00; one 30-day period later: Dec 25 / Dec 24. */
const APPLIED_AT = '2026-11-25T10:00:00+08:00';
const MARKET_DUE_DATE = 'Dec 25,2026';

test('the loan form and Bill show the same market due date under America/Los_Angeles', async ({
  page,
  admin,
  mock,
}) => {
  await admin.scenario('can-borrow');
  const moved = await fetch(`${mock.url}/__admin/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-admin-token': mock.adminToken },
    body: JSON.stringify({ at: APPLIED_AT, running: true }),
  });
  expect(moved.ok).toBe(true);
  // The phone's clock follows the world's (the transport's freshness window reads both).
  await page.clock.install({ time: new Date(APPLIED_AT) });
  await restoreWebSession(page, admin);

  await page.goto('/loan/apply');
  expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBe(480);
  await page.getByLabel('Borrow Amount').fill('5000');
  const schedule = page.getByRole('table', { name: 'Repayment schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(2);
  await expect(schedule.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(
    MARKET_DUE_DATE,
  );

  await page.getByLabel('Payee Account').click();
  await page.getByLabel('GCash mobile number').fill('09171234567');
  await page.getByRole('button', { name: 'Use This Account' }).click();
  await page.getByLabel('Purpose').selectOption('Education');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('Application Submitted')).toBeVisible();

  await page.goto('/bill?type=2');
  const loan = page.getByRole('list', { name: 'My Loan' }).locator('.loan-row').first();
  await loan.getByRole('button', { name: 'Details' }).click();
  await expect(loan.locator('.loan-row__period').first()).toContainText(`Due ${MARKET_DUE_DATE}`);
});
