import { describe, expect, it } from 'vitest';
import { HostCore } from '@host/HostCore';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { readUrlState, writeUrlState } from './urlState';

describe('harness URL state', () => {
  it.each([
    ['?profile=fastpay&device=tablet', { profile: 'fastpay', device: 'tablet', system: 'android' }],
    ['?device=iphone&system=android', { device: 'iphone', system: 'android' }],
    ['?profile=root&device=toaster', {}],
    [
      '?system=android&version=2.7.0&online=0',
      { system: 'android', version: '2.7.0', online: false },
    ],
    ['?signedIn=0', { signedIn: false }],
    ['?user=0912-345-678', { msisdn: '0912345678' }],
  ])('%s selects %j', (search, settings) => {
    expect(readUrlState(search).settings).toEqual(settings);
  });

  it('reads the scenario, the app path and the mock override', () => {
    expect(readUrlState('?scenario=repaying&path=/bill&mock=http://127.0.0.1:4010')).toMatchObject({
      scenario: 'repaying',
      path: '/bill',
      mock: 'http://127.0.0.1:4010',
    });
    expect(readUrlState('?path=https://evil.example').path).toBe('/');
    expect(readUrlState('?mock=file:///etc').mock).toBeNull();
    expect(readUrlState('?mock=http://127.0.0.1:4010/x?y').mock).toBe('http://127.0.0.1:4010');
  });

  it.each([
    '/javascript:parent.sessionStorage',
    '/http://other.example/',
    '/\\evil.example',
    '//evil.example',
  ])('opens the app start for path=%s', (path) => {
    expect(readUrlState(`?${new URLSearchParams({ path })}`).path).toBe('/');
  });

  it('writes a query that reads back to the same state, keeping other parameters', async () => {
    const host = new HostCore({
      admin: new FakeAdminClient(),
      settings: { profile: 'fastpay', device: 'android', system: 'android', online: false },
    });
    await host.start();
    await host.selectScenario('repaying');
    const search = writeUrlState('?mock=http://m', host.getSnapshot(), '/bill');
    const state = readUrlState(search);
    expect(state.settings).toEqual({
      profile: 'fastpay',
      device: 'android',
      system: 'android',
      version: '2.9.0',
      online: false,
    });
    expect(state).toMatchObject({ scenario: 'repaying', path: '/bill', mock: 'http://m' });
  });

  it('carries the world clock: frozen at an instant, or running ahead of real time', async () => {
    const host = new HostCore({ admin: new FakeAdminClient() });
    const christmas = Date.UTC(2025, 11, 24, 2);
    host.setPhoneClock({ offsetMs: 123, frozenAt: christmas });
    const frozen = writeUrlState('', host.getSnapshot(), '/');
    expect(new URLSearchParams(frozen).get('clock')).toBe('2025-12-24T02:00:00.000Z');
    expect(readUrlState(frozen).clock).toMatchObject({ frozenAt: christmas });
    host.setPhoneClock({ offsetMs: 10 * 86_400_000, frozenAt: null });
    const running = writeUrlState(frozen, host.getSnapshot(), '/');
    expect(readUrlState(running).clock).toEqual({ offsetMs: 864_000_000, frozenAt: null });
    host.setPhoneClock(null);
    expect(readUrlState(writeUrlState(running, host.getSnapshot(), '/')).clock).toBeNull();
    expect(readUrlState('?clock=soon').clock).toBeNull();
  });
});
