/**
 * Key-value storage behind an interface (localStorage / sessionStorage in the browser, a Map in
 * tests). Values are JSON; reads are parsed with a schema (zod or ./shape) at this edge and a bad or missing
 * value reads as `undefined`, so a corrupted entry never crashes the app.
 */
import type { SafeParser } from './shape';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class JsonStorage {
  constructor(private readonly backend: KeyValueStorage) {}

  read<T>(key: string, schema: SafeParser<T>): T | undefined {
    let raw: string | null;
    try {
      raw = this.backend.getItem(key);
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  write(key: string, value: unknown): void {
    try {
      this.backend.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode or a full quota: the app keeps working with in-memory state.
    }
  }

  remove(key: string): void {
    try {
      this.backend.removeItem(key);
    } catch {
      // see write()
    }
  }
}

/** An in-memory backend for tests and for browsers that refuse storage. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** Storage keys, one place (PRODUCT.md §3). */
export const StorageKey = {
  user: 'dl.user',
  /** The seal of `dl.user`'s text (services/userRecordSeal.ts): the app wrote it, here. */
  userSeal: 'dl.userSeal',
  kycForm: 'dl.kycForm',
  appConfig: 'dl.appConfig',
  deviceId: 'dl.deviceId',
  smsCountdown: 'dl.smsCountdownUntil',
  /** Session storage: the installments chosen on Bill, kept for a reload on a repay screen. */
  repayForm: 'dl.repayForm',
} as const;

/**
 * Drafts that belong to the signed-in session (DESIGN.md §6): removed from both storages at any
 * session change (RootStore), kept across a reload of the same session.
 */
export const SESSION_OWNED_KEYS: readonly string[] = [StorageKey.kycForm, StorageKey.repayForm];
