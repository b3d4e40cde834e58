/**
 * The seal of the saved record (lib/recordSeal.ts): one key per browser, whoever makes it first.
 * A login writes its record and Home's figures a moment apart, so the first two seals of a new
 * browser are made together; both must hold under the key that stays.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function freshSeal() {
  vi.resetModules();
  vi.stubGlobal('indexedDB', new IDBFactory());
  return import('./recordSeal');
}

describe('the record seal of a new browser', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('seals made together on the first use all verify', async () => {
    const { isSealed, sealOf } = await freshSeal();
    const texts = ['{"user":1}', '{"user":1,"homeFrame":2}', '{"user":1,"homeFrame":3}'];
    const seals = await Promise.all(texts.map((text) => sealOf(text)));
    for (const [i, text] of texts.entries()) {
      expect(seals[i], text).toBeTypeOf('string');
      expect(await isSealed(text, seals[i] ?? ''), text).toBe(true);
    }
  });

  it('two pages of one browser sealing for the first time at once end up with one key', async () => {
    const one = await freshSeal();
    vi.resetModules();
    // A second page of the same browser: the same IndexedDB, its own module state.
    const two = await import('./recordSeal');
    const [a, b] = await Promise.all([one.sealOf('a'), two.sealOf('b')]);
    expect(await one.isSealed('a', a ?? '')).toBe(true);
    expect(await two.isSealed('b', b ?? '')).toBe(true);
    expect(await one.isSealed('b', b ?? '')).toBe(true);
  });

  it('a text changed after its seal does not verify', async () => {
    const { isSealed, sealOf } = await freshSeal();
    const seal = await sealOf('₱15,000');
    expect(await isSealed('₱999,999', seal ?? '')).toBe(false);
  });
});
