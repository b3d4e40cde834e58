/**
 * The phone relay (phone.html): the harness phone's page on the phone's own origin,
 * `<world>-<profile>.localhost` (src/shared/phoneOrigin.ts). The browser keeps that origin's
 * localStorage, cookies and IndexedDB apart from the harness page's and from every other
 * profile's, so the app needs no storage wrapper and cannot see through one.
 *
 * The relay registers the phone service worker on its origin and holds the app in a frame of its
 * own origin, prepared before the app's first line as PhoneStage does on the harness's origin
 * (frameBridge.ts): the bridge, network, insets and clock. Everything the harness page decides
 * arrives as checked messages (src/shared/phoneRelay.ts) from its parent, which must be the
 * harness on the relay's own loopback port; the relay answers only there. The admin token never
 * reaches this origin.
 */

import { appPathOf } from '@shared/appPath';
import { errorMessage } from '@shared/errors';
import {
  type FromRelay,
  isHarnessOriginFor,
  RELAY_CHANNEL,
  readToRelay,
  type ToRelay,
} from '@shared/phoneRelay';
import type { FrameControl } from '@renderer/harness/frameBridge';
import { mountPhoneFrame } from '@renderer/harness/phoneFrame';
import type { PhoneWorker } from '@renderer/harness/phoneWorkerClient';
import { showsNoConnection, startPhoneWorker } from '@renderer/harness/phoneWorkerClient';
import { RemoteHost } from './remoteHost';

type OpenMessage = Extract<ToRelay, { type: 'open' }>;

/** Starts the relay in this page; false (and a note on the page) when it is not framed by a harness. */
export function startRelay(): boolean {
  const harnessOrigin = new URL(window.location.href).searchParams.get('harness') ?? '';
  const parentWindow = window.parent;
  if (parentWindow === window || !isHarnessOriginFor(harnessOrigin, window.location.origin)) {
    document.body.textContent = 'This page is the browser harness’s phone; open harness.html.';
    return false;
  }
  const post = (message: FromRelay) => parentWindow.postMessage(message, harnessOrigin);
  const storage = storageVerdict();
  // A storage check only (the harness choosing its arrangement, phoneIsolation.ts): nothing else
  // runs here, no service worker is registered.
  if (new URL(window.location.href).searchParams.has('probe')) {
    post({ channel: RELAY_CHANNEL, type: 'ready', storage });
    return true;
  }
  // The app frame fills the phone's screen (styles set through the CSSOM: no inline CSS).
  Object.assign(document.documentElement.style, { height: '100%' });
  Object.assign(document.body.style, { height: '100%', margin: '0', overflow: 'hidden' });
  const appBase = new URL('./', window.location.href).href;
  const remote = new RemoteHost(post);
  const workerStart = startPhoneWorker(appBase);
  let phone: RelayPhone | null = null;

  window.addEventListener('message', (event) => {
    const message = readToRelay(event, { origin: harnessOrigin, source: parentWindow });
    if (!message) return;
    switch (message.type) {
      case 'open':
        if (phone) return;
        if (message.storage) replaceStorage(message.storage);
        phone = new RelayPhone(message, appBase, remote, post);
        void workerStart.then((worker) => phone?.mount(worker));
        return;
      case 'online':
        phone?.setOnline(message.online);
        return;
      case 'insets':
        phone?.control?.setInsets(message.insets);
        return;
      case 'clock':
        phone?.control?.setClock(message.clock);
        return;
      case 'answer':
        remote.answer(message.id, message.result);
        return;
      case 'event':
        remote.emit(message.event, message.payload);
        return;
      case 'read-storage':
        post({ channel: RELAY_CHANNEL, type: 'storage', id: message.id, entries: readStorage() });
        return;
    }
  });
  post({ channel: RELAY_CHANNEL, type: 'ready', storage });
  return true;
}

/**
 * Whether this document may use storage. A browser that blocks third-party storage denies a
 * cross-site frame localStorage, sessionStorage, IndexedDB, Cache Storage, cookies and service
 * workers alike; reading `localStorage` throws its SecurityError ("Access is denied for this
 * document") without writing anything the app would later find.
 */
function storageVerdict(): { allowed: boolean; detail: string } {
  try {
    void window.localStorage.length;
    return { allowed: true, detail: 'localStorage is available' };
  } catch (error) {
    return { allowed: false, detail: errorMessage(error).slice(0, 500) };
  }
}

/**
 * The app's localStorage: this origin's, the relay's own (it keeps nothing there itself); empty
 * where the browser denies this origin storage (the harness says so under the phone).
 */
function readStorage(): Record<string, string> {
  const entries: Record<string, string> = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      const value = key === null ? null : localStorage.getItem(key);
      if (key !== null && value !== null) entries[key] = value;
    }
  } catch {
    // Denied storage: nothing to read.
  }
  return entries;
}

function replaceStorage(entries: Record<string, string>): void {
  try {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  } catch (error) {
    console.warn('[phone] The app’s storage could not be restored:', error);
  }
}

/** The app frame inside the relay, as PhoneStage kept it on the harness's origin. */
class RelayPhone {
  control: FrameControl | null = null;
  private iframe: HTMLIFrameElement | null = null;
  private clientId: string | null = null;
  private worker: PhoneWorker | null = null;
  private online: boolean;
  private clock: OpenMessage['clock'];
  private insets: OpenMessage['insets'];
  private lastPath: string;
  /** The route last told to the harness (null: none yet; the page may have redirected). */
  private toldPath: string | null = null;
  /** Pages that came without the worker's prepare script. */
  private misses = 0;
  private stop = () => {};

  constructor(
    private readonly opening: OpenMessage,
    private readonly appBase: string,
    private readonly remote: RemoteHost,
    private readonly post: (message: FromRelay) => void,
  ) {
    this.online = opening.online;
    this.clock = opening.clock;
    this.insets = opening.insets;
    this.lastPath = opening.path;
  }

  mount(worker: PhoneWorker | null, path = this.lastPath): void {
    this.stop();
    this.worker = worker;
    const iframe = document.createElement('iframe');
    iframe.title = 'Direct Loan app';
    Object.assign(iframe.style, {
      border: '0',
      display: 'block',
      width: '100%',
      height: '100%',
    });
    document.body.replaceChildren(iframe);
    this.iframe = iframe;
    const viaWorker = worker !== null && this.misses < 2;
    const stopFrame = mountPhoneFrame({
      iframe,
      appBase: this.appBase,
      path,
      worker: viaWorker ? worker : null,
      logTag: '[phone]',
      prepareOptions: () => ({
        bridge: this.opening.bridge ? this.remote : null,
        world: this.opening.world,
        storageNamespace: null,
        ...(this.opening.mockOrigin ? { mockOrigin: this.opening.mockOrigin } : {}),
        insets: this.insets,
        online: this.online,
        clock: this.clock,
        onAppError: (text) =>
          this.post({ channel: RELAY_CHANNEL, type: 'app-error', text: text.slice(0, 4096) }),
        links: {
          isAppUrl: (url) => appPathOf(url, this.appBase) !== null,
          onExternalUrl: (url) =>
            this.post({ channel: RELAY_CHANNEL, type: 'external', url: url.slice(0, 4096) }),
        },
      }),
      onDocument: (id) => {
        this.clientId = id;
        this.remote.reset();
      },
      onControl: (control) => {
        this.control = control;
      },
      onPath: (next) => {
        this.lastPath = next;
        if (next !== this.toldPath) {
          this.toldPath = next;
          this.post({ channel: RELAY_CHANNEL, type: 'path', path: next });
        }
      },
      onLeftApp: () => this.mount(this.worker, this.lastPath),
      onUnprepared: (next, missedWorker) => {
        if (missedWorker) this.misses += 1;
        this.mount(this.worker, next);
      },
      onMountError: (error) =>
        this.post({
          channel: RELAY_CHANNEL,
          type: 'app-error',
          text: `Could not load the app: ${errorMessage(error)}`,
        }),
    });
    this.stop = () => {
      stopFrame();
      this.control = null;
      this.clientId = null;
      iframe.remove();
    };
  }

  setOnline(online: boolean): void {
    this.online = online;
    this.control?.setOnline(online);
    if (this.worker && this.clientId) this.worker.tell({ clientId: this.clientId, online });
    // Back online, a phone left on the "no connection" page loads the app again.
    if (online && this.iframe && showsNoConnection(this.iframe)) {
      this.iframe.contentWindow?.location.reload();
    }
  }
}
