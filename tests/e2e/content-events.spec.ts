/**
 * /event/:file/:action?: each event before, inside and after its window (PRODUCT.md §9 windows,
 * the others from config/getEventDates), with the clock moved by `?now=` and by the server's
 * (world's) clock — the server's time decides, never the phone's.
 */
import type { MockServer } from '../../mock-server/app';
import { expect, test } from './fixtures';

/** Moves the world's clock (`PUT /__admin/clock`), frozen at `at`; the fixture puts it back. */
async function moveWorldClock(mock: MockServer, at: string) {
  const moved = await fetch(`${mock.url}/__admin/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-admin-token': mock.adminToken },
    body: JSON.stringify({ at, running: false }),
  });
  expect(moved.ok).toBe(true);
}

const OUT = 'Not within the valid time limit';

/** event, a marker of its content, and an instant before, inside and after its window. */
const EVENTS: [
  file: string,
  content: string | RegExp,
  before: string,
  inside: string,
  after: string,
][] = [
  [
    'cash_for_newuser_150',
    'Borrow Now',
    '2022-08-24T23:59:00+08:00',
    '2022-08-25T00:00:00+08:00',
    '2022-09-16T00:00:01+08:00',
  ],
  [
    'invite_earn_cash',
    'Invite friends, earn cash',
    '2022-10-20T12:00:00+08:00',
    '2022-11-20T23:59:00+08:00',
    '2022-11-21T00:00:01+08:00',
  ],
  [
    'coupon_for_holiday_shopping',
    'See My Vouchers',
    '2022-11-21T23:00:00+08:00',
    '2022-11-25T12:00:00+08:00',
    '2022-11-29T00:00:01+08:00',
  ],
  [
    'benefits_newuser',
    'Welcome to Direct Loan',
    '2021-12-31T12:00:00+08:00',
    '2026-11-21T12:00:00+08:00',
    '2031-01-01T00:00:01+08:00',
  ],
  [
    'christmas_lucky_draw',
    'Log In to Draw',
    '2026-11-30T23:59:00+08:00',
    '2026-12-24T20:00:00+08:00',
    '2027-01-07T00:00:01+08:00',
  ],
  [
    'invite_channel',
    'Register as a Partner',
    '2021-12-31T12:00:00+08:00',
    '2026-11-21T12:00:00+08:00',
    '2031-01-01T00:00:01+08:00',
  ],
  [
    'invite_friend',
    'Invite Now',
    '2021-12-31T12:00:00+08:00',
    '2026-11-21T12:00:00+08:00',
    '2031-01-01T00:00:01+08:00',
  ],
  [
    'long_weekend_promo',
    '20% off interest',
    '2026-10-29T23:00:00+08:00',
    '2026-11-01T09:00:00+08:00',
    '2026-11-03T00:00:01+08:00',
  ],
];

const at = (iso: string) => `?now=${encodeURIComponent(iso)}`;

test.describe('event windows', () => {
  for (const [file, content, before, inside, after] of EVENTS) {
    test(`${file}: closed before, open inside, closed after its window`, async ({ page }) => {
      await page.goto(`/event/${file}${at(before)}`);
      await expect(page.getByText(OUT)).toBeVisible();
      await expect(page.getByText(content)).toHaveCount(0);

      await page.goto(`/event/${file}${at(inside)}`);
      await expect(page.getByText(content).first()).toBeVisible();
      await expect(page.getByText(OUT)).toHaveCount(0);

      await page.goto(`/event/${file}${at(after)}`);
      await expect(page.getByText(OUT)).toBeVisible();
      await expect(page.getByText(/Event period: /)).toBeVisible();
    });
  }

  test("without an override the event is judged on the server's clock, not the phone's", async ({
    page,
    mock,
  }) => {
    // The phone is years away; only the server's (world's) clock moves.
    await page.clock.setFixedTime(new Date('2026-06-01T10:00:00+08:00'));
    await moveWorldClock(mock, '2022-09-01T10:00:00+08:00');
    await page.goto('/event/cash_for_newuser_150');
    await expect(page.getByText('Borrow Now')).toBeVisible();
    await moveWorldClock(mock, '2022-09-20T10:00:00+08:00');
    await page.goto('/event/cash_for_newuser_150');
    await expect(page.getByText(OUT)).toBeVisible();
  });

  test('the christmas draw inside its window on the server, the phone at another time: open, no 400', async ({
    page,
    mock,
  }) => {
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await page.clock.setFixedTime(new Date('2026-06-01T10:00:00+08:00'));
    await moveWorldClock(mock, '2026-12-10T12:00:00+08:00');
    for (const tab of ['', '/prize', '/task']) {
      await page.goto(`/event/christmas_lucky_draw${tab}`);
      await expect(page.getByRole('navigation', { name: 'Lucky draw' })).toBeVisible();
      await expect(page.getByText(OUT)).toHaveCount(0);
    }
    // The last day in PRODUCT.md §9's "MMM DD,YYYY".
    await expect(
      page.getByText('Draw loan vouchers up to ₱1,000.00 until Jan 06,2027'),
    ).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('a visitor on My Prizes and Tasks sees that tab, and signs in back to it', async ({
    page,
  }) => {
    const draw = '/event/christmas_lucky_draw';
    const tabs = [
      ['', 'Draw', 'Log In to Draw'],
      ['/prize', 'My Prizes', 'Log In to See Your Prizes'],
      ['/task', 'Tasks', 'Log In to See Your Tasks'],
    ] as const;
    for (const [action, tab, signIn] of tabs) {
      await page.goto(`${draw}${action}${at('2026-12-10T12:00:00+08:00')}`);
      const nav = page.getByRole('navigation', { name: 'Lucky draw' });
      await expect(nav.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('link', { name: signIn })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`${draw}${action}`)}`,
      );
      for (const [, , other] of tabs) {
        if (other !== signIn) await expect(page.getByText(other)).toHaveCount(0);
      }
    }
  });

  test('the moved time holds on the sub-pages; unknown events and actions are not found', async ({
    page,
  }) => {
    await page.goto(`/event/christmas_lucky_draw${at('2026-12-10T12:00:00+08:00')}`);
    await expect(page.getByText('Log In to Draw')).toBeVisible();
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(/\/event\/christmas_lucky_draw\/task$/);
    await expect(page.getByText('Log In to See Your Tasks')).toBeVisible();

    for (const path of [
      '/event/no_such_event',
      '/event/invite_friend/prize',
      '/event/christmas_lucky_draw/nope',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('the activity center lists every event with its state', async ({ page }) => {
    await page.goto(`/activity-center${at('2022-09-01T10:00:00+08:00')}`);
    const row = (name: string) => page.getByRole('link', { name: new RegExp(name) });
    await expect(row('₱150.00 Cash for New Users')).toContainText('Ongoing');
    await expect(row('Holiday Shopping Vouchers')).toContainText('Coming soon');
    await expect(row('Long Weekend Promo')).toContainText('Coming soon');
    await expect(page.getByRole('navigation', { name: 'Events' }).getByRole('link')).toHaveCount(8);
    await row('₱150.00 Cash for New Users').click();
    await expect(page.getByText('Borrow Now')).toBeVisible();
  });
});
