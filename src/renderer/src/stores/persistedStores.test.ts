import { describe, expect, it } from 'vitest';
import { KycFormStore } from '@renderer/features/kyc/KycFormStore';
import { JsonStorage, memoryStorage } from '@renderer/lib/storage';
import { TEST_CONFIG } from '@tests/support/renderer/testRoot';
import { ConfigStore } from './ConfigStore';

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

  it('keeps the saved lists as saved until their feature reads them back with its own check', () => {
    const backend = memoryStorage();
    const first = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    const certList = [
      {
        certification: 'firstName',
        step: 1,
        type: 'text' as const,
        label: 'First Name',
        required: true,
      },
    ];
    first.setCertList(certList);
    first.setChannels({ ph: [], tw: [] });

    // A reload: seeing an ad before the KYC pages ever open must not lose the saved list.
    const second = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    expect(second.certList).toEqual([]);
    second.markAdSeen(3);
    const third = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    third.restoreCertList((saved) => saved as typeof certList);
    expect(third.certList).toEqual(certList);
    expect(third.adddsViewed).toEqual([3]);

    // A list its feature refuses is dropped (the feature loads it from the server); ads stay.
    const fourth = new ConfigStore(new JsonStorage(backend), TEST_CONFIG);
    fourth.restoreChannels(() => undefined);
    expect(fourth.channels).toEqual({ ph: [], tw: [] });
    expect(fourth.hasSeenAd(3)).toBe(true);
  });

  it('knows production from the runtime config', () => {
    const storage = new JsonStorage(memoryStorage());
    expect(new ConfigStore(storage, TEST_CONFIG).isProduction).toBe(false);
    expect(new ConfigStore(storage, { ...TEST_CONFIG, env: 'production' }).isProduction).toBe(true);
  });
});
