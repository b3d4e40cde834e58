/**
 * The phone relay's side of the bridge (src/shared/phoneRelay.ts): the app's
 * `window.nativeBridge` calls and event listeners become messages to the harness page, whose
 * HostCore answers them. The relay is on the phone's own origin, so this is the only way the
 * phone reaches its host.
 */
import type { BridgeResult } from '@shared/bridge';
import { ResultCode } from '@shared/codes';
import type { FromRelay } from '@shared/phoneRelay';
import { RELAY_CHANNEL } from '@shared/phoneRelay';
import type { BridgeHost } from '@renderer/harness/frameBridge';

export class RemoteHost implements BridgeHost {
  private nextId = 1;
  private readonly pending = new Map<number, (result: BridgeResult) => void>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();

  constructor(private readonly post: (message: FromRelay) => void) {}

  call(method: string, params?: object): Promise<BridgeResult> {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        this.post({
          channel: RELAY_CHANNEL,
          type: 'call',
          id,
          method: String(method),
          ...(params === undefined ? {} : { params }),
        });
      } catch (error) {
        // Parameters that cannot be cloned (a function, a DOM node) fail the call, as a
        // webview's bridge fails what it cannot serialise.
        this.pending.delete(id);
        resolve({ resultCode: ResultCode.FAILED, message: String(error) });
      }
    });
  }

  onEvent(event: string, listener: (payload: unknown) => void): () => void {
    let heard = this.listeners.get(event);
    if (!heard) {
      heard = new Set();
      this.listeners.set(event, heard);
      this.post({ channel: RELAY_CHANNEL, type: 'listen', event });
    }
    heard.add(listener);
    const own = heard;
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(event) === own) {
        this.listeners.delete(event);
        this.post({ channel: RELAY_CHANNEL, type: 'unlisten', event });
      }
    };
  }

  /** The host answered call `id`. */
  answer(id: number, result: BridgeResult): void {
    const resolve = this.pending.get(id);
    this.pending.delete(id);
    resolve?.(result);
  }

  /** The host sent `event`. */
  emit(event: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  /** A new app document: the previous one's listeners are gone with it. */
  reset(): void {
    for (const event of this.listeners.keys()) {
      this.post({ channel: RELAY_CHANNEL, type: 'unlisten', event });
    }
    this.listeners.clear();
  }
}
