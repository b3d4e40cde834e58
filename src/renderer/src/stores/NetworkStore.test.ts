import { describe, expect, it } from 'vitest';
import { recordingUi } from '@renderer/services/ui';
import { NetworkStore } from './NetworkStore';

describe('network toasts (PRODUCT.md §4)', () => {
  it('says offline and online with the exact texts, once per change', () => {
    const ui = recordingUi();
    const store = new NetworkStore(ui);
    const target = new EventTarget();
    const stop = store.listen(target);
    target.dispatchEvent(new Event('offline'));
    target.dispatchEvent(new Event('offline'));
    target.dispatchEvent(new Event('online'));
    stop();
    target.dispatchEvent(new Event('offline'));
    expect(ui.shown).toEqual(['Your network is disconnected', 'Your network is connected']);
  });

  it('starts from the page state silently and announces coming online', () => {
    const ui = recordingUi();
    const store = new NetworkStore(ui);
    const target = Object.assign(new EventTarget(), { navigator: { onLine: false } });
    store.listen(target);
    expect(store.online).toBe(false);
    expect(ui.shown).toEqual([]);
    target.dispatchEvent(new Event('online'));
    expect(ui.shown).toEqual(['Your network is connected']);
  });
});
