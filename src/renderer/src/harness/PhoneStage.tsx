/**
 * The phone: a device-sized frame holding the SPA in an iframe prepared by mountApp, with the
 * host's surfaces, pending sheets and closed/kicked-out screens over it.
 */
import { useEffect, useRef, useState } from 'react';
import { appInsets, DEVICE_PRESETS } from '../../../host/devices';
import type { HostCore } from '../../../host/HostCore';
import type { PanelAction } from '../../../host/panelApi';
import type { HostSnapshot } from '../../../host/types';
import { type FrameControl, isPrepared, mountApp } from './frameBridge';
import { HostScreen } from './HostScreens';
import { PendingSheet } from './PendingSheet';
import { Surfaces } from './Surfaces';

interface Props {
  host: HostCore;
  world: string;
  mockOrigin?: string | undefined;
  snapshot: HostSnapshot;
  /** Origin + base of the SPA, e.g. http://127.0.0.1:4010/ */
  appBase: string;
  path: string;
  onPathChange(path: string): void;
  dispatch(action: PanelAction): void;
}

export function PhoneStage({
  host,
  world,
  mockOrigin,
  snapshot,
  appBase,
  path,
  onPathChange,
  dispatch,
}: Props) {
  const preset = DEVICE_PRESETS[snapshot.settings.device];
  const holder = useRef<HTMLDivElement>(null);
  const control = useRef<FrameControl | null>(null);
  const [remount, setRemount] = useState<{ count: number; path: string }>({ count: 0, path });
  const [mountError, setMountError] = useState<string | null>(null);
  const [scale, setScale] = useState(1);
  const showApp = snapshot.view.kind === 'app';
  const online = snapshot.settings.online;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  const profileHasBridge = snapshot.settings.profile !== 'web';

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
    let cancelled = false;
    const appUrl = new URL(remount.path.replace(/^\/+/, ''), appBase).href;
    const onLoad = () => {
      // A full navigation inside the app (reload, location change) made a fresh window without
      // the bridge: open that URL again in a new frame, prepared like the first time.
      if (isPrepared(iframe)) return;
      // The URL the new document was loaded with, before the unbridged SPA redirected anywhere.
      const entry = iframe.contentWindow?.performance.getEntriesByType('navigation')[0];
      const href = entry?.name ?? iframe.contentWindow?.location.href ?? appUrl;
      const next = href.startsWith(appBase) ? `/${href.slice(appBase.length)}` : '/';
      setRemount((r) => ({ count: r.count + 1, path: next }));
    };
    mountApp(iframe, appUrl, {
      host: profileHasBridge ? host : null,
      world,
      profile: snapshot.settings.profile,
      ...(mockOrigin ? { mockOrigin } : {}),
      insets: appInsets(preset),
      online: onlineRef.current,
      fetchHtml: async () => {
        const answer = await fetch(new URL('index.html', appBase), { cache: 'no-store' });
        if (!answer.ok) throw new Error(`The app's index.html answered ${answer.status}`);
        return answer.text();
      },
    })
      .then((frameControl) => {
        if (cancelled) return;
        control.current = frameControl;
        setMountError(null);
        iframe.addEventListener('load', onLoad);
        const frameWindow = iframe.contentWindow;
        const track = () => {
          const href = frameWindow?.location.href;
          if (href?.startsWith(appBase)) onPathChange(`/${href.slice(appBase.length)}`);
        };
        frameWindow?.addEventListener('popstate', track);
        const timer = window.setInterval(track, 1000);
        iframe.addEventListener('sim-unmount', () => window.clearInterval(timer));
      })
      .catch((error: unknown) => {
        if (!cancelled) setMountError(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      iframe.dispatchEvent(new Event('sim-unmount'));
      iframe.removeEventListener('load', onLoad);
      control.current = null;
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
    control.current?.setOnline(online);
  }, [online]);

  useEffect(() => {
    control.current?.setInsets(appInsets(preset));
  }, [preset]);

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
            <span className="sim-phone__time">9:41</span>
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
        {online
          ? null
          : ' Offline here fails the app’s requests, not its script chunks and pictures; Electron blocks those too.'}
      </p>
    </section>
  );
}
