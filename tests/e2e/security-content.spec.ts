/**
 * The SPA under a hostile backend and its own CSP: server content never runs script or leaves the
 * app through a link outside the allow-list (src/shared/links.ts), and the shipped policy of
 * dist/web (meta tag + the --web headers) holds with no violation on a normal run.
 */
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

const STEAL = 'javascript:window.__stolen=localStorage.getItem("dl.user")';

test('a popup ad whose link is javascript: does nothing when tapped', async ({ page, admin }) => {
  await admin.scenario('can-borrow');
  await admin.fault({
    path: 'advertisement/loadAdvertisement',
    code: 200,
    message: 'success',
    data: [{ id: 77, type: 2, link: STEAL, picUrl: '/media/ads/popup-invite-friend.svg' }],
  });
  const opened: string[] = [];
  page.on('popup', (popup) => opened.push(popup.url()));
  await loginOnWeb(page);
  const popup = page.getByRole('dialog', { name: 'Advertisement' });
  await expect(popup).toHaveAttribute('data-ad-id', '77');
  await popup.getByRole('button').first().click();
  await expect(popup).toHaveCount(0);
  expect(
    await page.evaluate(() => (globalThis as { __stolen?: unknown }).__stolen),
  ).toBeUndefined();
  expect(opened).toEqual([]);
  await expect(page).toHaveURL(/\/$/);
});

test('the web build runs under its CSP without a single violation', async ({ page, admin }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    const page = globalThis as unknown as {
      __violations?: string[];
      addEventListener(
        type: string,
        listener: (e: {
          violatedDirective: string;
          blockedURI: string;
          sourceFile: string;
          lineNumber: number;
        }) => void,
      ): void;
    };
    page.__violations = [];
    page.addEventListener('securitypolicyviolation', (event) => {
      page.__violations?.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  await admin.scenario('unread-all');
  await loginOnWeb(page);
  for (const route of ['/bill', '/profile', '/doc/privacy_policy', '/repay/ph?amount=100', '/']) {
    await page.goto(route);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).or(page.locator('main')),
    ).toBeVisible();
  }
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(
    await page.evaluate(() => (globalThis as { __violations?: string[] }).__violations ?? []),
  ).toEqual([]);
  expect(violations).toEqual([]);
});
