/**
 * The simulator's application menu, built from the host snapshot (rebuilt on every change).
 * Pure: takes the snapshot and callbacks, returns the template.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { ScenarioList } from '@host/adminClient';
import { DEVICE_IDS, DEVICE_PRESETS } from '@host/devices';
import type { PanelAction } from '@host/panelApi';
import { HOST_PROFILES, type HostSnapshot } from '@host/types';
import { BRIDGE_EVENTS } from '@shared/bridge';

const PROFILE_LABELS = { lender: 'Lender app', fastpay: 'FastPay wallet', web: 'Web (no host)' };
const VERSION_CHOICES = ['2.7.0', '2.8.0', '2.9.0', '3.0.0', 'not-a-version'];

export function buildMenuTemplate(
  snapshot: HostSnapshot,
  scenarios: ScenarioList,
  run: (action: PanelAction) => void,
  platform: string = process.platform,
): MenuItemConstructorOptions[] {
  const settings = snapshot.settings;
  const set = (patch: Extract<PanelAction, { type: 'updateSettings' }>['patch']) =>
    run({ type: 'updateSettings', patch });
  return [
    // The app menu exists on macOS only; elsewhere File carries Quit.
    platform === 'darwin' ? { role: 'appMenu' as const } : { role: 'fileMenu' as const },
    {
      label: 'Profile',
      submenu: HOST_PROFILES.map((profile) => ({
        label: PROFILE_LABELS[profile],
        type: 'radio' as const,
        checked: settings.profile === profile,
        click: () => set({ profile }),
      })),
    },
    {
      label: 'Scenario',
      submenu: scenarios.scenarios.map((s) => ({
        label: s.title === s.name ? s.name : `${s.name} — ${s.title}`,
        type: 'radio' as const,
        checked: snapshot.scenario === s.name,
        click: () => run({ type: 'selectScenario', name: s.name }),
      })),
    },
    {
      label: 'Device',
      submenu: [
        ...DEVICE_IDS.map((device) => ({
          label: DEVICE_PRESETS[device].label,
          type: 'radio' as const,
          checked: settings.device === device,
          click: () => set({ device }),
        })),
        { type: 'separator' as const },
        ...(['android', 'ios'] as const).map((system) => ({
          label: system === 'ios' ? 'iOS' : 'Android',
          type: 'radio' as const,
          checked: settings.system === system,
          click: () => set({ system }),
        })),
      ],
    },
    {
      label: 'Host',
      submenu: [
        {
          label: 'App version',
          submenu: VERSION_CHOICES.map((version) => ({
            label: version,
            type: 'radio' as const,
            checked: settings.version === version,
            click: () => set({ version }),
          })),
        },
        {
          label: 'Offline',
          type: 'checkbox' as const,
          checked: !settings.online,
          click: () => set({ online: !settings.online }),
        },
        {
          label: 'Signed in',
          type: 'checkbox' as const,
          checked: settings.signedIn,
          click: () => set({ signedIn: !settings.signedIn }),
        },
        { type: 'separator' as const },
        {
          label: 'Send event',
          submenu: BRIDGE_EVENTS.map((event) => ({
            label: event,
            click: () => run({ type: 'sendEvent', event }),
          })),
        },
        { type: 'separator' as const },
        { label: 'Reload app', accelerator: 'CmdOrCtrl+R', click: () => run({ type: 'reload' }) },
        { label: 'Reset scenario', click: () => run({ type: 'reset' }) },
        {
          label: 'App DevTools',
          accelerator: 'F12',
          click: () => run({ type: 'openDevTools' }),
        },
        { type: 'separator' as const },
        {
          label: 'Export repro bundle…',
          accelerator: 'CmdOrCtrl+Shift+E',
          click: () => run({ type: 'saveBundle' }),
        },
        {
          label: 'Import repro bundle…',
          accelerator: 'CmdOrCtrl+Shift+O',
          click: () => run({ type: 'openBundle' }),
        },
        { type: 'separator' as const },
        // Upstream mode (src/shared/upstream.ts): the URL, Record and the contract report are typed
        // in the control panel's Upstream section; DL_UPSTREAM sets it at launch.
        { label: 'Upstream URL…', click: () => run({ type: 'showPanel' }) },
      ],
    },
    { role: 'editMenu' as const },
    {
      // The Window menu's own items, plus the way back to a closed control panel.
      role: 'windowMenu' as const,
      submenu: [
        {
          label: 'Control panel',
          accelerator: 'CmdOrCtrl+Shift+P',
          click: () => run({ type: 'showPanel' }),
        },
        { type: 'separator' as const },
        { role: 'minimize' as const },
        ...(platform === 'darwin' ? [{ role: 'zoom' as const }] : []),
        { role: 'close' as const },
      ],
    },
  ];
}
