/**
 * The simulator UI: the control panel beside the phone (harness), or the panel alone (Electron,
 * where the phone is its own window).
 */
import { useEffect, useState } from 'react';
import type { HostCore } from '@host/HostCore';
import type { PanelApi } from '@host/panelApi';
import { PHONE_BUNDLE_LABELS, type PhoneBundleMode } from '@host/phoneBundle';
import { CallLog } from './CallLog';
import { Controls } from './Controls';
import { HostScreen } from './HostScreens';
import type { HarnessPhone } from './harnessPhone';
import { PhoneInfo } from './PhoneInfo';
import { type PhoneIsolation, rememberRefusedStorage, type StorageVerdict } from './phoneIsolation';
import { writeMatrixSpec } from './matrix';
import { PendingSheet } from './PendingSheet';
import { PhoneStage } from './PhoneStage';
import type { PhoneWorker } from './phoneWorkerClient';
import { Surfaces } from './Surfaces';
import { Timeline } from './Timeline';
import { TrafficLog } from './TrafficLog';
import { clockParam, writeUrlState } from './urlState';
import { copyText, useDispatch, useSnapshot } from './usePanel';
import { WorkbenchPanel } from './WorkbenchPanel';

export interface PhoneSetup {
  host: HostCore;
  /** The phone's world on the mock server (DESIGN.md §6). */
  world: string;
  /** `?mock=`: another mock server's origin, used by the panel and the app alike. */
  mockOrigin?: string;
  appBase: string;
  /** The phone service worker, or null where this origin cannot have one. */
  worker: PhoneWorker | null;
  initialPath: string;
  /** Route and storage of the phone, for the workbench's repro bundles. */
  access: HarnessPhone;
  /** The world of the tab this one was copied from (Duplicate tab, window.open); else null. */
  copiedFrom?: string | null;
  /** Another page of this origin held this tab's world when it reloaded: taken back. */
  tookBack?: boolean;
  /** How the phone is isolated, and why (phoneIsolation.ts). */
  isolation: PhoneIsolation;
  /** Where the dev server says the phone's app comes from (null: it did not say). */
  appMode: PhoneBundleMode | null;
}

export function HarnessApp({
  api,
  phone,
  panelServer = null,
  phoneLabel = null,
  layout = 'full',
}: {
  api: PanelApi;
  phone: PhoneSetup | null;
  /** Electron: the embedded mock server and the phone's world, for what the panel copies. */
  panelServer?: { url: string; world: string | null } | null;
  /** Electron: the phone runs a developer build, not the bundle that ships (host/phoneBundle.ts). */
  phoneLabel?: string | null;
  /** `cell`: the phone alone, as one phone of the matrix page. */
  layout?: 'full' | 'cell';
}) {
  const snapshot = useSnapshot(api);
  const { dispatch, error } = useDispatch(api);
  const [tab, setTab] = useState<'calls' | 'traffic' | 'timeline'>('calls');
  const [path, setPath] = useState(phone?.initialPath ?? '/');
  /** A route the workbench opens in the phone (a repro bundle's). */
  const [opening, setOpening] = useState<{ path: string } | null>(null);

  useEffect(() => phone?.access.onOpen((next) => setOpening({ path: next })), [phone]);
  useEffect(() => phone?.access.setPath(path), [phone, path]);
  const [copied, setCopied] = useState(false);
  /** What the phone's relay found about its storage (cross-origin phones only). */
  const [phoneStorage, setPhoneStorage] = useState<StorageVerdict | null>(null);

  // Keep the address bar reproducing the state, so a copied link opens the same setup.
  useEffect(() => {
    if (!snapshot || !phone) return;
    const search = writeUrlState(window.location.search, snapshot, path);
    if (search !== window.location.search) window.history.replaceState(null, '', search);
  }, [snapshot, path, phone]);

  if (!snapshot) return <p className="sim-loading">Starting the simulated host…</p>;
  const run = (action: Parameters<typeof dispatch>[0]) => void dispatch(action);
  const copyLink = async () => {
    await copyText(window.location.href, 'Copy this link');
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const problem = error ?? snapshot.error;
  // A developer mode of the phone, in either runtime: Electron's from main, the harness's from
  // its dev server (phoneBundle.ts).
  const bundleLabel = phoneLabel ?? (phone?.appMode ? PHONE_BUNDLE_LABELS[phone.appMode] : null);
  const stage = phone ? (
    <PhoneStage
      host={phone.host}
      world={phone.world}
      mockOrigin={phone.mockOrigin}
      snapshot={snapshot}
      appBase={phone.appBase}
      worker={phone.worker}
      path={path}
      opening={opening}
      onPathChange={setPath}
      dispatch={run}
      access={phone.access}
      onStorage={(verdict) => {
        setPhoneStorage(verdict);
        rememberRefusedStorage(verdict);
      }}
    />
  ) : null;
  if (layout === 'cell') {
    return (
      <div className="sim sim--cell">
        {problem ? (
          <p className="sim-error sim-banner" role="alert">
            {problem}
          </p>
        ) : null}
        {stage}
      </div>
    );
  }
  const matrixLink = writeMatrixSpec({
    route: path,
    scenarios: snapshot.scenario ? [snapshot.scenario] : [],
    devices: [snapshot.settings.device],
    profiles: [snapshot.settings.profile],
    clock: snapshot.clock ? clockParam(snapshot.clock) : null,
  });

  return (
    <div className={`sim ${phone ? 'sim--harness' : 'sim--panel'}`}>
      <header className="sim-top">
        <h1>Direct Loan simulator</h1>
        <span className="sim-pill">{phone ? 'Browser harness' : 'Electron'}</span>
        <span className="sim-pill sim-pill--light">scenario: {snapshot.scenario ?? '—'}</span>
        <span className="sim-pill sim-pill--light">
          {snapshot.tokenValue ? 'signed in' : 'signed out'}
        </span>
        {phone ? (
          <>
            <a className="sim-btn sim-top__copy" href={`harness.html${matrixLink}`}>
              Matrix
            </a>
            <button className="sim-btn" onClick={copyLink}>
              {copied ? 'Link copied' : 'Copy link'}
            </button>
          </>
        ) : null}
      </header>
      {problem ? (
        <p className="sim-error sim-banner" role="alert">
          {problem}
        </p>
      ) : null}
      {bundleLabel ? (
        <p className="sim-note sim-banner" role="note" aria-label="Phone bundle">
          {bundleLabel}
        </p>
      ) : null}
      {phone?.copiedFrom ? (
        <p className="sim-note sim-banner" role="note" aria-label="Copied tab">
          {`This tab is a copy of another harness tab: a new phone in its own world (${phone.world}), so its scenario, faults and sign-in never reach the original (world ${phone.copiedFrom}).`}
        </p>
      ) : null}
      {phone?.tookBack ? (
        <p className="sim-note sim-banner" role="note" aria-label="World taken back">
          {`Another page of this origin was holding this tab’s world (${phone.world}) when the tab reloaded — it had queued for the world’s lock. The harness took the world back: this phone keeps its scenario, sign-in and log.`}
        </p>
      ) : null}
      <div className="sim-body">
        {stage}
        <aside className="sim-panel" aria-label="Control panel">
          {phone ? (
            <PhoneInfo
              isolation={phone.isolation}
              phoneOrigin={phone.access.ownOriginOf(snapshot.settings.profile)}
              appMode={phone.appMode}
              storage={phoneStorage}
            />
          ) : null}
          <Controls api={api} snapshot={snapshot} dispatch={run} />
          <WorkbenchPanel api={api} clock={snapshot.clock} />
          {phone ? null : (
            <div className="sim-native">
              <HostScreen view={snapshot.view} onReopen={() => run({ type: 'reopen' })} />
              {snapshot.pending.map((request) => (
                <PendingSheet
                  key={request.id}
                  request={request}
                  accounts={snapshot.accounts}
                  dispatch={run}
                />
              ))}
              <Surfaces surfaces={snapshot.surfaces} dispatch={run} autoDismiss={false} />
            </div>
          )}
          <div className="sim-tabs" role="tablist">
            <button role="tab" aria-selected={tab === 'calls'} onClick={() => setTab('calls')}>
              Bridge calls ({snapshot.calls.length})
            </button>
            <button role="tab" aria-selected={tab === 'traffic'} onClick={() => setTab('traffic')}>
              API traffic
            </button>
            <button
              role="tab"
              aria-selected={tab === 'timeline'}
              onClick={() => setTab('timeline')}
            >
              Timeline
            </button>
          </div>
          {tab === 'calls' ? <CallLog calls={snapshot.calls} dispatch={run} /> : null}
          <div hidden={tab !== 'traffic'}>
            <TrafficLog api={api} active={tab === 'traffic'} />
          </div>
          {tab === 'timeline' ? (
            <Timeline
              api={api}
              calls={snapshot.calls}
              notes={snapshot.notes}
              active
              server={
                phone ? (phone.mockOrigin ?? window.location.origin) : (panelServer?.url ?? null)
              }
              world={phone ? phone.world : (panelServer?.world ?? null)}
            />
          ) : null}
        </aside>
      </div>
    </div>
  );
}
