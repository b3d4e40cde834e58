import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '@shared/ipcChannels';

const exposed: Record<string, unknown> = {};
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const invoke = vi.fn();
/** What main answers the page's `sendSync` for its generation (7 unless a test says). */
const generationAnswer = vi.fn((): unknown => 7);
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    // Main answers the page's generation synchronously while the preload runs.
    sendSync: (channel: string) =>
      channel === 'bridge:generation' ? generationAnswer() : undefined,
    on: (channel: string, fn: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(fn);
    },
    removeListener: (channel: string, fn: (...args: unknown[]) => void) =>
      listeners.get(channel)?.delete(fn),
  },
}));

type Bridge = {
  call(method: string, params?: object): Promise<{ resultCode: number }>;
  on(event: string, listener: (payload: unknown) => void): () => void;
};

async function loadPreload(argv: string[]) {
  for (const key of Object.keys(exposed)) delete exposed[key];
  vi.resetModules();
  const saved = process.argv;
  process.argv = ['electron', ...argv];
  try {
    await import('./index');
  } finally {
    process.argv = saved;
  }
}

describe('preload', () => {
  beforeEach(() => {
    invoke.mockReset();
    listeners.clear();
  });

  it('exposes exactly window.nativeBridge in the app window', async () => {
    await loadPreload(['--dl-role=app', '--dl-profile=lender']);
    expect(Object.keys(exposed)).toEqual(['nativeBridge']);
    expect(Object.keys(exposed.nativeBridge as object).sort()).toEqual(['call', 'on']);
  });

  it('exposes nothing in the web profile, and only the panel API in the panel window', async () => {
    await loadPreload(['--dl-role=app', '--dl-profile=web']);
    expect(Object.keys(exposed)).toEqual([]);
    await loadPreload(['--dl-role=panel']);
    expect(Object.keys(exposed)).toEqual(['simulatorPanel']);
    await loadPreload([]);
    expect(Object.keys(exposed)).toEqual([]);
  });

  it('forwards calls to main and turns an IPC failure into resultCode 3', async () => {
    await loadPreload(['--dl-role=app', '--dl-profile=lender']);
    const bridge = exposed.nativeBridge as Bridge;
    invoke.mockResolvedValueOnce({ resultCode: 0, data: { payeeId: 'P' } });
    expect(await bridge.call('pickAccount')).toEqual({ resultCode: 0, data: { payeeId: 'P' } });
    // Every call carries the generation the page loaded in (a replaced page is not answered).
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.bridgeCall, 'pickAccount', undefined, 7);
    invoke.mockRejectedValueOnce(new Error('No handler registered'));
    expect(await bridge.call('closePage')).toEqual({
      resultCode: 3,
      message: 'No handler registered',
    });
  });

  it('sends null when it could not learn its generation, whatever sendSync answered', async () => {
    // No listener answered: Electron drops the reply channel and the page gets an error object
    // (shell/common/gin_helper/reply_channel.cc); or main refused the page (null); or it threw.
    const answers: (() => unknown)[] = [
      () => ({ error: 'reply was never sent' }),
      () => null,
      () => -1,
      () => '7',
      () => {
        throw new Error('Render frame was disposed');
      },
    ];
    for (const answer of answers) {
      generationAnswer.mockImplementationOnce(answer);
      await loadPreload(['--dl-role=app', '--dl-profile=lender']);
      invoke.mockResolvedValueOnce({ resultCode: 3 });
      await (exposed.nativeBridge as Bridge).call('kickOut', { tip: false });
      expect(invoke).toHaveBeenLastCalledWith(
        IPC_CHANNELS.bridgeCall,
        'kickOut',
        { tip: false },
        null,
      );
    }
  });

  it('delivers only the subscribed event and stops after unsubscribe', async () => {
    await loadPreload(['--dl-role=app', '--dl-profile=fastpay']);
    const bridge = exposed.nativeBridge as Bridge;
    const seen: unknown[] = [];
    const off = bridge.on('pageResume', (payload) => seen.push(payload));
    const emit = (message: unknown) => {
      for (const fn of listeners.get(IPC_CHANNELS.bridgeEvent) ?? []) fn({}, message);
    };
    emit({ event: 'kycSuccess', payload: 1 });
    emit({ event: 'pageResume', payload: 2 });
    off();
    emit({ event: 'pageResume', payload: 3 });
    expect(seen).toEqual([2]);
    expect(listeners.get(IPC_CHANNELS.bridgeEvent)?.size).toBe(0);
  });
});
