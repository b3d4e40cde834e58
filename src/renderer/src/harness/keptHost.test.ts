import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostCore } from '@host/HostCore';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { keepHost, readKeptHost } from './keptHost';

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('kept host (harness F5)', () => {
  it('keeps settings, auto-answers, calls and notes per world, and gives them back', async () => {
    vi.useFakeTimers();
    const host = new HostCore({ admin: new FakeAdminClient() });
    const stop = keepHost(window.sessionStorage, 'w-one', host);
    await host.updateSettings({
      autoAnswer: { ...host.getSnapshot().settings.autoAnswer, pickAccount: 'cancel' },
    });
    await host.call('getBaseInfo');
    host.sendEvent('pageResume');
    vi.advanceTimersByTime(400);
    const kept = readKeptHost(window.sessionStorage, 'w-one');
    expect(kept?.settings.autoAnswer?.pickAccount).toBe('cancel');
    expect(kept?.calls.map((c) => c.method)).toEqual(['getBaseInfo']);
    expect(kept?.notes.map((n) => n.kind)).toEqual(['settings', 'event']);
    expect(readKeptHost(window.sessionStorage, 'w-other')).toBeNull();

    const reloaded = new HostCore({ admin: new FakeAdminClient(), settings: kept?.settings });
    reloaded.restoreLogs(kept?.calls ?? [], kept?.notes ?? []);
    expect(reloaded.getSnapshot().settings.autoAnswer.pickAccount).toBe('cancel');
    expect((await reloaded.call('pickAccount', {})).resultCode).toBe(2);
    expect(reloaded.getSnapshot().calls.map((c) => c.method)).toEqual([
      'getBaseInfo',
      'pickAccount',
    ]);
    stop();
  });

  it('starts afresh from anything it cannot read', () => {
    window.sessionStorage.setItem(
      'directLoanSimulator.host.w-bad',
      '{"settings":{"profile":"root"}}',
    );
    expect(readKeptHost(window.sessionStorage, 'w-bad')).toBeNull();
    window.sessionStorage.setItem('directLoanSimulator.host.w-bad', '{');
    expect(readKeptHost(window.sessionStorage, 'w-bad')).toBeNull();
  });
});
