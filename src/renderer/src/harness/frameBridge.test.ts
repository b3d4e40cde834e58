/**
 * The harness's bridge is bound to the app page (generation) it was made for: after Reload app,
 * Reopen or a profile switch, the replaced page's late calls change nothing (HostCore retires
 * it), exactly as in Electron.
 */
import { describe, expect, it } from 'vitest';
import { HostCore } from '@host/HostCore';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { createFrameBridge, hostBridge } from './frameBridge';

const frame = { Promise, structuredClone } as never;

describe('the harness bridge of a replaced page', () => {
  it.each([
    ['Reload app', (host: HostCore) => Promise.resolve(host.reload())],
    ['Reopen', (host: HostCore) => host.reopen()],
    ['a profile switch', (host: HostCore) => host.updateSettings({ profile: 'fastpay' })],
  ])('cannot kick the fresh app out after %s', async (_name, replace) => {
    const host = new HostCore({ admin: new FakeAdminClient() });
    await host.start();
    const oldPage = createFrameBridge(hostBridge(host), frame);
    await replace(host);
    const freshPage = createFrameBridge(hostBridge(host), frame);
    expect(await oldPage.call('kickOut', { tip: false })).toMatchObject({ resultCode: 3 });
    expect(host.getSnapshot().view).toEqual({ kind: 'app' });
    expect(host.getSnapshot().tokenValue).not.toBe('');
    expect(await freshPage.call('getBaseInfo')).toMatchObject({ resultCode: 0 });
  });
});
