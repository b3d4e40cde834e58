import { describe, expect, it } from 'vitest';
import { HostCore } from './HostCore';
import { applyPanelAction, panelActionSchema } from './panelApi';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';

describe('panel actions', () => {
  it('rejects actions that do not match the schema', () => {
    expect(
      panelActionSchema.safeParse({ type: 'updateSettings', patch: { profile: 'x' } }).success,
    ).toBe(false);
    expect(
      panelActionSchema.safeParse({ type: 'updateSettings', patch: { root: true } }).success,
    ).toBe(false);
    expect(panelActionSchema.safeParse({ type: 'sendEvent', event: 'explode' }).success).toBe(
      false,
    );
    expect(panelActionSchema.safeParse({ type: 'format-disk' }).success).toBe(false);
  });

  it('applies settings, scenario and answers to the host', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin });
    const apply = (raw: unknown) => applyPanelAction(host, panelActionSchema.parse(raw));
    await apply({ type: 'updateSettings', patch: { device: 'tablet', version: '2.7.0' } });
    expect(host.getSnapshot().settings).toMatchObject({ device: 'tablet', version: '2.7.0' });
    await apply({ type: 'selectScenario', name: 'repaying' });
    expect(admin.current).toBe('repaying');
    const call = host.call('pickAccount');
    await apply({
      type: 'answer',
      requestId: host.getSnapshot().pending[0]!.id,
      decision: { answer: 'cancel' },
    });
    expect((await call).resultCode).toBe(2);
    await apply({ type: 'clearCalls' });
    expect(host.getSnapshot().calls).toEqual([]);
  });
});
