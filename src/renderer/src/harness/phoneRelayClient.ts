/**
 * The harness page's side of the phone relay (phoneRelay/relay.ts, src/shared/phoneRelay.ts):
 * it answers the relay's bridge calls from the HostCore, forwards the host events the app
 * listens to, and sends the phone's network, insets and clock. Only messages from the relay
 * frame's window on the phone origin are read, and every message goes to exactly that origin.
 */

import {
  type FromRelay,
  RELAY_CHANNEL,
  RELAY_PAGE,
  readFromRelay,
  type ToRelay,
} from '@shared/phoneRelay';
import type { BridgeHost } from './frameBridge';

type OpenMessage = Omit<Extract<ToRelay, { type: 'open' }>, 'channel' | 'type'>;

/** What the phone tells the harness besides bridge calls. */
export interface RelayListener {
  /** Whether the browser gives the phone's origin storage in this frame (said once, on ready). */
  onStorage(storage: { allowed: boolean; detail: string }): void;
  onPath(path: string): void;
  onAppError(text: string): void;
  onExternalUrl(url: string): void;
}

export interface RelayConnection {
  send(message: ToRelay): void;
  /** The app's localStorage on the phone origin (null when the relay does not answer). */
  readStorage(): Promise<Record<string, string> | null>;
  dispose(): void;
}

/** The relay page's URL on `phoneOrigin` for a harness page at `harnessOrigin`. */
export function relayUrl(phoneOrigin: string, appBase: string, harnessOrigin: string): string {
  const base = new URL(appBase);
  const url = new URL(RELAY_PAGE, `${phoneOrigin}${base.pathname}`);
  url.searchParams.set('harness', harnessOrigin);
  return url.href;
}

const STORAGE_TIMEOUT_MS = 5_000;

/** Serves the relay in `iframe` (on `phoneOrigin`): opens the app once the relay is ready. */
export function connectRelay(
  iframe: HTMLIFrameElement,
  phoneOrigin: string,
  bridge: BridgeHost | null,
  opening: () => OpenMessage,
  listener: RelayListener,
): RelayConnection {
  const post = (message: ToRelay) => iframe.contentWindow?.postMessage(message, phoneOrigin);
  /** Until the relay says ready the frame may not be on its origin yet: updates wait, in order. */
  let waiting: ToRelay[] | null = [];
  const send = (message: ToRelay) => {
    if (waiting) waiting.push(message);
    else post(message);
  };
  const subscriptions = new Map<string, () => void>();
  const storageReads = new Map<number, (entries: Record<string, string> | null) => void>();
  let nextRead = 1;

  const onMessage = (event: MessageEvent) => {
    const message = readFromRelay(event, { origin: phoneOrigin, source: iframe.contentWindow });
    if (message) handle(message);
  };
  const handle = (message: FromRelay) => {
    switch (message.type) {
      case 'ready': {
        listener.onStorage(message.storage);
        const updates = waiting ?? [];
        waiting = null;
        post({ channel: RELAY_CHANNEL, type: 'open', ...opening() });
        for (const update of updates) post(update);
        return;
      }
      case 'call': {
        const params = message.params;
        const answer = bridge
          ? bridge.call(message.method, typeof params === 'object' && params ? params : undefined)
          : Promise.resolve({ resultCode: 1 as const, message: 'No bridge in this profile' });
        void answer.then((result) =>
          send({ channel: RELAY_CHANNEL, type: 'answer', id: message.id, result }),
        );
        return;
      }
      case 'listen':
        if (!bridge || subscriptions.has(message.event)) return;
        subscriptions.set(
          message.event,
          bridge.onEvent(message.event, (payload) =>
            send({ channel: RELAY_CHANNEL, type: 'event', event: message.event, payload }),
          ),
        );
        return;
      case 'unlisten':
        subscriptions.get(message.event)?.();
        subscriptions.delete(message.event);
        return;
      case 'storage':
        storageReads.get(message.id)?.(message.entries);
        storageReads.delete(message.id);
        return;
      case 'path':
        listener.onPath(message.path);
        return;
      case 'app-error':
        listener.onAppError(message.text);
        return;
      case 'external':
        listener.onExternalUrl(message.url);
        return;
    }
  };
  window.addEventListener('message', onMessage);
  return {
    send,
    readStorage() {
      const id = nextRead;
      nextRead += 1;
      return new Promise((resolve) => {
        storageReads.set(id, resolve);
        send({ channel: RELAY_CHANNEL, type: 'read-storage', id });
        window.setTimeout(() => {
          storageReads.delete(id);
          resolve(null);
        }, STORAGE_TIMEOUT_MS);
      });
    },
    dispose() {
      window.removeEventListener('message', onMessage);
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
      for (const resolve of storageReads.values()) resolve(null);
      storageReads.clear();
    },
  };
}
