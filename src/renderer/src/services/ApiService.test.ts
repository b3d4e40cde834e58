import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from './api';
import { fakeBridge, fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { SECURE_CONNECTION_TEXT, TIMEOUT_TEXT } from './ApiService';

const user = testBorrower();

function loggedInRoot(
  transport = fakeTransport(),
  options: Parameters<typeof createTestRoot>[0] = {},
) {
  const t = createTestRoot({ transport, start: '/bill', ...options });
  t.root.user.setUser(user);
  return t;
}

describe('the error catalogue (PRODUCT.md §8)', () => {
  it('emits api-code and a 3000 ms notification for a non-200 code', async () => {
    const { root, ui } = loggedInRoot(
      fakeTransport({ loanInfo: { code: 9000013, message: 'Not eligible', data: null } }),
    );
    const events: number[] = [];
    root.events.on('api-code', ({ answer }) => events.push(answer.code));
    const answer = await root.api.call('loanInfo', {});
    expect(answer.code).toBe(9000013);
    expect(events).toEqual([9000013]);
    expect(ui.shown).toEqual(['Not eligible']);
  });

  it.each([9000017, 9000018])('raises no notification for %i but still emits', async (code) => {
    const { root, ui } = loggedInRoot(
      fakeTransport({ loanInfo: { code, message: 'quiet', data: null } }),
    );
    const events: number[] = [];
    root.events.on('api-code', ({ answer }) => events.push(answer.code));
    await root.api.call('loanInfo', {});
    expect(ui.shown).toEqual([]);
    expect(events).toEqual([code]);
  });

  it.each([9000000, 9000001, 9000002, 9000003, 9000005])(
    'session code %i on the web: kick-out without tip, user cleared, /login',
    async (code) => {
      const { root, navigation } = loggedInRoot(
        fakeTransport({ loanInfo: { code, message: 'Session over', data: null } }),
      );
      await root.api.call('loanInfo', {});
      expect(root.user.isLoggedIn).toBe(false);
      expect(navigation.visited).toEqual(['/login?redirect=%2Fbill']);
    },
  );

  it('9000004 in the lender app: kickOut with tip, no /login', async () => {
    const bridge = fakeBridge({
      getBaseInfo: {
        resultCode: 0,
        data: {
          deviceId: 'd',
          system: 'ios',
          tokenValue: 'tv',
          version: '2.9.0',
          appName: 'lender',
        },
      },
    });
    const { root, navigation } = loggedInRoot(
      fakeTransport({
        userInfo: ok(user),
        unread: ok([]),
        loanInfo: { code: 9000004, message: 'Logged in elsewhere', data: null },
      }),
      { bridge },
    );
    await root.session.start('/bill');
    await root.api.call('loanInfo', {});
    expect(bridge.calls).toContainEqual({ method: 'kickOut', params: { tip: true } });
    expect(navigation.visited).toEqual([]);
  });

  it('does nothing more for a session code when nobody is logged in', async () => {
    const { root, navigation } = createTestRoot({
      transport: fakeTransport({ loanInfo: { code: 9000001, message: 'x', data: null } }),
    });
    await root.api.call('loanInfo', {});
    expect(navigation.visited).toEqual([]);
  });

  it('keeps production web on the page for session codes', async () => {
    const { root, navigation } = loggedInRoot(
      fakeTransport({ loanInfo: { code: 9000002, message: 'x', data: null } }),
      { config: { env: 'production' } },
    );
    await root.api.call('loanInfo', {});
    expect(navigation.visited).toEqual([]);
  });

  it('shows the secure-connection dialog once and reloads on OK (web)', async () => {
    const { root, ui, reloads, reported } = loggedInRoot(
      fakeTransport({
        loanInfo: Object.assign(new Error('decrypt failed'), { kind: 'secure-connection' }),
      }),
    );
    const results = await Promise.allSettled([
      root.api.call('loanInfo', {}),
      root.api.call('loanInfo', {}),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(ApiCallError);
    expect(reason.handled).toBe(true);
    expect(ui.shown.filter((s) => s === SECURE_CONNECTION_TEXT)).toHaveLength(1);
    await Promise.resolve();
    expect(reloads).toHaveLength(1);
    expect(reported).toHaveLength(2);
  });

  it('does not close or reload when the secure-connection dialog closes with a page change', async () => {
    const { root, ui, reloads } = loggedInRoot(
      fakeTransport({
        loanInfo: Object.assign(new Error('decrypt failed'), { kind: 'secure-connection' }),
      }),
    );
    ui.confirmAlerts = false;
    await root.api.call('loanInfo', {}).catch(() => undefined);
    await Promise.resolve();
    expect(ui.shown).toContain(SECURE_CONNECTION_TEXT);
    expect(reloads).toEqual([]);
  });

  it('a refused handshake shows the server message, then the secure-connection dialog', async () => {
    const refusal = Object.assign(
      new Error('Secure handshake refused: Service under maintenance'),
      {
        kind: 'handshake',
        serverMessage: 'Service under maintenance',
      },
    );
    const { root, ui } = loggedInRoot(fakeTransport({ loanInfo: refusal }));
    await root.api.call('loanInfo', {}).catch(() => undefined);
    expect(ui.shown).toEqual(['Service under maintenance', SECURE_CONNECTION_TEXT]);
  });

  it('tells the user about a timeout', async () => {
    const { root, ui } = loggedInRoot(
      fakeTransport({ loanInfo: Object.assign(new Error('10 s'), { kind: 'timeout' }) }),
    );
    await expect(root.api.call('loanInfo', {})).rejects.toMatchObject({ kind: 'timeout' });
    expect(ui.shown).toEqual([TIMEOUT_TEXT]);
  });
});

describe('quiet network (what loads ahead of need waits for it)', () => {
  it('quietFor waits through a short gap between two rounds of calls', async () => {
    vi.useFakeTimers();
    try {
      let release: () => void = () => {};
      const transport = fakeTransport({ unread: ok([]) });
      const slow = transport.call.bind(transport);
      transport.call = (name, data, options) =>
        name === 'loanInfo'
          ? new Promise((resolve) => {
              release = () => void resolve(slow('unread', data as never, options) as never);
            })
          : slow(name, data, options);
      const { root } = createTestRoot({ transport });
      let settled = false;
      const first = root.api.call('unread', {});
      void root.api.quietFor(40).then(() => {
        settled = true;
      });
      await first;
      // The second round starts inside the quiet window: it is not the end yet.
      await vi.advanceTimersByTimeAsync(10);
      const second = root.api.call('loanInfo', {});
      // However long it takes: a call in flight is not quiet.
      await vi.advanceTimersByTimeAsync(1000);
      expect(settled).toBe(false);
      release();
      await second;
      // Quiet, but not yet for 40 ms; then it is.
      await vi.advanceTimersByTimeAsync(10);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('firstCallsOver waits for a first call, then for quiet after it', async () => {
    vi.useFakeTimers();
    try {
      const { root } = createTestRoot({ transport: fakeTransport({ unread: ok([]) }) });
      let over = false;
      void root.api.firstCallsOver(40).then(() => {
        over = true;
      });
      // No call yet: the first page is not up, however long the quiet (Sentry waits for this).
      await vi.advanceTimersByTimeAsync(1000);
      expect(over).toBe(false);
      await root.api.call('unread', {});
      await vi.advanceTimersByTimeAsync(100);
      expect(over).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
