/**
 * The phone service worker's table of phone windows (pure, unit-tested): which client ids are
 * phones of a harness page, whether each is online, and the page loads waiting to learn it.
 */
import type { PhoneState } from './protocol';

/** How a waiting page load ends: the phone it belongs to, or null (not a phone, or no answer). */
type Waiter = (phone: PhoneState | null) => void;

export class PhoneTable {
  private readonly phones = new Map<string, PhoneState & { owner: string }>();
  private readonly waiters = new Map<string, Waiter[]>();

  /**
   * A harness page prepared `phone` (or changed its network). A harness page has one phone at a
   * time: its earlier windows (before a reload of the frame) are forgotten.
   */
  set(owner: string, phone: PhoneState): void {
    for (const [clientId, known] of this.phones) {
      if (known.owner === owner && clientId !== phone.clientId) this.phones.delete(clientId);
    }
    this.phones.set(phone.clientId, { ...phone, owner });
    this.settle(phone.clientId, { clientId: phone.clientId, online: phone.online });
  }

  /** A frame of the app with no harness above it. */
  release(clientId: string): void {
    this.phones.delete(clientId);
    this.settle(clientId, null);
  }

  /** True when `clientId` is a phone whose network is off: each of its requests must fail. */
  isOffline(clientId: string): boolean {
    return this.phones.get(clientId)?.online === false;
  }

  get(clientId: string): PhoneState | undefined {
    const known = this.phones.get(clientId);
    return known ? { clientId, online: known.online } : undefined;
  }

  /**
   * Resolves once the harness says whether the document `clientId` is its phone (null: it is
   * not, or nobody answered within `timeoutMs`).
   */
  whenKnown(
    clientId: string,
    timeoutMs: number,
    setTimer: (run: () => void, ms: number) => unknown = setTimeout,
  ): Promise<PhoneState | null> {
    const known = this.get(clientId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const list = this.waiters.get(clientId) ?? [];
      list.push(resolve);
      this.waiters.set(clientId, list);
      setTimer(() => this.settle(clientId, null, resolve), timeoutMs);
    });
  }

  /** Answers the waiters of `clientId` (only `only` when given: its own timeout). */
  private settle(clientId: string, phone: PhoneState | null, only?: Waiter): void {
    const list = this.waiters.get(clientId);
    if (!list) return;
    const answered = only ? list.filter((w) => w === only) : list;
    const left = only ? list.filter((w) => w !== only) : [];
    if (left.length) this.waiters.set(clientId, left);
    else this.waiters.delete(clientId);
    for (const waiter of answered) waiter(phone);
  }
}
