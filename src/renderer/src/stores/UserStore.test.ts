import { describe, expect, it } from 'vitest';
import { JsonStorage, memoryStorage, StorageKey } from '../services/storage';
import { UserStore } from './UserStore';

const user = {
  msisdn: '9171234567',
  areaCode: '63' as const,
  userId: 'u1',
  token: 't',
  tokenValue: 'tv',
  state: 5 as const,
  gender: 'Female',
  lastName: 'Santos',
};

describe('user state persistence (PRODUCT.md §3)', () => {
  it('survives a reload; session-only fields do not', () => {
    const backend = memoryStorage();
    const first = new UserStore(new JsonStorage(backend));
    first.setUser(user);
    first.setUnread(['Message']);
    first.setVoucherReaded(true);
    first.setPayPassword('pp');
    const second = new UserStore(new JsonStorage(backend));
    expect(second.isLoggedIn).toBe(true);
    expect(second.user).toEqual(user);
    expect(second.unread).toEqual([]);
    expect(second.voucherReaded).toBe(false);
    expect(second.payPassword).toBe('');
  });

  it('ignores a corrupted entry', () => {
    const backend = memoryStorage();
    backend.setItem(StorageKey.user, '{"tokenValue": 3');
    expect(new UserStore(new JsonStorage(backend)).isLoggedIn).toBe(false);
    backend.setItem(StorageKey.user, JSON.stringify({ tokenValue: 1 }));
    expect(new UserStore(new JsonStorage(backend)).isLoggedIn).toBe(false);
  });

  it('clear() logs out and forgets the saved state', () => {
    const backend = memoryStorage();
    const store = new UserStore(new JsonStorage(backend));
    store.setUser(user);
    store.clear();
    expect(store.isLoggedIn).toBe(false);
    expect(backend.getItem(StorageKey.user)).toBeNull();
  });
});
