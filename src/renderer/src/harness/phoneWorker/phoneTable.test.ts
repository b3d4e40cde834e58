import { describe, expect, it } from 'vitest';
import { PhoneTable } from './phoneTable';

/** Timers that run only when told. */
function manualTimers() {
  const pending: (() => void)[] = [];
  return {
    set: (run: () => void) => {
      pending.push(run);
    },
    fire: () => {
      for (const run of pending.splice(0)) run();
    },
  };
}

describe('PhoneTable', () => {
  it('fails only the requests of phones that are offline', () => {
    const table = new PhoneTable();
    table.set('harness-a', { clientId: 'phone-1', online: false });
    table.set('harness-b', { clientId: 'phone-2', online: true });
    expect(table.isOffline('phone-1')).toBe(true);
    expect(table.isOffline('phone-2')).toBe(false);
    expect(table.isOffline('a-tab')).toBe(false);
    expect(table.isOffline('')).toBe(false);

    table.set('harness-a', { clientId: 'phone-1', online: true });
    expect(table.isOffline('phone-1')).toBe(false);
  });

  it('keeps one phone per harness page: a reload’s new document replaces the old one', () => {
    const table = new PhoneTable();
    table.set('harness-a', { clientId: 'before-reload', online: false });
    table.set('harness-b', { clientId: 'other-phone', online: false });
    table.set('harness-a', { clientId: 'after-reload', online: false });
    expect(table.get('before-reload')).toBeUndefined();
    expect(table.isOffline('after-reload')).toBe(true);
    expect(table.isOffline('other-phone')).toBe(true);
  });

  it('lets a page load wait for the harness’s answer', async () => {
    const table = new PhoneTable();
    const timers = manualTimers();
    const answer = table.whenKnown('phone-1', 5000, timers.set);
    table.set('harness-a', { clientId: 'phone-1', online: false });
    await expect(answer).resolves.toEqual({ clientId: 'phone-1', online: false });
    // Known already: answered at once.
    await expect(table.whenKnown('phone-1', 5000, timers.set)).resolves.toEqual({
      clientId: 'phone-1',
      online: false,
    });
  });

  it('answers null to a frame that is no phone, and when nobody answers in time', async () => {
    const table = new PhoneTable();
    const timers = manualTimers();
    const alone = table.whenKnown('frame-1', 5000, timers.set);
    table.release('frame-1');
    await expect(alone).resolves.toBeNull();

    const silent = table.whenKnown('frame-2', 5000, timers.set);
    timers.fire();
    await expect(silent).resolves.toBeNull();
    // A late answer still counts for the frame's requests.
    table.set('harness-a', { clientId: 'frame-2', online: false });
    expect(table.isOffline('frame-2')).toBe(true);
  });
});
