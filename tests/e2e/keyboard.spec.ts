/**
 * Choosing what to pay works by keyboard and screen reader (WCAG 2.1.1, 4.1.2): Tab reaches each
 * plan row's named checkbox and Space ticks it (Amount to Pay follows, PRODUCT.md §4 Period
 * types); the popup ad's × is a named button that Tab reaches and Enter or Space closes.
 */
import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

/** Presses Tab until `target` has focus (as a keyboard user would); fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('Bill: Tab reaches a plan row checkbox by its name and Space ticks it', async ({
  page,
  admin,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await page.goto('/bill');
  const sum = page.getByTestId('amount-to-pay');
  await expect(sum).toHaveText('₱8,350');

  const normal = page.locator('[data-period-id="P000004"]').getByRole('checkbox');
  await expect(normal).toHaveAccessibleName(/^Pay \S+ period \d+$/);
  await expect(normal).not.toBeChecked();
  await tabTo(page, normal);
  await page.keyboard.press('Space');
  await expect(normal).toBeChecked();
  await expect(sum).toHaveText('₱10,191.67');
  await page.keyboard.press('Space');
  await expect(normal).not.toBeChecked();
  await expect(sum).toHaveText('₱8,350');

  // Every row's checkbox is in the tab order and named after its order and period.
  const boxes = page.getByRole('list', { name: 'Repayment Plan' }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  for (const box of await boxes.all()) {
    await expect(box).toHaveAccessibleName(/^Pay \S+ period \d+$/);
    await expect(box).toHaveAttribute('type', 'checkbox');
    expect(await box.evaluate((el) => (el as unknown as { tabIndex: number }).tabIndex)).toBe(0);
  }
});

test('Home: the popup ad closes from the keyboard through a button named Close', async ({
  page,
  admin,
}) => {
  await admin.scenario('unread-all');
  await loginOnWeb(page);
  const popup = page.getByRole('dialog', { name: 'Advertisement' });
  await expect(popup).toHaveAttribute('data-ad-id', '1');
  const close = popup.getByRole('button', { name: 'Close' });
  await tabTo(page, close, 10);
  await page.keyboard.press('Enter');
  await expect(popup).toHaveAttribute('data-ad-id', '2');
  await tabTo(page, close, 10);
  await page.keyboard.press('Space');
  await expect(popup).toHaveCount(0);
});
