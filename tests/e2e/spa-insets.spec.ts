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
    await page.waitForTimeout(300);
    expect(await overflow(page), route).toBeLessThanOrEqual(0);
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
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  const top = await tabs.evaluate(
    (el) =>
      (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
  );
  expect(top).toBeGreaterThanOrEqual(47);
});
