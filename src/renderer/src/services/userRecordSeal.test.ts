/**
 * The saved user record is the app's own only with this browser's seal (DESIGN.md §6): what the
 * app wrote reads back whole; a record planted in storage, or changed after its seal, gives its
 * token a try and nothing else.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UserStore } from '@renderer/stores/UserStore';
import { JsonStorage, memoryStorage, StorageKey } from '@renderer/lib/storage';
import { savedUserSealed, userRecordSeal } from './userRecordSeal';
import { testBorrower } from '@tests/support/renderer/fakes';

const HOST = 'https://api.example/main/';
const user = testBorrower();
const frame = { caption: 'Available amount', amount: '₱15,000', button: null };

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

/**
 * A store over `backend` as a new page's main.tsx makes it: the seal of the record found (asked
 * once per page), then the store.
 */
async function storeOver(backend: ReturnType<typeof memoryStorage>) {
  globalThis.__dlStartup = undefined;
  return new UserStore(new JsonStorage(backend), HOST, await userRecordSeal(backend));
}

/** Resolves once the record's seal is written (a moment after the record). */
async function sealed(backend: ReturnType<typeof memoryStorage>) {
  await vi.waitFor(() => expect(backend.getItem(StorageKey.userSeal)).not.toBeNull());
}

describe('the seal of the saved user record', () => {
  it('the app’s own record reads back whole on the next open', async () => {
    const backend = memoryStorage();
    const first = await storeOver(backend);
    first.setUser(user);
    first.keepHomeFrame(frame);
    await sealed(backend);
    expect(await savedUserSealed(backend)).toBe(true);
    const next = await storeOver(backend);
    expect(next.user?.lastName).toBe('Santos');
    expect(next.homeFrame).toEqual(frame);
  });

  it('a planted record gives its token a try, never its user or figures', async () => {
    const backend = memoryStorage();
    backend.setItem(
      StorageKey.user,
      JSON.stringify({
        tokenValue: 'planted',
        user,
        loanInfo: null,
        apiHost: HOST,
        homeFrame: frame,
      }),
    );
    expect(await savedUserSealed(backend)).toBe(false);
    const store = await storeOver(backend);
    expect(store.tokenValue).toBe('planted');
    expect(store.user).toBeNull();
    expect(store.homeFrame).toBeNull();
  });

  it('a sealed record changed afterwards is not the app’s any more', async () => {
    const backend = memoryStorage();
    const first = await storeOver(backend);
    first.setUser(user);
    first.keepHomeFrame(frame);
    await sealed(backend);
    const text = backend.getItem(StorageKey.user) ?? '';
    backend.setItem(StorageKey.user, text.replace('₱15,000', '₱999,999'));
    expect(await savedUserSealed(backend)).toBe(false);
    expect((await storeOver(backend)).homeFrame).toBeNull();
  });

  it('a new record drops the seal of the one before until it is sealed itself', async () => {
    const backend = memoryStorage();
    const store = await storeOver(backend);
    store.setUser(user);
    await sealed(backend);
    store.keepHomeFrame(frame);
    expect(backend.getItem(StorageKey.userSeal)).toBeNull();
    await sealed(backend);
    expect(await savedUserSealed(backend)).toBe(true);
  });
});
