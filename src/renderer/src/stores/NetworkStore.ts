/** Network state toasts of PRODUCT.md §4 with their exact texts. */
import { makeAutoObservable } from 'mobx';
import type { UiService } from '@renderer/services/ui';

const OFFLINE_TOAST = 'Your network is disconnected';
const ONLINE_TOAST = 'Your network is connected';

/** The window events this store listens to (tests pass an EventTarget). */
export interface NetworkSource {
  /** A window's navigator: the state the page starts in (a webview may start offline). */
  navigator?: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export class NetworkStore {
  online = true;

  constructor(private readonly ui: UiService) {
    makeAutoObservable<NetworkStore, 'ui'>(this, { ui: false });
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.ui.toast(online ? ONLINE_TOAST : OFFLINE_TOAST, online ? 'success' : 'fail');
  }

  /** Starts listening; returns the stop function. */
  listen(source: NetworkSource): () => void {
    // Starting state without a toast: only changes are announced.
    if (source.navigator) this.online = source.navigator.onLine;
    const online = () => this.setOnline(true);
    const offline = () => this.setOnline(false);
    source.addEventListener('online', online);
    source.addEventListener('offline', offline);
    return () => {
      source.removeEventListener('online', online);
      source.removeEventListener('offline', offline);
    };
  }
}
