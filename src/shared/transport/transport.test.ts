import { afterEach, describe, expect, it, vi } from 'vitest';
import { exactBuffer, fromBase64, toBase64, utf8ToBuffer } from './bytes';
import { patchSessionLock, pendingSessionLocks, type SessionLockClass } from './sessionLock';
import {
  IdentityMismatchError,
  KEPT_OLD_CHAINS,
  PRUNE_SLACK,
  pruneSessionRecord,
  SignalStore,
} from './store';
import { InsecureContextError, requireWebCrypto } from './webCrypto';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bytes', () => {
  it('gives exact ArrayBuffers, never a larger backing buffer', () => {
    const pooled = new Uint8Array(new ArrayBuffer(8192), 100, 5);
    pooled.set([1, 2, 3, 4, 5]);
    expect(exactBuffer(pooled).byteLength).toBe(5);
    expect(utf8ToBuffer('héllo').byteLength).toBe(6);
  });

  it('round-trips base64, including large inputs', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(60_000));
    expect(new Uint8Array(fromBase64(toBase64(bytes)))).toEqual(bytes);
    expect(toBase64(utf8ToBuffer('hi'))).toBe('aGk=');
  });
});

describe('WebCrypto availability', () => {
  it('says a secure context is needed when crypto.subtle is missing', () => {
    const insecure = { crypto: { getRandomValues: crypto.getRandomValues.bind(crypto) } };
    expect(() => requireWebCrypto(insecure as never)).toThrow(InsecureContextError);
    expect(() => requireWebCrypto(insecure as never)).toThrow(
      /secure context.*https.*localhost.*app:\/\//s,
    );
  });

  it('rejects the library load with that message instead of a TypeError', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const { loadSignal } = await import('./signal');
    await expect(loadSignal()).rejects.toThrow(InsecureContextError);
  });
});

describe('SessionLock fix', () => {
  function fakeLock(): SessionLockClass {
    return {
      errors: ['old'],
      _promises: [Promise.resolve()],
      queueJobForNumber: () => Promise.reject(new Error('unpatched')),
      clearQueue: async () => {},
    };
  }

  it('serializes jobs per address and keeps nothing once they settle', async () => {
    const lock = fakeLock();
    patchSessionLock(lock);
    const order: string[] = [];
    const slow = lock.queueJobForNumber('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('first');
      throw new Error('bad input');
    });
    const next = lock.queueJobForNumber('a', async () => {
      order.push('second');
      return 2;
    });
    await expect(slow).rejects.toThrow('bad input');
    await expect(next).resolves.toBe(2);
    await lock.clearQueue();
    expect(order).toEqual(['first', 'second']);
    expect(lock.errors).toEqual([]);
    expect(lock._promises).toEqual([]);
    expect(pendingSessionLocks()).toBe(0);
  });
});

describe('pruneSessionRecord', () => {
  it('drops closed chains except the newest kept ones, and keeps open chains', () => {
    const old = Array.from({ length: 8 }, (_, i) => ({ ephemeralKey: `old${i}`, added: i }));
    const chains: Record<string, unknown> = { live: { chainKey: { key: 'k', counter: 1 } } };
    for (const { ephemeralKey } of old) chains[ephemeralKey] = { chainKey: { counter: 3 } };
    const record = JSON.stringify({
      version: 'v1',
      sessions: { s: { chains, oldRatchetList: old } },
    });
    const pruned = JSON.parse(pruneSessionRecord(record));
    const kept = Object.keys(pruned.sessions.s.chains).sort();
    const expected = old.slice(-KEPT_OLD_CHAINS).map((o) => o.ephemeralKey);
    expect(kept).toEqual(['live', ...expected].sort());
    expect(pruned.sessions.s.oldRatchetList).toHaveLength(KEPT_OLD_CHAINS);
  });

  it('leaves records it does not understand untouched', () => {
    expect(pruneSessionRecord('not json')).toBe('not json');
  });

  it('prunes on store only once a record grew PRUNE_SLACK bytes past its last pruned size', async () => {
    const store = new SignalStore({
      identityKeyPair: { pubKey: new ArrayBuffer(33), privKey: new ArrayBuffer(32) },
      registrationId: 7,
    });
    const recordWith = (count: number, pad = '') => {
      const old = Array.from({ length: count }, (_, i) => ({ ephemeralKey: `old${i}`, added: i }));
      const chains: Record<string, unknown> = { live: { chainKey: { key: `k${pad}` } } };
      for (const { ephemeralKey } of old) chains[ephemeralKey] = { chainKey: { counter: 3 } };
      return JSON.stringify({ version: 'v1', sessions: { s: { chains, oldRatchetList: old } } });
    };
    const chainsOf = async () =>
      Object.keys(JSON.parse((await store.loadSession('a')) ?? '{}').sessions.s.chains).length;
    await store.storeSession('a', recordWith(8));
    expect(await chainsOf()).toBe(1 + KEPT_OLD_CHAINS);
    const pruned = store.sessionSize('a');
    // A little growth is stored as is.
    await store.storeSession('a', recordWith(5));
    expect(await chainsOf()).toBe(6);
    // Past the slack, the record is pruned again.
    await store.storeSession('a', recordWith(5, 'x'.repeat(pruned + PRUNE_SLACK)));
    expect(await chainsOf()).toBe(1 + KEPT_OLD_CHAINS);
  });
});

describe('identity pinning', () => {
  const key = (fill: number) => {
    const bytes = new Uint8Array(33).fill(fill);
    bytes[0] = 5;
    return bytes.buffer;
  };

  it('trusts only the pinned identity and refuses to save another', async () => {
    const store = new SignalStore({
      identityKeyPair: { pubKey: key(1), privKey: new ArrayBuffer(32) },
      registrationId: 7,
      pinnedIdentity: key(2),
    });
    expect(await store.isTrustedIdentity('peer', key(2), 1)).toBe(true);
    expect(await store.isTrustedIdentity('peer', key(3), 1)).toBe(false);
    await expect(store.saveIdentity('peer', key(2))).resolves.toBe(false);
    await expect(store.saveIdentity('peer', key(3))).rejects.toThrow(IdentityMismatchError);
    expect(() => store.pinIdentity(key(3))).toThrow(IdentityMismatchError);
  });

  it('pins the first identity it sees when none was given', async () => {
    const store = new SignalStore({
      identityKeyPair: { pubKey: key(1), privKey: new ArrayBuffer(32) },
      registrationId: 7,
    });
    await store.saveIdentity('peer', key(4));
    expect(await store.isTrustedIdentity('peer', key(4), 2)).toBe(true);
    await expect(store.saveIdentity('peer', key(5))).rejects.toThrow(IdentityMismatchError);
  });
});
