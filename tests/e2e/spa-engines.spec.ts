/**
 * What WebKit and Gecko showed and Chromium runs too (docs/testing.md "Browser support"): the
 * running entry chunk is never preloaded again (Firefox fires `error` on such a link), and buttons
 * take the page's font (engines' own styles give form controls a system font).
 */
import type { Page } from '@playwright/test';
import { appLoginShown } from './firstFrame-helpers';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

/** The DOM as far as these checks need it (tests compile without the DOM lib). */
interface PageGlobals {
  document: {
    querySelector(selector: string): { src: string } | null;
    querySelectorAll(selector: string): ArrayLike<{ href: string }>;
    body: object;
  };
  getComputedStyle(element: object): { fontFamily: string };
}

/** The entry script's URL and every module preload link's, resolved. */
function preloads(page: Page) {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return {
      entry: document.querySelector('script[type="module"][src]')?.src,
      links: Array.from(
        document.querySelectorAll('link[rel="modulepreload"]'),
        (link) => link.href,
      ),
    };
  });
}

function bodyFont(page: Page) {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
    return getComputedStyle(document.body).fontFamily;
  });
}

function fontOf(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true }).evaluate((button) => {
    const { getComputedStyle } = globalThis as unknown as PageGlobals;
    return getComputedStyle(button).fontFamily;
  });
}

test('the entry chunk is not preloaded again as lazy chunks load', async ({ page, admin }) => {
  await admin.scenario('can-borrow');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await loginOnWeb(page);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  const { entry, links } = await preloads(page);
  expect(entry).toBeTruthy();
  expect(links.length).toBeGreaterThan(0);
  expect(links).not.toContain(entry);
});

test('buttons use the body font', async ({ page, admin }) => {
  await admin.scenario('can-borrow');
  await page.goto('/login');
  await appLoginShown(page);
  const body = await bodyFont(page);
  expect(body).toContain('Roboto');
  expect(await fontOf(page, 'LOGIN')).toBe(body);
  expect(await fontOf(page, 'Get Code')).toBe(body);
});
