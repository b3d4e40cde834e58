import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { HostCore } from '@host/HostCore';
import type { PanelAction } from '@host/panelApi';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { buildMenuTemplate } from './menu';

vi.mock('electron', () => ({}));

type Item = MenuItemConstructorOptions;
const find = (items: Item[], label: string): Item => {
  const item = items.find((i) => i.label === label);
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
};
const sub = (item: Item) => item.submenu as Item[];
const click = (item: Item) => (item.click as () => void)();

describe('simulator menu', () => {
  const host = new HostCore({ admin: new FakeAdminClient() });
  const scenarios = {
    current: 'repaying',
    scenarios: [
      { name: 'repaying', title: 'Repaying', description: '' },
      { name: 'session-expired', title: 'session-expired', description: '' },
    ],
  };

  it('marks the current profile, device and version and runs the chosen actions', () => {
    const actions: PanelAction[] = [];
    const menu = buildMenuTemplate(host.getSnapshot(), scenarios, (a) => actions.push(a), 'linux');
    const profiles = sub(find(menu, 'Profile'));
    expect(profiles.filter((p) => p.checked).map((p) => p.label)).toEqual(['Lender app']);
    click(find(profiles, 'FastPay wallet'));
    click(find(sub(find(menu, 'Scenario')), 'session-expired'));
    const hostMenu = sub(find(menu, 'Host'));
    click(find(sub(find(hostMenu, 'Send event')), 'kycSuccess'));
    click(find(hostMenu, 'Offline'));
    click(find(sub(find(hostMenu, 'App version')), '2.7.0'));
    click(find(hostMenu, 'App DevTools'));
    click(find(hostMenu, 'Export repro bundle…'));
    click(find(hostMenu, 'Import repro bundle…'));
    click(find(hostMenu, 'Upstream URL…'));
    click(find(sub(find(menu, 'Device')), 'Tablet (820×1180)'));
    click(find(sub(menu.find((m) => m.role === 'windowMenu')!), 'Control panel'));
    expect(actions).toEqual([
      { type: 'updateSettings', patch: { profile: 'fastpay' } },
      { type: 'selectScenario', name: 'session-expired' },
      { type: 'sendEvent', event: 'kycSuccess' },
      { type: 'updateSettings', patch: { online: false } },
      { type: 'updateSettings', patch: { version: '2.7.0' } },
      { type: 'openDevTools' },
      { type: 'saveBundle' },
      { type: 'openBundle' },
      { type: 'showPanel' },
      { type: 'updateSettings', patch: { device: 'tablet' } },
      { type: 'showPanel' },
    ]);
    expect(find(sub(find(menu, 'Scenario')), 'repaying — Repaying')).toBeTruthy();
  });

  it('uses the app menu on macOS only', () => {
    const run = () => undefined;
    expect(buildMenuTemplate(host.getSnapshot(), scenarios, run, 'darwin')[0]).toEqual({
      role: 'appMenu',
    });
    expect(buildMenuTemplate(host.getSnapshot(), scenarios, run, 'win32')[0]).toEqual({
      role: 'fileMenu',
    });
  });
});
