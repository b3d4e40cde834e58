/** A whole RootStore built from fakes, for store and component tests. */
import type { AppConfig } from '@shared/appConfig';
import type { NativeBridge } from '@shared/bridge';
import type { ErrorReporter } from '@renderer/errors/reporter';
import { createNativeHost } from '@renderer/native/createNativeHost';
import type { ApiTransport } from '@renderer/services/api';
import type { Clock } from '@renderer/services/clock';
import { recordingNavigation } from '@renderer/services/navigation';
import { JsonStorage, type KeyValueStorage, memoryStorage } from '@renderer/lib/storage';
import { recordingUi } from '@renderer/services/ui';
import { RootStore } from '@renderer/stores/RootStore';
import { fakeTransport } from './fakes';

export const TEST_CONFIG: AppConfig = {
  env: 'development',
  apiBase: { main: 'http://api/main/', channel: 'http://api/channel/', hk: 'http://api/hk/' },
  sentryDsn: null,
};

/** A clock whose time moves only when the test says so. */
export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  const timers = new Set<{ at: number; fn: () => void; every?: number }>();
  const clock: Clock & { advance(ms: number): void } = {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { at: now + ms, fn };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    setInterval(fn, ms) {
      const timer = { at: now + ms, fn, every: ms };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every) due.at += due.every;
        else timers.delete(due);
        due.fn();
      }
      now = end;
    },
  };
  return clock;
}

export interface TestRootOptions {
  transport?: ApiTransport;
  bridge?: NativeBridge;
  config?: Partial<AppConfig>;
  local?: KeyValueStorage;
  session?: KeyValueStorage;
  start?: string;
}

export function createTestRoot(options: TestRootOptions = {}) {
  const localBackend = options.local ?? memoryStorage();
  const storage = new JsonStorage(localBackend);
  const ui = recordingUi();
  const navigation = recordingNavigation(options.start ?? '/');
  const clock = manualClock();
  const reported: unknown[] = [];
  const reporter: ErrorReporter = { capture: (error) => void reported.push(error) };
  const transport = options.transport ?? fakeTransport();
  const reloads: number[] = [];
  const fakeWindow = {
    open: () => null,
    location: { href: '' },
    history: { length: 1, back() {} },
    document,
    nativeBridge: options.bridge,
  };
  const root = new RootStore({
    config: { ...TEST_CONFIG, ...options.config },
    transport,
    native: createNativeHost(fakeWindow, storage),
    storage,
    sessionStorage: new JsonStorage(options.session ?? memoryStorage()),
    clock,
    ui,
    navigation,
    reporter,
    reload: () => void reloads.push(1),
  });
  return { root, ui, navigation, clock, reported, transport, reloads, localBackend };
}
