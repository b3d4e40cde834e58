/**
 * The phone: a device-sized frame holding the SPA in an iframe prepared before the app's first
 * line (frameBridge.ts), with the host's surfaces, pending sheets and closed/kicked-out screens
 * over it. With the phone service worker the frame loads the app for real and offline stops all
 * of its traffic; without one it is prepared as about:blank and offline stops only what the
 * page's own fetch, XHR and beacons send.
 *
 * With an origin of its own (HarnessPhone.ownOriginOf) the frame is the phone relay on the phone's own
 * origin, `<world>-<profile>.localhost` (src/shared/phoneOrigin.ts), which holds and prepares the
 * app there; this page talks to it only in checked messages (phoneRelayClient.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { appInsets, DEVICE_PRESETS } from '@host/devices';
import { showExternalUrl } from '@host/externalUrl';
import type { HostCore } from '@host/HostCore';
import type { PanelAction } from '@host/panelApi';
import type { PhoneClock } from '@host/phoneClock';
import type { HostSnapshot } from '@host/types';
import { appPathOf } from '@shared/appPath';
import { RELAY_CHANNEL } from '@shared/phoneRelay';
import { configFailureAdvice, configFailureOf } from './appStartFailure';
import { type FrameControl, hostBridge } from './frameBridge';
import { HostScreen } from './HostScreens';
import type { HarnessPhone } from './harnessPhone';
import { PendingSheet } from './PendingSheet';
import { connectRelay, type RelayConnection, relayUrl } from './phoneRelayClient';
import { mountPhoneFrame } from './phoneFrame';
import { type PhoneWorker, showsNoConnection } from './phoneWorkerClient';
import { Surfaces } from './Surfaces';
import { errorMessage } from '@shared/errors';

/**
 * The status bar's time: the usual 9:41 on real time; the world's date and time while the phone
 * follows a world clock, so a screenshot says when it was taken in the world. The date sits above
 * the time in the bar's left corner, which a notch leaves narrow.
 */
function statusTime(clock: PhoneClock | null): { date: string | null; time: string } {
  if (!clock) return { date: null, time: '9:41' };
  const at = new Date(clock.frozenAt ?? Date.now() + clock.offsetMs);
  return {
    date: at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    time: at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hour12: false }),
  };
}

interface Props {
  host: HostCore;
  world: string;
  mockOrigin?: string | undefined;
  snapshot: HostSnapshot;
  /** Origin + base of the SPA, e.g. http://127.0.0.1:4010/ */
  appBase: string;
  /** The phone service worker; null where the page cannot have one (about:blank phones). */
  worker: PhoneWorker | null;
  path: string;
  /** A route to load in a fresh phone page (a repro bundle's); a new object loads it again. */
  opening?: { path: string } | null;
  onPathChange(path: string): void;
  dispatch(action: PanelAction): void;
  /** The phone's route and storage; says whether the phone has origins of its own. */
  access?: HarnessPhone | undefined;
  /** Whether the browser gives the phone's own origin storage (said by each new relay). */
  onStorage?: ((verdict: { allowed: boolean; detail: string }) => void) | undefined;
}

export function PhoneStage({
  host,
  world,
  mockOrigin,
  snapshot,
  appBase,
  worker,
  path,
  opening,
  onPathChange,
  dispatch,
  access,
  onStorage,
}: Props) {
  const preset = DEVICE_PRESETS[snapshot.settings.device];
  const holder = useRef<HTMLDivElement>(null);
  const control = useRef<FrameControl | null>(null);
  const iframeRef = useRef<HTMLIFrameElement | null>(null);
  /** The phone relay, while the phone is on its own origin. */
  const relay = useRef<RelayConnection | null>(null);
  /** The service-worker client id of the phone's current document. */
  const clientId = useRef<string | null>(null);
  /** `misses`: pages that came without the worker's prepare script (see onLoad). */
  const [remount, setRemount] = useState<{ count: number; path: string; misses?: number }>({
    count: 0,
    path,
  });
  const [mountError, setMountError] = useState<string | null>(null);
  /** The app of this mount could not load its config (appStartFailure.ts). */
  const [startFailure, setStartFailure] = useState<string | null>(null);
  const startFailureRef = useRef(startFailure);
  startFailureRef.current = startFailure;
  /** The panel's dispatch of this render (a new function each time). */
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;
  const [scale, setScale] = useState(1);
  const showApp = snapshot.view.kind === 'app';
  const online = snapshot.settings.online;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  const clockRef = useRef(snapshot.clock);
  clockRef.current = snapshot.clock;
  const profileHasBridge = snapshot.settings.profile !== 'web';
  /** The app route the phone last showed: where a frame that left the app is put back. */
  const lastPath = useRef(path);
  lastPath.current = path;

  // Fit tall devices (the tablet) into the window; the app keeps its CSS viewport size.
  useEffect(() => {
    const fitToWindow = () =>
      setScale(Math.min(1, (window.innerHeight - 96) / (preset.height + 24)));
    fitToWindow();
    window.addEventListener('resize', fitToWindow);
    return () => window.removeEventListener('resize', fitToWindow);
  }, [preset.height]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: remounts exactly on these changes.
  useEffect(() => {
    const box = holder.current;
    if (!showApp || !box) return;
    const iframe = document.createElement('iframe');
    iframe.title = 'Direct Loan app';
    iframe.className = 'sim-phone__app';
    box.replaceChildren(iframe);
    iframeRef.current = iframe;
    const generation = snapshot.appGeneration;
    setStartFailure(null);
    const noteAppError = (text: string) => {
      host.noteAppError(text, generation);
      const failure = configFailureOf(text);
      if (failure) setStartFailure(failure);
    };
    const ownOrigin = access?.ownOriginOf(snapshot.settings.profile) ?? null;
    if (access && ownOrigin) {
      iframe.title = 'Direct Loan phone';
      const connection = connectRelay(
        iframe,
        ownOrigin,
        profileHasBridge ? hostBridge(host) : null,
        () => {
          const storage = access.takeStorage(snapshot.settings.profile);
          return {
            world,
            path: remount.path,
            bridge: profileHasBridge,
            ...(mockOrigin ? { mockOrigin } : {}),
            insets: appInsets(preset),
            online: onlineRef.current,
            clock: clockRef.current,
            ...(storage ? { storage } : {}),
          };
        },
        {
          onStorage: (verdict) => onStorage?.(verdict),
          onPath: onPathChange,
          onAppError: noteAppError,
          onExternalUrl: (url) => void showExternalUrl(host, url),
        },
      );
      relay.current = connection;
      access.attachRelay(connection);
      iframe.src = relayUrl(ownOrigin, appBase, window.location.origin);
      return () => {
        connection.dispose();
        access.attachRelay(null);
        relay.current = null;
        iframeRef.current = null;
        iframe.remove();
      };
    }
    // The phone shares this page's origin (and its sessionStorage, which holds the admin
    // token): only a path of the app may become its URL (src/shared/appPath.ts).
    // A worker that missed a page (stopped and not yet told of this harness) gets one more try,
    // which says hello first; after that this phone is prepared as about:blank.
    const viaWorker = worker !== null && (remount.misses ?? 0) < 2;
    const stop = mountPhoneFrame({
      iframe,
      appBase,
      path: remount.path,
      worker: viaWorker ? worker : null,
      logTag: '[harness]',
      prepareOptions: () => ({
        bridge: profileHasBridge ? hostBridge(host) : null,
        world,
        storageNamespace: { world, profile: snapshot.settings.profile },
        ...(mockOrigin ? { mockOrigin } : {}),
        insets: appInsets(preset),
        online: onlineRef.current,
        clock: clockRef.current,
        onAppError: noteAppError,
        links: {
          isAppUrl: (url: string) => appPathOf(url, appBase) !== null,
          onExternalUrl: (url: string) => void showExternalUrl(host, url),
        },
      }),
      onDocument: (id) => {
        clientId.current = id;
      },
      onControl: (frameControl) => {
        control.current = frameControl;
        setMountError(null);
      },
      onPath: onPathChange,
      onLeftApp: () => setRemount((r) => ({ count: r.count + 1, path: lastPath.current })),
      onUnprepared: (next, missedWorker) =>
        setRemount((r) => ({
          count: r.count + 1,
          path: next,
          misses: (r.misses ?? 0) + (missedWorker ? 1 : 0),
        })),
      onMountError: (error) => setMountError(errorMessage(error)),
    });
    return () => {
      stop();
      control.current = null;
      clientId.current = null;
      iframeRef.current = null;
      iframe.remove();
    };
  }, [
    snapshot.appGeneration,
    showApp,
    remount,
    appBase,
    profileHasBridge,
    snapshot.settings.profile,
    world,
  ]);

  useEffect(() => {
    relay.current?.send({ channel: RELAY_CHANNEL, type: 'online', online });
    control.current?.setOnline(online);
    if (worker && clientId.current) worker.tell({ clientId: clientId.current, online });
    // Back online, a phone left on the "no connection" page loads the app again, as a webview's
    // app does when the network returns.
    const iframe = iframeRef.current;
    if (online && iframe && showsNoConnection(iframe)) iframe.contentWindow?.location.reload();
    // An app that could not start offline starts again, as it would once the network is back.
    if (online && startFailureRef.current) dispatchRef.current({ type: 'reload' });
  }, [online, worker]);

  useEffect(() => {
    relay.current?.send({ channel: RELAY_CHANNEL, type: 'insets', insets: appInsets(preset) });
    control.current?.setInsets(appInsets(preset));
  }, [preset]);

  useEffect(() => {
    if (opening) setRemount((r) => ({ count: r.count + 1, path: opening.path }));
  }, [opening]);

  useEffect(() => {
    relay.current?.send({ channel: RELAY_CHANNEL, type: 'clock', clock: snapshot.clock });
    control.current?.setClock(snapshot.clock);
  }, [snapshot.clock]);

  const { insets } = preset;
  const notched = insets.top > 40;
  return (
    <section className="sim-stage" aria-label="Phone">
      <div
        className={`sim-phone sim-phone--${preset.id}`}
        style={{
          width: preset.width + 24,
          height: preset.height + 24,
          transform: scale < 1 ? `scale(${scale})` : undefined,
        }}
        data-device={preset.id}
      >
        <div className="sim-phone__screen" style={{ width: preset.width, height: preset.height }}>
          <div
            className={`sim-phone__status${preset.edgeToEdge ? ' sim-phone__status--over' : ''}`}
            style={{ height: insets.top }}
          >
            {notched ? <span className="sim-phone__notch" /> : null}
            <StatusTime clock={snapshot.clock} />
            <span className="sim-phone__net">{online ? '5G ▮▮▮' : 'Offline'}</span>
          </div>
          {/* Edge to edge (a notched iPhone) the app fills the screen under the status bar and home
              indicator, as WKWebView with viewport-fit=cover does, and the insets tell it where
              not to put content; elsewhere the webview sits between the bars. */}
          <div
            className="sim-phone__viewport"
            ref={holder}
            style={{
              top: preset.edgeToEdge ? 0 : insets.top,
              bottom: preset.edgeToEdge ? 0 : insets.bottom,
              display: showApp ? 'block' : 'none',
            }}
          />
          {showApp ? null : (
            <div className="sim-phone__viewport" style={{ top: insets.top, bottom: insets.bottom }}>
              <HostScreen view={snapshot.view} onReopen={() => dispatch({ type: 'reopen' })} />
            </div>
          )}
          {insets.bottom > 0 ? (
            <div
              className={`sim-phone__home${preset.edgeToEdge ? ' sim-phone__home--over' : ''}`}
              style={{ height: insets.bottom }}
            />
          ) : null}
          <Surfaces surfaces={snapshot.surfaces} dispatch={dispatch} autoDismiss />
          {snapshot.pending[0] ? (
            <div className="sim-phone__scrim">
              <PendingSheet
                key={snapshot.pending[0].id}
                request={snapshot.pending[0]}
                accounts={snapshot.accounts}
                dispatch={dispatch}
              />
            </div>
          ) : null}
          {startFailure && showApp ? (
            <div className="sim-phone__qa" role="alert" aria-label="The app could not start">
              <strong>The app could not load its configuration</strong>
              <p>{startFailure}</p>
              <p>{configFailureAdvice(online)}</p>
              <p className="sim-muted">
                Behind this note is what a borrower would see: the app’s own “App init failed” page,
                which speaks to whoever deploys it.
              </p>
              <button className="sim-btn" onClick={() => dispatch({ type: 'reload' })}>
                Reload app
              </button>
            </div>
          ) : null}
          {mountError ? (
            <p className="sim-phone__error" role="alert">
              Could not load the app: {mountError}
            </p>
          ) : null}
        </div>
      </div>
      <p className="sim-stage__caption">
        {preset.label} · {snapshot.settings.system} · v{snapshot.settings.version}
        {preset.edgeToEdge ? ` · insets ${preset.insets.top}/${preset.insets.bottom} px` : ''}
      </p>
      {/* Say what a browser frame cannot be: faithful where it can, honest where it cannot. */}
      <p className="sim-stage__caption sim-stage__caption--note">
        In the browser the phone has the page's pixel ratio and mouse input; the Electron simulator
        emulates {preset.dpr}× pixels, touch and the webview user agent.
        {online || worker
          ? null
          : ' Without a service worker (this origin is not secure) offline fails the app’s requests, not its script chunks and pictures; open the harness on localhost, or use Electron.'}
      </p>
    </section>
  );
}

function StatusTime({ clock }: { clock: PhoneClock | null }) {
  const { date, time } = statusTime(clock);
  return (
    <span
      className={`sim-phone__time${date ? ' sim-phone__time--dated' : ''}`}
      title="The phone's clock"
    >
      {date ? <span>{date}</span> : null}
      <span>{time}</span>
    </span>
  );
}
