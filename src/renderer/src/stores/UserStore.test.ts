import { describe, expect, it } from 'vitest';
import { JsonStorage, memoryStorage, StorageKey } from '@renderer/lib/storage';
import { UserStore } from './UserStore';
import { testBorrower } from '@tests/support/renderer/fakes';

const user = testBorrower();

const HOST = 'https://api.example/main/';

const figures = {
  lastAmount: 15000,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 4,
  type: 1,
  loanAmount: 12000,
  dueAmount: 12033,
  dueDay: 3,
  dueTime: 1_790_000_000,
};

describe('user state persistence (PRODUCT.md §3)', () => {
  it('survives a reload; session-only fields do not', () => {
    const backend = memoryStorage();
    const first = new UserStore(new JsonStorage(backend), HOST);
    first.setUser(user);
    first.setUnread(['Message']);
    first.setVoucherReaded(true);
    first.setPayPassword('pp');
    const second = new UserStore(new JsonStorage(backend), HOST);
    expect(second.isLoggedIn).toBe(true);
    expect(second.user).toEqual(user);
    expect(second.unread).toEqual([]);
    expect(second.voucherReaded).toBe(false);
    expect(second.payPassword).toBe('');
  });

  it('ignores a corrupted entry', () => {
    const backend = memoryStorage();
    backend.setItem(StorageKey.user, '{"tokenValue": 3');
    expect(new UserStore(new JsonStorage(backend), HOST).isLoggedIn).toBe(false);
    backend.setItem(StorageKey.user, JSON.stringify({ tokenValue: 1 }));
    expect(new UserStore(new JsonStorage(backend), HOST).isLoggedIn).toBe(false);
  });

  it('clear() logs out and forgets the saved state', () => {
    const backend = memoryStorage();
    const store = new UserStore(new JsonStorage(backend), HOST);
    store.setUser(user);
    store.clear();
    expect(store.isLoggedIn).toBe(false);
    expect(backend.getItem(StorageKey.user)).toBeNull();
  });

  it('a login as another number keeps nothing of the previous session (DESIGN.md §6)', () => {
    const backend = memoryStorage();
    const store = new UserStore(new JsonStorage(backend), HOST);
    store.setUser(user);
    store.setLoanInfo(figures);
    store.setUnread(['Message']);
    store.setUser({ ...user, userId: 'u2', msisdn: '9170000002', tokenValue: 'other' });
    expect(store.loanInfo).toBeNull();
    expect(store.unread).toEqual([]);
    expect(new UserStore(new JsonStorage(backend), HOST).loanInfo).toBeNull();
  });

  it("a host's new token is a new session too; the same token keeps the figures", () => {
    const store = new UserStore(new JsonStorage(memoryStorage()), HOST);
    store.setToken('host-a');
    store.setLoanInfo(figures);
    store.setUser({ ...user, tokenValue: 'host-a' });
    expect(store.loanInfo).toEqual(figures);
    store.setToken('host-b');
    expect(store.loanInfo).toBeNull();
    expect(store.user).toBeNull();
  });

  it('the saved figures are shown only under the API host that issued the session', () => {
    const backend = memoryStorage();
    const first = new UserStore(new JsonStorage(backend), HOST);
    first.setUser(user);
    first.setLoanInfo(figures);
    expect(new UserStore(new JsonStorage(backend), HOST).loanInfo).toEqual(figures);
    const elsewhere = new UserStore(new JsonStorage(backend), 'https://other.example/main/');
    expect(elsewhere.isLoggedIn).toBe(false);
    expect(elsewhere.loanInfo).toBeNull();
    expect(backend.getItem(StorageKey.user)).toBeNull();
  });

  it('a record saved before it named its host keeps the login but not the figures', () => {
    const backend = memoryStorage();
    backend.setItem(StorageKey.user, JSON.stringify({ tokenValue: 'tv', user, loanInfo: figures }));
    const store = new UserStore(new JsonStorage(backend), HOST);
    expect(store.isLoggedIn).toBe(true);
    expect(store.loanInfo).toBeNull();
  });

  it("a user-info answer keeps the session's token (the host's token is the session)", () => {
    const store = new UserStore(new JsonStorage(memoryStorage()), HOST);
    store.setToken('host-a');
    store.setLoanInfo(figures);
    store.updateUser({ ...user, tokenValue: 'echoed-by-server' });
    expect(store.tokenValue).toBe('host-a');
    expect(store.user?.userId).toBe('u1');
    expect(store.loanInfo).toEqual(figures);
  });

  it("keeps Home's first frame with the session, and a new session starts without it", () => {
    const backend = memoryStorage();
    const store = new UserStore(new JsonStorage(backend), HOST);
    const frame = { caption: 'Available amount', amount: '₱15,000', button: null };
    store.keepHomeFrame(frame);
    expect(store.homeFrame).toBeNull();
    store.setToken('host-a');
    store.keepHomeFrame(frame);
    const saved = JSON.parse(backend.getItem(StorageKey.user) ?? 'null');
    expect(saved).toMatchObject({ tokenValue: 'host-a', apiHost: HOST, homeFrame: frame });
    expect(new UserStore(new JsonStorage(backend), HOST).homeFrame).toEqual(frame);
    store.setToken('host-b');
    expect(store.homeFrame).toBeNull();
    expect(JSON.parse(backend.getItem(StorageKey.user) ?? 'null').homeFrame).toBeNull();
  });
});
