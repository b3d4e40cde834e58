import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test.use({ viewport: { width: 360, height: 640 } });

test.describe('Profile tab (PRODUCT.md §2 Profile), messages and vouchers', () => {
  test('unread-all: greeting, red dots, and reading clears them', async ({ page, admin }) => {
    await admin.scenario('unread-all');
    await loginOnWeb(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi, Ms. Santos' })).toBeVisible();
    await expect(page.getByText('09171234567')).toBeVisible();
    await expect(page.getByText('My KYC', { exact: true })).toBeVisible();
    await expect(page.getByTestId('profile-red-dot')).toBeVisible();
    await expect(page.getByTestId('message-red-dot')).toBeVisible();
    await expect(page.getByTestId('voucher-red-dot')).toBeVisible();
    await expect(page.getByText('Direct Loan Lending Corp.')).toBeVisible();
    await expect(page.getByText('Registration No. CS201912345')).toBeVisible();
    await expect(page.getByText('Certificate of Authority No. 3012')).toBeVisible();

    // The bell opens the messages; reading the only unread one clears its dot.
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/messageList$/);
    await page.getByRole('link', { name: /Your ₱100.00 voucher is waiting/ }).click();
    await expect(
      page.getByRole('article', { name: 'Your ₱100.00 voucher is waiting' }),
    ).toContainText('Use your ₱100.00 voucher');
    await expect
      .poll(async () => (await admin.log()).find((e) => e.path === 'message/read')?.request.data)
      .toEqual({ id: 'M1003' });

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi, Ms. Santos' })).toBeVisible();
    await expect(page.getByTestId('voucher-red-dot')).toBeVisible();
    await expect(page.getByTestId('message-red-dot')).toHaveCount(0);

    // Listing the available vouchers reads them: the Voucher dot goes.
    await page.getByText('Voucher', { exact: true }).click();
    await expect(page).toHaveURL(/\/user\/voucher\/\?state=1$/);
    const vouchers = page.getByRole('list', { name: 'Vouchers' });
    await expect(vouchers.getByText('₱200.00 long weekend voucher')).toBeVisible();
    await expect(vouchers.getByRole('button', { name: 'Use' })).toHaveCount(2);
    await page.getByRole('tab', { name: 'Expired' }).click();
    await expect(vouchers.getByText('₱150.00 cash for new users')).toBeVisible();
    await expect(vouchers.getByRole('button', { name: 'Use' })).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi, Ms. Santos' })).toBeVisible();
    await expect(page.getByTestId('message-red-dot')).toHaveCount(0);
    await expect(page.getByTestId('voucher-red-dot')).toHaveCount(0);
    await expect(page.getByTestId('profile-red-dot')).toHaveCount(0);
  });

  test('web: Use on a voucher starts a loan with it, kept while the amount is typed', async ({
    page,
    admin,
  }) => {
    await admin.scenario('unread-all');
    await loginOnWeb(page);
    await page.goto('/user/voucher/?state=1');
    const vouchers = page.getByRole('list', { name: 'Vouchers' });
    await vouchers
      .getByRole('listitem')
      .filter({ hasText: '₱200.00 long weekend voucher' })
      .getByRole('button', { name: 'Use' })
      .click();
    await expect(page).toHaveURL(/\/loan\/apply/);
    // Typed key by key, as a borrower does: "5", "50"… are below the ₱5,000 minimum first.
    await page.getByLabel('Borrow Amount').pressSequentially('6000');
    await expect(page.getByLabel('Voucher')).toHaveValue('C2002');
  });

  test('new-user: plain greeting, no My KYC, empty vouchers say No Data', async ({ page }) => {
    await loginOnWeb(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi', exact: true })).toBeVisible();
    await expect(page.getByText('Voucher', { exact: true })).toBeVisible();
    await expect(page.getByText('My KYC', { exact: true })).toHaveCount(0);
    await page.goto('/user/voucher/?state=1');
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
  });

  test('taiwan: Mr. greeting; My KYC shows its dialog with Go To App', async ({ page, admin }) => {
    await admin.scenario('taiwan');
    await loginOnWeb(page, { areaCode: '886', phone: '912345678' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi, Mr. Chen' })).toBeVisible();
    await expect(page.getByText('0912345678')).toBeVisible();
    await page.getByText('My KYC', { exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Go To App' })).toBeVisible();
  });

  test('logout (non-production web): clears the session and leaves for /login', async ({
    page,
    admin,
  }) => {
    await admin.scenario('can-borrow');
    await loginOnWeb(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await admin.log()).find((e) => e.path === 'user/logout')?.response.code).toBe(200);
    const saved = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem('dl.user'),
    );
    expect(saved).toBeNull();
  });

  test('messages: master-detail at 768 px and wider', async ({ page, admin }) => {
    await admin.scenario('unread-all');
    await loginOnWeb(page);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto('/messageList?id=M1002');
    await expect(page.getByRole('article', { name: 'Your KYC is approved' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Welcome to Direct Loan/ })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 640 });
    await expect(page.getByRole('link', { name: /Welcome to Direct Loan/ })).toBeHidden();
  });
});

test.describe('inside the lender app', () => {
  test('vouchers are used through the useVoucher bridge call; no logout entry', async ({
    page,
    admin,
    injectBridge,
    bridgeCalls,
  }) => {
    await admin.scenario('unread-all');
    const tokenValue = await admin.sessionToken();
    await injectBridge(page, { appName: 'lender', tokenValue });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi, Ms. Santos' })).toBeVisible();
    await expect(page.getByText('About Us', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);

    await page.goto('/user/voucher/?state=1');
    const card = page.getByRole('listitem').filter({ hasText: '₱200.00 long weekend voucher' });
    await card.getByRole('button', { name: 'Use' }).click();
    await expect
      .poll(async () => (await bridgeCalls(page)).filter((c) => c.method === 'useVoucher'))
      .toEqual([{ method: 'useVoucher', params: { userCouponId: 'C2002' } }]);
    await expect(page).toHaveURL(/\/user\/voucher\/\?state=1$/);
  });
});
