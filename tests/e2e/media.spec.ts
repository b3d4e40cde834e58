/**
 * Every picture shows and nothing reaches for a host that is not there: channel icons and logos,
 * banners and popup ads come from the fixtures the mock server serves (fixtures/assets), in every
 * scenario that has them. A request that fails — an unreachable CDN, a missing file — fails the
 * test.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginOnWeb, TW_USER } from './tabs-helpers';

function watchRequests(page: Page) {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // The test's own page.goto cancels the app's prefetches of its chunks and their styles:
    // not a failed host (pictures still count).
    const ownChunk = ['script', 'stylesheet'].includes(request.resourceType());
    if (error === 'net::ERR_ABORTED' && ownChunk && request.url().includes('/assets/')) return;
    failed.push(`${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} HTTP ${response.status()}`);
  });
  return failed;
}

/** Every <img> of the page has loaded with real pixels. */
async function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...(
        globalThis as unknown as {
          document: { images: Iterable<{ src: string; complete: boolean; naturalWidth: number }> };
        }
      ).document.images,
    ]
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => img.src),
  );
}

test('unread-all: banners and popup ads show their artwork', async ({ page, admin }) => {
  const failed = watchRequests(page);
  await admin.scenario('unread-all');
  await loginOnWeb(page);
  const popup = page.getByRole('dialog', { name: 'Advertisement' });
  await expect(popup.locator('img')).toBeVisible();
  await expect.poll(() => brokenPictures(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveAttribute('data-ad-id', '2');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => brokenPictures(page)).toEqual([]);
  expect(await page.locator('img').count()).toBeGreaterThan(0);
  expect(failed).toEqual([]);
});

test('every Philippine repay channel shows its own icon', async ({ page, admin }) => {
  const failed = watchRequests(page);
  await admin.scenario('repaying');
  await loginOnWeb(page);
  // Home's own calls finish first: the test's navigation must not be what cancels them.
  await page.waitForLoadState('networkidle');
  await page.goto('/repay/selectCh?amount=8350');
  await expect(page.getByText('7-ELEVEN').first()).toBeVisible();
  await expect.poll(() => brokenPictures(page)).toEqual([]);
  const sources = await page
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as unknown as { src: string }).src));
  expect(sources.length).toBeGreaterThanOrEqual(16);
  expect(new Set(sources).size).toBe(sources.length);
  expect(sources.every((src) => src.includes('/media/channels/'))).toBe(true);
  expect(failed).toEqual([]);
});

test('taiwan: the FastPay channel shows its logo', async ({ page, admin }) => {
  const failed = watchRequests(page);
  await admin.scenario('taiwan');
  await loginOnWeb(page, TW_USER);
  await page.waitForLoadState('networkidle');
  // The list without an amount (no Taiwan bill is preselected, so 5000 would be no bills' sum).
  await page.goto('/repay/selectCh');
  await expect(page.getByText('FastPay').first()).toBeVisible();
  await expect.poll(() => brokenPictures(page)).toEqual([]);
  expect(failed).toEqual([]);
});
