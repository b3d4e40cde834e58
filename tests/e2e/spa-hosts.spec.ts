import { expect, test } from './fixtures';

test.describe('lender app profile (injected window.nativeBridge)', () => {
  test('uses the host token and the -h5 device id, offers 886 only, and kicks out on 9000004 with tip', async ({
    page,
    admin,
    injectBridge,
    bridgeCalls,
    fireHostEvent,
  }) => {
    await admin.scenario('can-borrow');
    const tokenValue = await admin.sessionToken();
    await injectBridge(page, { appName: 'lender', tokenValue, deviceId: 'PIXEL-7' });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await expect
      .poll(async () => (await admin.log()).some((e) => e.path === 'user/userInfo'))
      .toBe(true);
    const userInfo = (await admin.log()).find((entry) => entry.path === 'user/userInfo');
    expect(userInfo?.response.code).toBe(200);
    const headers = Object.fromEntries(
      Object.entries(userInfo?.request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(headers.deviceid).toBe('PIXEL-7-h5');
    expect(headers.token).toBe(tokenValue);

    await page.goto('/login');
    const options = page.getByLabel('Area code').locator('option');
    await expect(options).toHaveText(['+886']);

    await page.goto('/profile');
    // The profile's own start-up calls are answered before the session ends (else the boot's
    // user info would be the one refused, and the resumed page would be kicked out again).
    await expect(page.getByText('09171234567')).toBeVisible();
    // The number shows from the saved user on the first frame: wait for the calls themselves.
    await page.waitForLoadState('networkidle');
    await admin.fault({
      path: 'user/userInfo',
      code: 9000004,
      message: 'Logged in on another device',
    });
    await fireHostEvent(page, 'pageResume');
    await expect(page.getByText('Logged in on another device')).toBeVisible();
    await expect
      .poll(async () => (await bridgeCalls(page)).filter((c) => c.method === 'kickOut'))
      .toEqual([{ method: 'kickOut', params: { tip: true } }]);
    // The lender app logs in natively: the web page does not go to /login.
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('host events route the page: kycSuccess → /kyc/review, loanSuccess → /loan/review', async ({
    page,
    admin,
    injectBridge,
    fireHostEvent,
  }) => {
    const tokenValue = await admin.sessionToken();
    await injectBridge(page, { appName: 'lender', tokenValue });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await fireHostEvent(page, 'kycSuccess');
    await expect(page).toHaveURL(/\/kyc\/review$/);
    await fireHostEvent(page, 'loanSuccess');
    await expect(page).toHaveURL(/\/loan\/review\/\?success=1$/);
  });
});

test.describe('FastPay wallet profile', () => {
  test('a failed wallet login lands on /deny/fastpaylogin{code}', async ({
    page,
    admin,
    injectBridge,
  }) => {
    await injectBridge(page, { appName: 'fastpay', tokenValue: 'not-a-wallet-token' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/deny\/fastpaylogin\d+$/);
    await expect(page.getByRole('heading', { name: 'FastPay login failed' })).toBeVisible();
    const answer = (await admin.log()).find((entry) => entry.path === 'user/H5/fastpay/login');
    expect(answer?.response.code).not.toBe(200);
    await expect(page).toHaveURL(new RegExp(`/deny/fastpaylogin${answer?.response.code}$`));
  });
});
