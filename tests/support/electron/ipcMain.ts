/**
 * `ipcMain` and what a page's `ipcRenderer` gets back (docs/api/ipc-main.md,
 * docs/api/ipc-renderer.md; electron/electron lib/browser/ipc-main-impl.ts,
 * lib/browser/ipc-dispatch.ts, lib/renderer/api/ipc-renderer.ts,
 * shell/common/gin_helper/reply_channel.cc):
 * - `handle` twice for one channel throws "Attempted to register a second handler for '<ch>'";
 * - `invoke`: the handler's value, structured-cloned; a handler that throws or rejects is logged
 *   ("Error occurred in handler for '<ch>':") and the page's invoke rejects with "Error invoking
 *   remote method '<ch>': <error>"; no handler: "No handler registered for '<ch>'";
 * - `sendSync`: listeners run as Electron emits them (a throw is uncaught in main); the page gets
 *   what a listener set as `event.returnValue`, once, structured-cloned, and `{error: 'reply was
 *   never sent'}` when none did (the reply channel is dropped unanswered).
 * Arguments cross as structured clones (docs/api/ipc-renderer.md "Structured Clone Algorithm").
 */
import { NativeEmitter } from './nativeEmitter';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export class FakeIpcMain extends NativeEmitter {
  readonly handlers = new Map<string, Handler>();

  constructor() {
    super();
    // IpcMainImpl: "Do not throw exception when channel name is 'error'."
    this.on('error', () => {});
  }

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    if (typeof handler !== 'function') {
      throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    }
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** `ipcRenderer.invoke(channel, ...args)` from a page, with the event Electron builds. */
  async invokeFrom(event: object, channel: string, args: unknown[]): Promise<unknown> {
    const cloned = structuredClone(args);
    const handler = this.handlers.get(channel);
    let reply: { result: unknown } | { error: string };
    if (!handler) {
      reply = { error: new Error(`No handler registered for '${channel}'`).toString() };
    } else {
      try {
        reply = { result: await handler(event, ...cloned) };
      } catch (error) {
        console.error(`Error occurred in handler for '${channel}':`, error);
        reply = { error: String(error) };
      }
    }
    if ('error' in reply) {
      throw new Error(`Error invoking remote method '${channel}': ${reply.error}`);
    }
    return structuredClone(reply.result);
  }

  /** `ipcRenderer.sendSync(channel, ...args)` from a page: what the page gets back. */
  sendSyncFrom(event: object, channel: string, args: unknown[]): unknown {
    let reply: { value: unknown } | null = null;
    Object.defineProperty(event, 'returnValue', {
      set: (value: unknown) => {
        reply ??= { value: structuredClone(value) };
      },
      get: () => undefined,
    });
    if (this.listenerCount(channel) === 0) {
      console.warn(
        `WebContents called ipcRenderer.sendSync() with '${channel}' channel without listeners.`,
      );
    }
    this.emitNative(channel, event, ...structuredClone(args));
    const answered = reply as { value: unknown } | null;
    return answered ? answered.value : { error: 'reply was never sent' };
  }
}
