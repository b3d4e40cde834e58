/**
 * Accessibility, WCAG 2.1 AA and axe's best practices (axe-core): every route of PRODUCT.md §2 in
 * the web and lender profiles, in scenarios that fill them, with no critical or serious violation.
 * One test per route, so each test's time budget follows its own work.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

const WEB_PUBLIC = [
  '/login',
  '/doc/privacy_policy',
  '/doc/directloan_terms_and_conditions',
  '/event/invite_friend',
  '/activity-center',
  '/ofw/inquiry',
  '/reg/ph',
  '/deny/fastpaylogin4001',
  '/repay/publicResult?orderNo=X',
  '/no-such-page',
];

const SIGNED_IN = [
  '/',
  '/bill',
  '/profile',
  '/messageList',
  '/user/voucher?state=1',
  '/repay/selectCh?amount=8350',
  '/repay/ph/detail?amount=8350&key=SEVEN_ELEVEN',
  '/repay/ph/mayaChannel?amount=8350',
  '/repay/ph/studyPage',
  '/loan/apply',
  '/loan/review',
  '/kyc/apply',
  '/doc/loan_agreement',
];

interface TimedAnimation {
  effect: { getTiming(): { iterations?: number } } | null;
}

/** Animations on the page that will end (runs in the page). */
const finiteAnimationsRunning = () =>
  (globalThis as unknown as { document: { getAnimations(): TimedAnimation[] } }).document
    .getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY).length;

async function seriousViolations(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Transitions finished (endless ones, a spinner, aside): axe judges the page as it stays.
  await expect.poll(() => page.evaluate(finiteAnimationsRunning)).toBe(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact !== null)
    .map(
      (v) => `${route}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`,
    );
}

for (const route of WEB_PUBLIC) {
  test(`web profile, public: ${route}`, async ({ page, admin }) => {
    await admin.scenario('new-user');
    expect(await seriousViolations(page, route)).toEqual([]);
  });
}

for (const route of SIGNED_IN) {
  test(`web profile, signed in (repaying): ${route}`, async ({ page, admin }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    expect(await seriousViolations(page, route)).toEqual([]);
  });
}

for (const route of ['/', '/bill', '/profile', '/loan/apply', '/messageList']) {
  test(`lender profile (unread-all): ${route}`, async ({ page, inLenderApp }) => {
    await inLenderApp(page, 'unread-all');
    expect(await seriousViolations(page, route)).toEqual([]);
  });
}

test('signed-in Home: one main landmark, the banner named by its ad, a page description', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  const main = page.getByRole('main');
  await expect(main).toHaveCount(1);
  await expect(main.getByRole('heading', { level: 1, name: 'Loan' })).toHaveCount(1);
  await expect(main).toContainText('Available amount');
  // The banner leads to the New User Benefits event: that is its name, not "Banner".
  await expect(main.getByRole('button', { name: 'New User Benefits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Banner' })).toHaveCount(0);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute('content', /borrow cash/);
  // Master-detail (768 px and wider): the profile on the left, the page on the right is the main.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/profile/download');
  await expect(page.getByRole('heading', { name: 'Direct Loan App' })).toBeVisible();
  await expect(main).toHaveCount(1);
  await expect(main.getByRole('heading', { name: 'Direct Loan App' })).toBeVisible();
});

/** What the keyboard user sees on the focused element: an outline or a focus ring shadow. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    // The DOM as far as this check needs it (tests compile without the DOM lib).
    interface El {
      getAttribute(name: string): string | null;
      textContent: string | null;
      closest(selector: string): El | null;
    }
    const page = globalThis as unknown as {
      document: { activeElement: El | null; body: El };
      getComputedStyle(
        element: El,
        pseudo?: string,
      ): {
        outlineStyle: string;
        outlineWidth: string;
        boxShadow: string;
      };
    };
    const doc = page.document;
    const active = doc.activeElement;
    if (!active || active === doc.body) return null;
    // A ring on the element itself, or on the ::after that stretches it over its row.
    const ringed = (style: ReturnType<typeof page.getComputedStyle>) =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    return {
      name: (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40),
      visible:
        ringed(page.getComputedStyle(active)) || ringed(page.getComputedStyle(active, '::after')),
      inDialog: Boolean(active.closest('[role="dialog"]')),
    };
  });
}

test('keyboard: focus is visible, a dialog holds focus while open', async ({ page, admin }) => {
  await admin.scenario('taiwan');
  await loginOnWeb(page, { areaCode: '886', phone: '912345678' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Hi, Mr. Chen' })).toBeVisible();
  const stops: NonNullable<Awaited<ReturnType<typeof focusRing>>>[] = [];
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (ring) stops.push(ring);
  }
  // The bell, every list entry and Log Out take focus, each with a visible ring.
  expect(stops.map((s) => s.name)).toEqual(
    expect.arrayContaining(['Messages', 'My KYC', 'Privacy Notice', 'Log Out']),
  );
  expect(stops.filter((s) => !s.visible)).toEqual([]);

  const myKyc = page.getByRole('button', { name: 'My KYC' });
  await myKyc.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Go To App' })).toBeVisible();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect((await focusRing(page))?.inDialog).toBe(true);
  }
});
