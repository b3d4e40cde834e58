import { describe, expect, it } from 'vitest';
import certList from '@fixtures/reference/certification-config.json';
import type { CertItem } from '@shared/api/entities';
import { type KeyValueStorage, memoryStorage } from '@renderer/lib/storage';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { kycFeature } from './KycStore';

function setup(
  options: {
    local?: KeyValueStorage;
    restore?: { certification: string; value: string }[];
    review?: { code: number; state: number };
  } = {},
) {
  const transport = fakeTransport({
    getCertificationConfig: ok(certList as CertItem[]),
    kycRestore: ok(options.restore ?? []),
    kycSave: (data) => {
      const step = (data as { step: number }).step;
      return ok({ step: step === 6 ? 6 : step + 1, submitted: step === 6 });
    },
    reviewInfo: {
      code: options.review?.code ?? 200,
      message: 'x',
      data: { state: options.review?.state ?? 2 },
    },
  });
  const test = createTestRoot({ transport, local: options.local });
  test.root.user.setToken('token-1');
  return { ...test, transport, kyc: test.root.feature(kycFeature) };
}

describe('KYC draft: persistence, restore, clearing', () => {
  it('a reload at any step keeps the step counter and every value', async () => {
    const local = memoryStorage();
    const first = setup({ local });
    await first.kyc.open();
    first.kyc.setValue('firstName', 'Maria');
    first.kyc.draft.setStep(3);
    first.kyc.setValue('companyName', 'Acme');

    const reloaded = setup({ local });
    expect(reloaded.kyc.step).toBe(3);
    expect(reloaded.kyc.values).toMatchObject({ firstName: 'Maria', companyName: 'Acme' });
    // The certList is cached too: step 3 shows at once.
    expect(reloaded.kyc.items.map((i) => i.certification)).toContain('companyName');
  });

  it('restore items fill only what the draft lacks', async () => {
    const { kyc } = setup({
      restore: [
        { certification: 'firstName', value: 'Server' },
        { certification: 'lastName', value: 'Santos' },
      ],
    });
    kyc.setValue('firstName', 'Typed');
    await kyc.open();
    expect(kyc.values).toMatchObject({ firstName: 'Typed', lastName: 'Santos' });
  });

  it.each([
    [{ code: 200, state: 3 }, true],
    [{ code: 200, state: 4 }, true],
    [{ code: 500, state: 2 }, true],
    [{ code: 200, state: 2 }, false],
    [{ code: 200, state: 5 }, false],
  ])('review info %j clears the draft: %s', async (review, cleared) => {
    const { kyc } = setup({ review });
    kyc.setValue('firstName', 'Maria');
    kyc.draft.setStep(4);
    await kyc.loadReview();
    expect(kyc.draft.values.firstName === undefined).toBe(cleared);
    expect(kyc.draft.step).toBe(cleared ? 1 : 4);
  });
});

describe('KYC steps', () => {
  it('an invalid step raises the KYC-invalid event and saves nothing', async () => {
    const { kyc, transport } = setup();
    await kyc.open();
    await kyc.next();
    expect(kyc.invalidCount).toBe(1);
    expect(Object.keys(kyc.errors)[0]).toBe('firstName');
    expect(transport.calls.filter((c) => c.name === 'kycSave')).toEqual([]);
    kyc.setValue('firstName', 'Maria');
    expect(kyc.errors.firstName).toBeUndefined();
  });

  it('a valid step is saved with its items and the counter moves on', async () => {
    const { kyc, transport } = setup();
    await kyc.open();
    const values: Record<string, string> = {
      firstName: 'Maria',
      lastName: 'Santos',
      gender: 'female',
      birthday: '1990-05-17',
      maritalStatus: 'single',
      education: 'college',
    };
    for (const [key, value] of Object.entries(values)) kyc.setValue(key, value);
    await kyc.next();
    const save = transport.calls.find((c) => c.name === 'kycSave');
    expect(save?.data).toEqual({
      step: 1,
      items: Object.entries(values).map(([certification, value]) => ({ certification, value })),
    });
    expect(kyc.step).toBe(2);
    kyc.back();
    expect(kyc.step).toBe(1);
  });

  it('a step with large photos is saved in several calls under the API body limit', async () => {
    const { kyc, transport } = setup();
    await kyc.open();
    kyc.draft.setStep(5);
    const photo = `data:image/png;base64,${'A'.repeat(300_000)}`;
    kyc.setValue('idType', 'umid');
    kyc.setValue('idFront', photo);
    kyc.setValue('selfie', photo);
    await kyc.next();
    const saves = transport.calls.filter((c) => c.name === 'kycSave');
    expect(
      saves.map((c) =>
        (c.data as { items: { certification: string }[] }).items.map((i) => i.certification),
      ),
    ).toEqual([['idType', 'idFront'], ['selfie']]);
    expect(saves.every((c) => (c.data as { step: number }).step === 5)).toBe(true);
    expect(kyc.step).toBe(6);
  });

  it('never saves a step before the certList is known', async () => {
    const { kyc, transport } = setup();
    await kyc.next();
    expect(transport.calls).toEqual([]);
  });

  it('the sixth step submits and opens the review', async () => {
    const { kyc, navigation } = setup();
    await kyc.open();
    kyc.draft.setStep(6);
    kyc.setValue('signature', 'data:image/png;base64,AAAA');
    kyc.setValue('agreeTerms', 'yes');
    await kyc.next();
    expect(navigation.visited).toEqual(['/kyc/review']);
  });

  it('a successful submit takes the draft (photos, signature) off the device', async () => {
    const local = memoryStorage();
    const { kyc } = setup({ local });
    await kyc.open();
    kyc.setValue('firstName', 'Maria');
    kyc.draft.setStep(6);
    kyc.setValue('signature', 'data:image/png;base64,AAAA');
    kyc.setValue('agreeTerms', 'yes');
    await kyc.next();
    expect(kyc.draft.values).toEqual({});
    const reloaded = setup({ local });
    expect(reloaded.kyc.values).toEqual({});
  });

  it('a step that fails to save keeps the whole draft', async () => {
    const { kyc, transport } = setup();
    await kyc.open();
    kyc.draft.setStep(6);
    kyc.setValue('signature', 'data:image/png;base64,AAAA');
    kyc.setValue('agreeTerms', 'yes');
    transport.answers.kycSave = { code: 500, message: 'down', data: null };
    await kyc.next();
    expect(kyc.values).toMatchObject({ signature: 'data:image/png;base64,AAAA' });
  });

  it('no certList (the call failed, nothing cached) is said, and Retry loads it', async () => {
    const { kyc, transport } = setup();
    transport.answers.getCertificationConfig = { code: 500, message: 'down', data: null };
    await kyc.open();
    expect(kyc.certListFailed).toBe(true);
    expect(kyc.items).toEqual([]);
    transport.answers.getCertificationConfig = ok(certList as CertItem[]);
    await kyc.open();
    expect(kyc.certListFailed).toBe(false);
    expect(kyc.items.length).toBeGreaterThan(0);
  });
});
