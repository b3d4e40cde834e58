import { describe, expect, it } from 'vitest';
import { JsonStorage, memoryStorage } from '../services/storage';
import { TEST_CONFIG } from '../test/testRoot';
import { ConfigStore } from './ConfigStore';
import { KycFormStore } from './KycFormStore';

describe('KYC form persistence (PRODUCT.md §3)', () => {
  it('keeps values and the step counter (starting at 1) across a reload; clear resets', () => {
    const backend = memoryStorage();
    const form = new KycFormStore(new JsonStorage(backend));
    expect(form.step).toBe(1);
    form.setValue('firstName', 'Maria');
    form.setStep(3);
    const reloaded = new KycFormStore(new JsonStorage(backend));
    expect(reloaded.step).toBe(3);
    expect(reloaded.values).toEqual({ firstName: 'Maria' });
    reloaded.clear();
    expect(new KycFormStore(new JsonStorage(backend)).step).toBe(1);
  });

  it.each([
    [0, 1],
    [7, 6],
    [2.7, 2],
  ])('clamps step %d to %d', (step, expected) => {
    const form = new KycFormStore(new JsonStorage(memoryStorage()));
    form.setStep(step);
    expect(form.step).toBe(expected);
  });
});

describe('app config persistence (PRODUCT.md §3)', () => {
  it('remembers seen popup ads, the cert list and channel lists', () => {
    const backend = memoryStorage();
    const config = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    config.markAdSeen(1);
    config.markAdSeen(1);
    config.setChannels({ ph: [], tw: [] });
    const reloaded = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    expect(reloaded.adddsViewed).toEqual([1]);
    expect(reloaded.hasSeenAd(1)).toBe(true);
    expect(reloaded.hasSeenAd(2)).toBe(false);
  });

  it('knows production from the runtime config', () => {
    const storage = new JsonStorage(memoryStorage());
    expect(new ConfigStore(storage, TEST_CONFIG).isProduction).toBe(false);
    expect(new ConfigStore(storage, { ...TEST_CONFIG, env: 'production' }).isProduction).toBe(true);
  });
});
