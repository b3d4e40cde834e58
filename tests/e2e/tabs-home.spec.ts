import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test.use({ viewport: { width: 360, height: 640 } });

const mainButton = (page: import('@playwright/test').Page, name: string) =>
  page.locator('.home-hero').getByRole('button', { name, exact: true });

test.describe('Home tab: the main button of PRODUCT.md §4 per DESIGN.md §6 scenario', () => {
  test('new-user: "up to" headline and Apply Now leading to /kyc/apply', async ({ page }) => {
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱100,000');
    await expect(mainButton(page, 'Apply Now')).toBeEnabled();
    await mainButton(page, 'Apply Now').click();
    await expect(page).toHaveURL(/\/kyc\/apply$/);
  });

  for (const [scenario, label, enabled] of [
    ['kyc-review', 'Under Review', false],
    ['kyc-failed', 'Review Failed', true],
    ['kyc-rejected', 'Review Rejected', true],
    ['kyc-fill-info', 'Fill In The Information', true],
    ['release-failed', 'Release Failed', true],
  ] as const) {
    test(`${scenario}: ${label}${enabled ? '' : ' (disabled)'}`, async ({ page, admin }) => {
      await admin.scenario(scenario);
      await loginOnWeb(page);
      const button = mainButton(page, label);
      await expect(button).toBeVisible();
      if (enabled) await expect(button).toBeEnabled();
      else await expect(button).toBeDisabled();
    });
  }

  test('can-borrow: available amount, credit block, Apply Now to /loan/apply', async ({
    page,
    admin,
  }) => {
    await admin.scenario('can-borrow');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    const credit = page.getByRole('region', { name: 'Credit' });
    await expect(credit).toContainText('₱20,000');
    await expect(credit).toContainText('3.5%');
    await mainButton(page, 'Apply Now').click();
    await expect(page).toHaveURL(/\/loan\/apply$/);
  });

  test('releasing: Loan Releasing leads to /loan/review', async ({ page, admin }) => {
    await admin.scenario('releasing');
    await loginOnWeb(page);
    await mainButton(page, 'Loan Releasing').click();
    await expect(page).toHaveURL(/\/loan\/review$/);
  });

  test('low-credit: the button is hidden below ₱1,000', async ({ page, admin }) => {
    await admin.scenario('low-credit');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱800');
    await expect(page.locator('.home-hero button')).toHaveCount(0);
  });

  test('overdue: the repay block shows the overdue days and the due date', async ({
    page,
    admin,
  }) => {
    await admin.scenario('overdue');
    await loginOnWeb(page);
    const repay = page.getByRole('region', { name: 'Repayment' });
    await expect(repay.getByRole('status')).toHaveText('Overdued 4 Day(s)');
    await expect(repay).toContainText(/[A-Z][a-z]{2} \d{2},\d{4}/);
  });

  test('kyc-expired: the Notice dialog, and Update opens the Hong Kong store for 63', async ({
    page,
    admin,
  }) => {
    await admin.scenario('kyc-expired');
    await page.addInitScript(() => {
      const opened: string[] = [];
      const w = globalThis as unknown as { __opened: string[]; open: (url?: unknown) => null };
      w.__opened = opened;
      w.open = (url) => {
        opened.push(String(url));
        return null;
      };
    });
    await loginOnWeb(page);
    await mainButton(page, 'Expired').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Notice');
    await expect(dialog).toContainText(
      'Your KYC information is expired.Please kindly update before applying for a loan in Direct Loan app.',
    );
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened))
      .toEqual([expect.stringContaining('apps.apple.com/hk/')]);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Home tab: popup ads', () => {
  test('unread-all: popups 1 and 2 show once each, never again after a reload', async ({
    page,
    admin,
  }) => {
    await admin.scenario('unread-all');
    await loginOnWeb(page);
    const popup = page.getByRole('dialog', { name: 'Advertisement' });
    await expect(popup).toHaveAttribute('data-ad-id', '1');
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveAttribute('data-ad-id', '2');
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    // Give the ads call time to answer: it must not bring a popup back.
    await expect
      .poll(
        async () =>
          (await admin.log()).filter((e) => e.path === 'advertisement/loadAdvertisement').length,
      )
      .toBeGreaterThan(1);
    await expect(popup).toHaveCount(0);
    const viewed = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem('dl.appConfig'),
    );
    expect(viewed).toContain('"adddsViewed":[1,2]');
  });
});
