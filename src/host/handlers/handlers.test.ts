import { describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '@shared/bridge';
import { HostCore } from '@host/HostCore';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { handlers } from '@host/handlers';

async function started(settings = {}) {
  const host = new HostCore({ admin: new FakeAdminClient(), settings, deviceId: 'D' });
  await host.start();
  return host;
}

describe('bridge handlers', () => {
  it('covers every method of the contract', () => {
    expect(Object.keys(handlers).sort()).toEqual([...BRIDGE_METHODS].sort());
  });

  it.each([
    ['openBrowser', { url: 'https://example.com/terms' }, 'https://example.com/terms'],
    ['sendSms', { phone: '0917', body: 'hi' }, 'To 0917: hi'],
    ['dialPhone', { phone: '0917' }, 'Calling 0917'],
    ['composeEmail', { to: 'help@dl.ph', subject: 'Help' }, 'To help@dl.ph — Help'],
    ['openNativePage', { page: 'kyc', params: { step: 2 } }, 'kyc {"step":2}'],
    ['saveImageToAlbum', { url: 'https://x/qr.png' }, 'https://x/qr.png'],
    [
      'saveImageToAlbum',
      { url: `data:image/png;base64,${'A'.repeat(8000)}` },
      'image/png picture drawn by the page',
    ],
    ['useVoucher', { userCouponId: 'C9' }, 'C9'],
    ['loanRepaid', { orderNo: 'R7' }, 'R7'],
    ['loanRepaid', undefined, 'no order number'],
  ] as const)('%s shows a native surface and answers 0', async (method, params, detail) => {
    const host = await started();
    expect((await host.call(method, params)).resultCode).toBe(0);
    const surface = host.getSnapshot().surfaces.at(-1);
    expect(surface?.method).toBe(method);
    expect(surface?.detail).toBe(detail);
  });

  it('saveImageToAlbum does not exist in a host below 2.8.0, as on a real old app', async () => {
    for (const version of ['2.7.0', '2.7.9', 'not-semver']) {
      const host = await started({ version });
      const result = await host.call('saveImageToAlbum', { url: 'https://x/qr.png' });
      expect(result).toEqual({
        resultCode: 1,
        message: `saveImageToAlbum is not supported by app ${version}`,
      });
      expect(host.getSnapshot().surfaces).toEqual([]);
    }
    const current = await started({ version: '2.8.0' });
    expect((await current.call('saveImageToAlbum', { url: 'https://x/qr.png' })).resultCode).toBe(
      0,
    );
  });

  it('loanApply submits the application to the backend with the host token', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
    await host.start();
    const params = { borrowAmount: 5000, periods: 3, payeeId: 'P1' };
    const result = await host.call('loanApply', params);
    expect(result).toEqual({ resultCode: 0, data: { orderNo: 'DL000001' } });
    expect(admin.hostActions).toEqual([
      { method: 'loanApply', token: host.getSnapshot().tokenValue, params },
    ]);
    expect(host.getSnapshot().surfaces.at(-1)?.detail).toContain('₱5000 over 3 period(s) to P1');
  });

  it('loanApply sends the label of the account the borrower picked, not only its id', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
    await host.start();
    // The host offers BDO Savings •••• 3344 in pickAccount (accounts.ts DEFAULT_ACCOUNTS).
    const params = { borrowAmount: 5000, periods: 3, payeeId: 'PAYEE-BDO-3344' };
    expect((await host.call('loanApply', params)).resultCode).toBe(0);
    expect(admin.hostActions.at(-1)?.params).toEqual({
      ...params,
      payeeLabel: 'BDO Savings •••• 3344',
    });
    expect(host.getSnapshot().surfaces.at(-1)?.detail).toContain('to BDO Savings •••• 3344');
  });

  it('loanApply refused by the backend answers 3 with its message, and shows nothing', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
    await host.start();
    admin.hostAnswer = { code: 7001, message: 'Your credit is not enough.', data: null };
    const result = await host.call('loanApply', { borrowAmount: 9e5, periods: 3, payeeId: 'P1' });
    expect(result).toMatchObject({ resultCode: 3, message: expect.stringContaining('credit') });
    expect(host.getSnapshot().surfaces.some((s) => s.method === 'loanApply')).toBe(false);
  });

  it.each(['gcashPayment', 'fastPayPayment'] as const)(
    '%s answered OK pays the order on the backend; cancel and fail do not',
    async (method) => {
      const admin = new FakeAdminClient();
      const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
      await host.start();
      for (const answer of ['cancel', 'fail', 'ok'] as const) {
        const pending = host.call(method, { orderNo: 'R1', amount: 10 });
        host.answer(host.getSnapshot().pending[0]!.id, { answer });
        await pending;
      }
      expect(admin.hostActions.map((a) => [a.method, a.params])).toEqual([
        [method, { orderNo: 'R1', amount: 10 }],
      ]);
      admin.failWith = new Error('mock server unreachable');
      const unreachable = host.call(method, { orderNo: 'R2', amount: 10 });
      host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok' });
      expect(await unreachable).toMatchObject({
        resultCode: 3,
        message: 'mock server unreachable',
      });
    },
  );

  it.each(['gcashPayment', 'fastPayPayment'] as const)(
    '%s refused for an order that can never be paid passes on the reason and the refusal',
    async (method) => {
      const admin = new FakeAdminClient();
      const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
      await host.start();
      const refusal = {
        orderNo: 'RP1',
        status: 'replaced',
        liveOrder: { orderNo: 'RP2', channel: 'SHOPEE', channelLabel: 'Shopee' },
      };
      const message = 'This order (RP1) was replaced by a newer one on Shopee (RP2).';
      admin.hostAnswer = { code: 9000031, message, data: refusal };
      const paying = host.call(method, { orderNo: 'RP1', amount: 10 });
      host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok' });
      expect(await paying).toEqual({ resultCode: 3, message, data: refusal });
      // Any other refusal: its message and code, nothing the page could take for a refusal.
      admin.hostAnswer = { code: 400, message: 'The amount must be 8350', data: null };
      const other = host.call(method, { orderNo: 'RP2', amount: 10 });
      host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok' });
      expect(await other).toEqual({ resultCode: 3, message: 'The amount must be 8350 (code 400)' });
    },
  );

  it('useVoucher the backend no longer offers answers 3', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: {}, deviceId: 'D' });
    await host.start();
    admin.hostAnswer = { code: 404, message: 'This voucher is not available.', data: null };
    expect(await host.call('useVoucher', { userCouponId: 'C1' })).toMatchObject({ resultCode: 3 });
  });

  it('getBaseInfo follows system and version settings', async () => {
    const host = await started({ system: 'android', version: '2.7.9' });
    const { data } = await host.call('getBaseInfo');
    expect(data).toMatchObject({ system: 'android', version: '2.7.9', deviceId: 'D' });
  });

  it('getBaseInfo hands out an empty token when signed out', async () => {
    const host = await started({ signedIn: false });
    expect((await host.call('getBaseInfo')).data).toMatchObject({ tokenValue: '' });
  });

  it('closePage shows the closed-page screen', async () => {
    const host = await started();
    expect((await host.call('closePage')).resultCode).toBe(0);
    expect(host.getSnapshot().view).toEqual({ kind: 'closed' });
  });

  it('kickOut without tip shows the kicked-out screen without the tip', async () => {
    const host = await started();
    await host.call('kickOut', { tip: false });
    expect(host.getSnapshot().view).toEqual({ kind: 'kicked-out', tip: false });
  });

  it('pickAccount answers the chosen account, the first one on a bare OK', async () => {
    const host = await started();
    const first = host.call('pickAccount');
    host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok' });
    expect((await first).data).toEqual(host.getSnapshot().accounts[0]);
    const chosen = host.call('pickAccount');
    const account = host.getSnapshot().accounts[1];
    host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok', data: account });
    expect(await chosen).toEqual({ resultCode: 0, data: account });
  });

  it.each([
    ['gcashPayment', { orderNo: 'R1', amount: 10 }],
    ['fastPayPayment', { orderNo: 'R1', amount: 10 }],
    ['showNotice', { title: 'T', content: 'C', button: 'OK' }],
  ] as const)('%s answers 0, 2 or 3 as the developer decides', async (method, params) => {
    const host = await started();
    const codes: number[] = [];
    for (const answer of ['ok', 'cancel', 'fail'] as const) {
      const pending = host.call(method, params);
      const request = host.getSnapshot().pending[0]!;
      expect(request.params).toEqual(params);
      host.answer(request.id, { answer });
      codes.push((await pending).resultCode);
    }
    expect(codes).toEqual([0, 2, 3]);
  });

  it('showLogin OK signs the user in again; cancel leaves them signed out', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: { signedIn: true } });
    const cancelled = host.call('showLogin');
    host.answer(host.getSnapshot().pending[0]!.id, { answer: 'cancel' });
    expect((await cancelled).resultCode).toBe(2);
    expect(host.getSnapshot().tokenValue).toBe('');
    const login = host.call('showLogin');
    host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok' });
    expect((await login).resultCode).toBe(0);
    expect(host.getSnapshot().tokenValue).toMatch(/^token-/);
  });

  it('showLogin fails when the mock server cannot issue a token', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, settings: { autoAnswer: { showLogin: 'ok' } as never } });
    admin.failWith = new Error('connection refused');
    const result = await host.call('showLogin');
    expect(result.resultCode).toBe(3);
    expect(result.message).toContain('connection refused');
  });
});
