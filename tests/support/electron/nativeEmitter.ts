/**
 * How Electron hands an event to main's listeners. app, BrowserWindow, webContents, its debugger,
 * ipcMain and session are Node EventEmitters (electron/electron lib/browser/init.ts sets their
 * prototype), and Electron's C++ emits through `node::MakeCallback`
 * (shell/common/gin_helper/event_emitter_caller.cc, `CallMethodWithArgs`). A listener that throws
 * does not reach whoever caused the event: the exception is the main process's uncaught
 * exception, which Electron shows as "A JavaScript error occurred in the main process"
 * (lib/browser/init.ts). The rest of that event's listeners do not run (EventEmitter#emit).
 */
import { EventEmitter } from 'node:events';

/** What Electron does with an exception nobody caught in main: `process`'s uncaughtException. */
export function raiseUncaught(error: unknown): void {
  process.nextTick(() => {
    throw error;
  });
}

export class NativeEmitter extends EventEmitter {
  /** Electron emits `name`: a listener's exception becomes an uncaught exception. */
  emitNative(name: string, ...args: unknown[]): boolean {
    try {
      return this.emit(name, ...args);
    } catch (error) {
      raiseUncaught(error);
      return false;
    }
  }
}

/**
 * An event object main may cancel (`preventDefault`, read back as `defaultPrevented`), as
 * gin_helper::internal::Event gives every cancellable event (shell/common/gin_helper/event.cc).
 */
export function cancellable<T extends object>(
  fields: T,
): T & {
  defaultPrevented: boolean;
  preventDefault(): void;
} {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/**
 * Electron's answer to a method called on a destroyed object
 * (shell/common/gin_helper/function_template.h: "Object has been destroyed").
 */
export function destroyedError(): TypeError {
  return new TypeError('Object has been destroyed');
}
