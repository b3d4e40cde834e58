/**
 * Home's due block and the Bill tab agree (PRODUCT.md §4 overdue display and period types;
 * DESIGN.md §6 "Market calendar"): Home names the earliest unpaid installment, as Bill lists it
 * first, and every "N Day(s)" counts dates of the market calendar on the server's clock — at
 * 01:30 in Manila, an installment due on Nov 30 is 11 days overdue, one due on Dec 18 has 7 days
 * left. The phone's zone (three of them, one a day ahead of Manila, one a day behind) and its own
 * clock (real time, far from the world's) change nothing.
 */
import { expect, test } from './fixtures';

/** The `repaying` world is made at this instant, so its rows fall due at 14:00 Manila time. */
const MADE_AT = '2026-11-28T14:00:00+08:00';
/** The reading: 01:30 on Dec 11 in Manila (Dec 10 in Los Angeles, Dec 11 07:30 in Kiritimati). */
const READ_AT = '2026-12-11T01:30:00+08:00';

/** The four rows of `repaying` at READ_AT: due date, header. */
const ROWS = [
  ['Nov 23,2026', 'Overdued 18 Day(s)'],
  ['Nov 30,2026', 'Overdued 11 Day(s)'],
  ['Dec 18,2026', '7 Day(s) Left'],
  ['Jan 17,2027', '37 Day(s) Left'],
] as const;

for (const zone of ['Asia/Manila', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
  test.describe(`a phone in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('Home names the earliest unpaid installment, as Bill does, in market days', async ({
      page,
      mock,
      inLenderApp,
    }) => {
      const clock = async (at: string) => {
        const moved = await fetch(`${mock.url}/__admin/clock`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-admin-token': mock.adminToken },
          body: JSON.stringify({ at, running: false }),
        });
        expect(moved.ok).toBe(true);
      };
      await clock(MADE_AT);
      await inLenderApp(page, 'repaying');
      await clock(READ_AT);

      await page.goto('/');
      const due = page.getByRole('region', { name: 'Repayment' });
      await expect(due).toContainText('Due DateNov 23,2026');
      await expect(due.getByRole('status')).toHaveText('Overdued 18 Day(s)');

      await page.goto('/bill');
      const rows = page.getByRole('list', { name: 'Repayment Plan' }).getByRole('listitem');
      await expect(rows).toHaveCount(ROWS.length);
      for (const [i, [date, header]] of ROWS.entries()) {
        await expect(rows.nth(i).locator('.plan-row__header')).toHaveText(header);
        await expect(rows.nth(i)).toContainText(`Due ${date}`);
      }
    });
  });
}
