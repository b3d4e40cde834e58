/**
 * Safe areas (PRODUCT.md §2 "safe-area padding"): with the insets of a notched phone (top 47,
 * bottom 34, given as a host does without env(): `--dl-safe-area-inset-*` on <html>), short pages
 * do not scroll and the sticky Bill tab header stays below the notch.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test.use({ viewport: { width: 390, height: 844 } });

async function withNotch(page: Page) {
  // As a host does it: on <html>, as soon as the document has one.
  await page.addInitScript(() => {
    const doc = (globalThis as unknown as { document: NotchDocument }).document;
    const set = () => {
      doc.documentElement?.style.setProperty('--dl-safe-area-inset-top', '47px');
      doc.documentElement?.style.setProperty('--dl-safe-area-inset-bottom', '34px');
    };
    if (doc.documentElement) set();
    else doc.addEventListener('readystatechange', set, { once: true });
  });
}

interface NotchDocument {
  documentElement: { style: { setProperty(k: string, v: string): void } } | null;
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
}

const overflow = (page: Page) =>
  page.evaluate(() => {
    const el = (
      globalThis as unknown as {
        document: { scrollingElement: { scrollHeight: number; clientHeight: number } };
      }
    ).document.scrollingElement;
    return el.scrollHeight - el.clientHeight;
  });

test('short pages do not scroll with real insets', async ({ page, admin }) => {
  await withNotch(page);
  await admin.scenario('new-user');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await loginOnWeb(page);
  for (const route of ['/', '/profile', '/bill']) {
    await page.goto(route);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => overflow(page), { message: route }).toBeLessThanOrEqual(0);
  }
  // The page content starts below the notch.
  const contentTop = await page
    .locator('.tabs-pane')
    .first()
    .evaluate(
      (el) =>
        (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
    );
  expect(contentTop).toBeGreaterThanOrEqual(47);
});

test('the sticky Bill tab header stays below the notch when the list scrolls', async ({
  page,
  admin,
}) => {
  await withNotch(page);
  await admin.scenario('many-bills');
  await loginOnWeb(page);
  await page.goto('/bill');
  const tabs = page.locator('.bill-tabs');
  await expect(tabs).toBeVisible();
  await expect(page.locator('.plan-row')).toHaveCount(20);
  await page.mouse.wheel(0, 1500);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
    .toBeGreaterThan(500);
  const top = await tabs.evaluate(
    (el) =>
      (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
  );
  expect(top).toBeGreaterThanOrEqual(47);
});

/** What a tap at (x, y) of the viewport hits: the Bill header or a row scrolled under it. */
const hitAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const doc = (
        globalThis as unknown as {
          document: {
            elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null;
          };
        }
      ).document;
      const hit = doc.elementFromPoint(px as number, py as number);
      if (!hit) return 'nothing';
      if (hit.closest('.bill-tabs')) return 'header';
      if (hit.closest('.plan-row')) return 'row';
      return 'other';
    },
    [x, y],
  );

test('Bill rows never show through the status-bar band when the list scrolls', async ({
  page,
  admin,
}) => {
  await withNotch(page);
  await admin.scenario('many-bills');
  await loginOnWeb(page);
  await page.goto('/bill');
  await expect(page.locator('.plan-row')).toHaveCount(20);
  await page.mouse.wheel(0, 1500);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
    .toBeGreaterThan(500);
  // The band above the sticky header (0–47) is painted by the header, not by a row under it.
  for (const y of [2, 24, 46]) expect(await hitAt(page, 195, y), `y=${y}`).toBe('header');
  expect(await hitAt(page, 195, 60)).toBe('header');
});

test('/profile/download has a title bar whose back leaves it, opened directly or from Profile', async ({
  page,
}) => {
  await withNotch(page);
  await loginOnWeb(page);
  // Opened directly (a host's link): back goes to the Profile tab, never a dead end.
  await page.goto('/profile/download');
  const bar = page.locator('.profile-sub-page__bar');
  await expect(bar.getByRole('heading', { name: 'Direct Loan App' })).toBeVisible();
  const barTop = await bar.evaluate(
    (el) =>
      (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
  );
  expect(barTop).toBeGreaterThanOrEqual(47);
  await bar.getByRole('img', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // From the Profile list: back returns to it.
  await page.getByRole('link', { name: 'Direct Loan App' }).click();
  await expect(page).toHaveURL(/\/profile\/download$/);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.locator('.profile-sub-page__bar').getByRole('img', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
