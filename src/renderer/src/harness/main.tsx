/**
 * Entry of the simulator UI (harness.html). In a plain browser it is the browser harness: the
 * host core runs in this page and the SPA runs in the phone frame. Loaded with
 * `?runtime=electron` in the Electron panel window, it is the control panel of the host in main.
 */
import './harness.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminClient } from '../../../host/adminClient';
import { HostCore } from '../../../host/HostCore';
import type { SimulatorPanelBridge } from '../../../host/panelApi';
import { HarnessApp, type PhoneSetup } from './HarnessApp';
import { electronPanelApi, inPagePanelApi } from './panelApis';
import { readUrlState } from './urlState';

const DEVICE_ID_KEY = 'directLoanSimulator.deviceId';

/** A stable host device id per browser profile (the SPA appends -h5). */
function hostDeviceId(): string {
  try {
    const known = window.localStorage.getItem(DEVICE_ID_KEY);
    if (known) return known;
    const fresh = `SIM-${crypto.randomUUID?.() ?? Math.random().toString(36).slice(2)}`;
    window.localStorage.setItem(DEVICE_ID_KEY, fresh);
    return fresh;
  } catch {
    return `SIM-${Math.random().toString(36).slice(2)}`;
  }
}

function start(container: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  const root = createRoot(container);
  const panelBridge = (window as { simulatorPanel?: SimulatorPanelBridge }).simulatorPanel;
  if (params.get('runtime') === 'electron' && panelBridge) {
    root.render(
      <StrictMode>
        <HarnessApp api={electronPanelApi(panelBridge)} phone={null} />
      </StrictMode>,
    );
    return;
  }
  const state = readUrlState(window.location.search);
  const admin = createAdminClient(state.mock ?? window.location.origin, (input, init) =>
    window.fetch(input, init),
  );
  const host = new HostCore({ admin, settings: state.settings, deviceId: hostDeviceId() });
  const api = inPagePanelApi(host, admin);
  // Tests and QA scripts drive the host from the page (e.g. answer requests in bulk).
  (window as { simulatorHost?: HostCore }).simulatorHost = host;
  void (async () => {
    await host.start();
    // A scenario in the URL means "reproduce this state": select it, which resets the server.
    if (state.scenario) await host.selectScenario(state.scenario);
    const phone: PhoneSetup = {
      host,
      appBase: new URL('./', window.location.href).href,
      initialPath: state.path,
    };
    root.render(
      <StrictMode>
        <HarnessApp api={api} phone={phone} />
      </StrictMode>,
    );
  })();
}

const container = document.getElementById('harness');
if (container) start(container);
