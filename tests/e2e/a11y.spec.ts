/**
 * Accessibility, WCAG 2.1 AA (axe-core): every route of PRODUCT.md §2 in the web and lender
 * profiles, in scenarios that fill them, with no critical or serious violation.
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

async function seriousViolations(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) => `${route}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`,
    );
}

test('web profile: public routes', async ({ page, admin }) => {
  await admin.scenario('new-user');
  const found: string[] = [];
  for (const route of WEB_PUBLIC) found.push(...(await seriousViolations(page, route)));
  expect(found).toEqual([]);
});

test('web profile: signed-in routes (repaying)', async ({ page, admin }) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  const found: string[] = [];
  for (const route of SIGNED_IN) found.push(...(await seriousViolations(page, route)));
  expect(found).toEqual([]);
});

test('lender profile: Home, Bill, Profile, loan apply (can-borrow, unread-all)', async ({
  page,
  admin,
  injectBridge,
}) => {
  await admin.scenario('unread-all');
  await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
  const found: string[] = [];
  for (const route of ['/', '/bill', '/profile', '/loan/apply', '/messageList']) {
    found.push(...(await seriousViolations(page, route)));
  }
  expect(found).toEqual([]);
});
