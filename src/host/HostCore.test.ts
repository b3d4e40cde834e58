import { describe, expect, it, vi } from 'vitest';
import { HostCore } from './HostCore';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { type HostEventMessage, STALE_PAGE_MESSAGE } from './types';

function makeHost(settings = {}) {
  const admin = new FakeAdminClient();
  let now = 1_000;
  const host = new HostCore({ admin, settings, clock: () => (now += 5), deviceId: 'DEV-1' });
  return { host, admin };
}

describe('HostCore', () => {
  it('signs the scenario user in at start and hands the token out in getBaseInfo', async () => {
    const { host } = makeHost();
    await host.start();
    const result = await host.call('getBaseInfo');
    expect(result).toEqual({
      resultCode: 0,
      data: {
        deviceId: 'DEV-1',
        system: 'ios',
        tokenValue: 'token-can-borrow-default-1',
        version: '2.9.0',
        appName: 'lender',
      },
    });
    expect(host.getSnapshot().scenario).toBe('can-borrow');
  });

  it('answers 1 for an unknown method and 3 for bad params, logging both', async () => {
    const { host } = makeHost();
    expect((await host.call('teleport', {})).resultCode).toBe(1);
    const bad = await host.call('dialPhone', { phone: 42 });
    expect(bad.resultCode).toBe(3);
    expect(bad.message).toContain('phone');
    const calls = host.getSnapshot().calls;
    expect(calls.map((c) => [c.method, c.result?.resultCode])).toEqual([
      ['teleport', 1],
      ['dialPhone', 3],
    ]);
    expect(calls[0]?.durationMs).toBe(5);
  });

  it('has no bridge in the web profile', async () => {
    const { host } = makeHost({ profile: 'web' });
    expect((await host.call('getBaseInfo')).resultCode).toBe(1);
  });

  it('keeps an interactive call pending until the panel answers it', async () => {
    const { host } = makeHost();
    const answer = host.call('pickAccount');
    const pending = host.getSnapshot().pending;
    expect(pending).toHaveLength(1);
    expect(pending[0]?.method).toBe('pickAccount');
    expect(host.getSnapshot().calls[0]?.result).toBeUndefined();
    expect(host.answer(pending[0]!.id, { answer: 'cancel' })).toBe(true);
    expect((await answer).resultCode).toBe(2);
    expect(host.getSnapshot().pending).toEqual([]);
    expect(host.getSnapshot().calls[0]?.result?.resultCode).toBe(2);
    expect(host.answer(pending[0]!.id, { answer: 'ok' })).toBe(false);
  });

  it('answers with the developer’s data, message and delay', async () => {
    vi.useFakeTimers();
    try {
      const { host } = makeHost();
      const picked = host.call('pickAccount');
      const account = { payeeId: 'P-9', payeeLabel: 'BDO •••• 9' };
      host.answer(host.getSnapshot().pending[0]!.id, { answer: 'ok', data: account });
      expect(await picked).toEqual({ resultCode: 0, data: account });

      const notice = host.call('showNotice', { title: 'T', content: 'C' });
      host.answer(host.getSnapshot().pending[0]!.id, {
        answer: 'fail',
        message: 'Sheet crashed',
        delayMs: 3_000,
      });
      let settled = false;
      void notice.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(2_900);
      expect(settled).toBe(false);
      expect(host.getSnapshot().pending).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(await notice).toEqual({ resultCode: 3, message: 'Sheet crashed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers interactive calls by the auto-answer setting, also for already pending ones', async () => {
    const { host } = makeHost({});
    const waiting = host.call('gcashPayment', { orderNo: 'R1', amount: 100 });
    await host.updateSettings({
      autoAnswer: { ...host.getSnapshot().settings.autoAnswer, gcashPayment: 'fail' },
    });
    expect((await waiting).resultCode).toBe(3);
    expect((await host.call('gcashPayment', { orderNo: 'R2', amount: 100 })).resultCode).toBe(3);
    expect(host.getSnapshot().settings.autoAnswer.pickAccount).toBe('ask');
  });

  it('reloads the app on a profile change and cancels what the old page waited for', async () => {
    const { host } = makeHost();
    const waiting = host.call('showNotice', { title: 'T', content: 'C' });
    await host.updateSettings({ profile: 'fastpay' });
    expect((await waiting).resultCode).toBe(2);
    expect(host.getSnapshot().appGeneration).toBe(1);
    const info = await host.call('getBaseInfo');
    expect(info.data).toMatchObject({ appName: 'fastpay' });
  });

  it('selects a scenario, signs in again with a fresh token and reloads', async () => {
    const { host, admin } = makeHost();
    await host.start();
    await host.selectScenario('repaying');
    expect(admin.current).toBe('repaying');
    expect(host.getSnapshot().tokenValue).toBe('token-repaying-default-2');
    expect(host.getSnapshot().appGeneration).toBe(1);
  });

  it('does not answer the old page while a scenario switch replaces it', async () => {
    const { host, admin } = makeHost();
    await host.start();
    const oldPage = { appGeneration: host.getSnapshot().appGeneration };
    let release = () => {};
    const select = admin.selectScenario.bind(admin);
    admin.selectScenario = (name) =>
      new Promise<void>((resolve) => {
        release = () => void select(name).then(resolve);
      });
    const switching = host.selectScenario('session-expired');
    // The old page, whose token the server just dropped, asks to be kicked out without the tip.
    const stale = await host.call('kickOut', { tip: false }, oldPage);
    expect(stale.resultCode).toBe(3);
    release();
    await switching;
    expect(host.getSnapshot().view).toEqual({ kind: 'app' });
    expect(host.getSnapshot().calls.map((c) => c.method)).not.toContain('kickOut');
    const late = await host.call('kickOut', { tip: false }, oldPage);
    expect(late.resultCode).toBe(3);
    const newPage = { appGeneration: host.getSnapshot().appGeneration };
    expect((await host.call('kickOut', { tip: true }, newPage)).resultCode).toBe(0);
    expect(host.getSnapshot().view).toEqual({ kind: 'kicked-out', tip: true });
  });

  it.each([
    ['Reload app', (host: HostCore) => Promise.resolve(host.reload())],
    ['Reopen', (host: HostCore) => host.reopen()],
    ['a profile switch', (host: HostCore) => host.updateSettings({ profile: 'fastpay' })],
  ])('after %s the replaced page cannot kick the fresh app out', async (_name, replace) => {
    const { host } = makeHost();
    await host.start();
    const oldPage = { appGeneration: host.getSnapshot().appGeneration };
    await replace(host);
    const before = host.getSnapshot();
    expect(before.appGeneration).toBeGreaterThan(oldPage.appGeneration);
    // The old page's late kickOut (its token is the one the fresh app replaced) is refused…
    expect(await host.call('kickOut', { tip: false }, oldPage)).toEqual({
      resultCode: 3,
      message: STALE_PAGE_MESSAGE,
    });
    // …and changes nothing: the fresh app stays, signed in, and the log has no such call.
    const after = host.getSnapshot();
    expect(after.view).toEqual({ kind: 'app' });
    expect(after.tokenValue).toBe(before.tokenValue);
    expect(after.tokenValue).not.toBe('');
    expect(after.calls).toBe(before.calls);
    // The fresh page is answered.
    const freshPage = { appGeneration: after.appGeneration };
    expect((await host.call('getBaseInfo', undefined, freshPage)).resultCode).toBe(0);
  });

  it('answers the page again when a scenario switch fails and it stays', async () => {
    const { host } = makeHost();
    await host.start();
    const page = { appGeneration: host.getSnapshot().appGeneration };
    await host.selectScenario('no-such');
    expect((await host.call('getBaseInfo', undefined, page)).resultCode).toBe(0);
  });

  it('keeps an admin failure as the error instead of throwing', async () => {
    const { host } = makeHost();
    await host.selectScenario('no-such');
    expect(host.getSnapshot().error).toContain('Unknown scenario no-such');
    expect(host.getSnapshot().appGeneration).toBe(0);
  });

  it('signs out and in when the signed-in setting or the user changes', async () => {
    const { host, admin } = makeHost();
    await host.start();
    await host.updateSettings({ signedIn: false });
    expect(host.getSnapshot().tokenValue).toBe('');
    await host.updateSettings({ signedIn: true, msisdn: '9171234567' });
    expect(host.getSnapshot().tokenValue).toBe('token-can-borrow-9171234567-2');
    expect(admin.requests).toContain('session-token 9171234567');
  });

  it('delivers host events to subscribers until they unsubscribe', () => {
    const { host } = makeHost();
    const seen: HostEventMessage[] = [];
    const off = host.onEvent((m) => seen.push(m));
    host.sendEvent('kycSuccess');
    off();
    host.sendEvent('pageResume');
    expect(seen).toEqual([{ event: 'kycSuccess', payload: null }]);
  });

  it('reopens after a kick-out with a fresh sign-in', async () => {
    const { host } = makeHost();
    await host.start();
    await host.call('kickOut', { tip: true });
    expect(host.getSnapshot().view).toEqual({ kind: 'kicked-out', tip: true });
    expect(host.getSnapshot().tokenValue).toBe('');
    // The native app logged its user out: the panel's "Signed in" says so, and Reload app loads a
    // signed-out app instead of one that ticks "Signed in" while it has no session.
    expect(host.getSnapshot().settings.signedIn).toBe(false);
    host.reload();
    expect(host.getSnapshot().tokenValue).toBe('');
    await host.call('kickOut', { tip: true });
    await host.reopen();
    expect(host.getSnapshot().view).toEqual({ kind: 'app' });
    expect(host.getSnapshot().settings.signedIn).toBe(true);
    expect(host.getSnapshot().tokenValue).toBe('token-can-borrow-default-2');
  });

  it('clears and exports the call log, capped at maxCalls', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, maxCalls: 2 });
    await host.call('dialPhone', { phone: '1' });
    await host.call('dialPhone', { phone: '2' });
    await host.call('dialPhone', { phone: '3' });
    const exported = JSON.parse(host.exportCalls()) as { params: { phone: string } }[];
    expect(exported.map((c) => c.params.phone)).toEqual(['2', '3']);
    host.clearCalls();
    expect(host.getSnapshot().calls).toEqual([]);
  });

  it('notifies subscribers with a new snapshot object on every change', async () => {
    const { host } = makeHost();
    const snapshots = [host.getSnapshot()];
    host.subscribe(() => snapshots.push(host.getSnapshot()));
    await host.call('dialPhone', { phone: '0917' });
    expect(snapshots.length).toBeGreaterThan(1);
    expect(new Set(snapshots).size).toBe(snapshots.length);
    expect(snapshots[0]?.surfaces).toEqual([]);
  });

  it('keeps the timeline’s host side: events with their listeners, settings, scenarios, reloads, app errors', async () => {
    const { host } = makeHost();
    await host.start();
    const off = host.onEvent(() => undefined, 'pageResume');
    host.onEvent(() => undefined, 'kycSuccess');
    host.sendEvent('pageResume');
    off();
    host.sendEvent('pageResume');
    await host.updateSettings({ online: false, version: '2.9.0' });
    await host.selectScenario('repaying');
    await host.call('getBaseInfo', undefined, { appGeneration: 1 });
    host.noteAppError('Uncaught TypeError: x is undefined');
    const notes = host.getSnapshot().notes.map((n) => [n.kind, n.generation, n.text]);
    expect(notes).toEqual([
      ['event', 0, 'pageResume → 1 page listener'],
      ['event', 0, 'pageResume → 0 page listeners'],
      ['settings', 0, 'online: false'],
      ['scenario', 0, "Scenario repaying (the world's server state starts again)"],
      ['reload', 1, 'App page 1 loaded'],
      ['app-error', 1, 'Uncaught TypeError: x is undefined'],
    ]);
    expect(host.getSnapshot().calls.at(-1)).toMatchObject({ method: 'getBaseInfo', generation: 1 });
    // A forwarder for every event (Electron's) means the page decides who hears it.
    host.onEvent(() => undefined);
    host.sendEvent('loanSuccess');
    expect(host.getSnapshot().notes.at(-1)?.text).toBe('loanSuccess → sent to the page');
    host.clearTimeline();
    expect(host.getSnapshot()).toMatchObject({ calls: [], notes: [] });
  });

  it('gives rows of a reloaded or imported panel ids of their own, so logs stay one row per call', async () => {
    const first = makeHost().host;
    await first.call('getBaseInfo');
    await first.call('dialPhone', { phone: '1' });
    first.sendEvent('pageResume');
    const kept = first.getSnapshot();
    // F5: a new host takes the kept logs, then the page calls again.
    const { host } = makeHost();
    host.restoreLogs(kept.calls, kept.notes);
    await host.call('getBaseInfo');
    host.sendEvent('pageResume');
    const { calls, notes } = host.getSnapshot();
    expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
    expect(calls.map((c) => c.method)).toEqual(['getBaseInfo', 'dialPhone', 'getBaseInfo']);
    // Finishing the new call never rewrites a kept one.
    expect(calls[1]?.result?.resultCode).toBe(0);
    // A log kept before ids were unique shows each of its rows once.
    const repeated = [kept.calls[0]!, kept.calls[0]!, kept.calls[1]!];
    const again = makeHost().host;
    again.restoreLogs(repeated, [...kept.notes, ...kept.notes]);
    expect(again.getSnapshot().calls).toHaveLength(2);
    expect(again.getSnapshot().notes).toHaveLength(1);
    await again.replaceWorld(async () => ({
      scenario: 'repaying',
      settings: again.getSnapshot().settings,
      calls: repeated,
      notes: [],
    }));
    expect(again.getSnapshot().calls.map((c) => c.id)).toEqual([
      kept.calls[0]!.id,
      kept.calls[1]!.id,
    ]);
  });
});
