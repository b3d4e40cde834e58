/**
 * One app frame of the phone, as the harness's phone (PhoneStage.tsx, on the harness's origin)
 * and the phone relay (phoneRelay/relay.ts, on the phone's own origin) both hold it: the app
 * loads at a path and every document of the frame is prepared before the app's first line
 * (frameBridge.ts) — from the phone worker's prepare script, or, without a worker, as
 * about:blank through `mountApp`. The frame's route is followed; a document that came unprepared,
 * or a frame that left the app, is reported so that its owner opens a new frame.
 */
import { appPathOf, appPathUrl } from '@shared/appPath';
import {
  type FrameControl,
  isPrepared,
  mountApp,
  type PrepareOptions,
  prepareFrameWindow,
  readableHref,
} from './frameBridge';
import { acceptPhoneFrame, type PhoneWorker } from './phoneWorkerClient';

export interface PhoneFrameOptions {
  /** The empty frame, already in the page. */
  iframe: HTMLIFrameElement;
  /** Origin + base of the SPA, e.g. http://127.0.0.1:4010/ */
  appBase: string;
  /** The app route to open. */
  path: string;
  /** Loads the app through the phone worker; null: about:blank, prepared by `mountApp`. */
  worker: PhoneWorker | null;
  /** What the console's warnings start with ('[harness]', '[phone]'). */
  logTag: string;
  /** Read at each document, so it carries the phone's settings of that moment. */
  prepareOptions(): PrepareOptions;
  /** A new document is about to be prepared: its phone worker client id (null without one). */
  onDocument(clientId: string | null): void;
  /** The document's controls (network, insets, clock), once it is prepared. */
  onControl(control: FrameControl): void;
  /** The app's route, each time it is read. */
  onPath(path: string): void;
  /** The frame left the app (another origin, an error page): open the app again. Said once. */
  onLeftApp(): void;
  /**
   * A document nobody prepared came at `path` (a full navigation in an about:blank phone; a
   * page the worker did not answer, then `missedWorker`): open that path in a new frame.
   */
  onUnprepared(path: string, missedWorker: boolean): void;
  /** About:blank only: the app's HTML could not be had. */
  onMountError(error: unknown): void;
}

/** Loads the app in `iframe`; returns what stops following the frame (it does not remove it). */
export function mountPhoneFrame(options: PhoneFrameOptions): () => void {
  const { iframe, appBase, worker, logTag } = options;
  let cancelled = false;
  const appUrl = appPathUrl(options.path, appBase);
  let putBack = false;
  const leftTheApp = (): boolean => {
    const href = readableHref(iframe);
    if (href !== null && (href === 'about:blank' || appPathOf(href, appBase) !== null)) {
      return false;
    }
    if (!putBack) {
      putBack = true;
      console.warn(`${logTag} The phone frame left the app (${href ?? 'another origin'})`);
      options.onLeftApp();
    }
    return true;
  };
  const track = () => {
    if (leftTheApp()) return;
    const path = appPathOf(readableHref(iframe) ?? '', appBase);
    if (path !== null) options.onPath(path);
  };
  const onLoad = () => {
    if (leftTheApp() || isPrepared(iframe)) return;
    // The URL the new document was loaded with, before the unbridged SPA redirected anywhere.
    const entry = iframe.contentWindow?.performance.getEntriesByType('navigation')[0];
    const href = entry?.name ?? iframe.contentWindow?.location.href ?? appUrl;
    if (worker) console.warn(`${logTag} A phone page came without the phone worker`);
    options.onUnprepared(appPathOf(href, appBase) ?? '/', worker !== null);
  };
  const timer = window.setInterval(track, 1000);
  let release = () => {};
  if (worker) {
    // Every document of the phone (first load, reload, location change) asks this page to be
    // prepared from the worker's prepare script, first thing in its <head>.
    release = acceptPhoneFrame(iframe, (frame, id) => {
      if (cancelled) return;
      options.onDocument(id);
      const prepare = options.prepareOptions();
      worker.tell({ clientId: id, online: prepare.online });
      options.onControl(
        prepareFrameWindow(frame as Parameters<typeof prepareFrameWindow>[0], prepare),
      );
      frame.addEventListener('popstate', track);
    });
    iframe.addEventListener('load', onLoad);
    void worker.hello().then(() => {
      if (!cancelled) iframe.src = appUrl;
    });
  } else {
    options.onDocument(null);
    mountApp(iframe, appUrl, {
      ...options.prepareOptions(),
      fetchHtml: async () => {
        const answer = await fetch(new URL('index.html', appBase), { cache: 'no-store' });
        if (!answer.ok) throw new Error(`The app's index.html answered ${answer.status}`);
        return answer.text();
      },
    })
      .then((control) => {
        if (cancelled) return;
        options.onControl(control);
        iframe.addEventListener('load', onLoad);
        iframe.contentWindow?.addEventListener('popstate', track);
      })
      .catch((error: unknown) => {
        if (!cancelled) options.onMountError(error);
      });
  }
  return () => {
    cancelled = true;
    release();
    window.clearInterval(timer);
    iframe.removeEventListener('load', onLoad);
  };
}
