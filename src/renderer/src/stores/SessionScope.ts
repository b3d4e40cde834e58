/**
 * The owner of everything the SPA learns after sign-in (DESIGN.md §6 "Ownership and money"):
 * feature stores, the listeners they hold on app events, and what they keep in storage for the
 * session. RootStore opens a scope for each session — a saved login, a host's token, a login, or
 * no session at all — and disposes it at any session change (logout, a session-ending code, a
 * login as another number) before the next screen renders, so no store has to remember to forget.
 * The shell keys the routed screens by the sessions that ended (`RootStore.screensKey`), so what
 * components hold goes with a borrower too.
 */
import type { EventBus } from '@renderer/services/events';
import type { AppEvents } from '@renderer/services/events';

export class SessionScope {
  private ended = false;
  private readonly stores = new Map<object, unknown>();
  private readonly disposers: Array<() => void> = [];

  constructor(
    /** Distinct for every scope of the page. */
    readonly id: number,
    /** The session's token ('' for a visitor): whom the scope's data belongs to. */
    readonly owner: string,
  ) {}

  get alive(): boolean {
    return !this.ended;
  }

  /** The store kept under `key`, made by `make` the first time it is asked for. */
  storeOf<T>(key: object, make: () => T): T {
    if (this.stores.has(key)) return this.stores.get(key) as T;
    if (this.ended) throw new Error('A store was asked of a session that has ended');
    const store = make();
    this.stores.set(key, store);
    return store;
  }

  /** Listens to an app event for as long as the session lasts. */
  on<E extends keyof AppEvents>(
    events: EventBus,
    event: E,
    listener: (payload: AppEvents[E]) => void,
  ): void {
    this.onDispose(events.on(event, listener));
  }

  /** Runs `cleanup` when the session ends (at once if it already has). */
  onDispose(cleanup: () => void): void {
    if (this.ended) cleanup();
    else this.disposers.push(cleanup);
  }

  /** Ends the session's state: listeners go, stores are forgotten. Safe to call twice. */
  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    for (const cleanup of this.disposers.splice(0).reverse()) cleanup();
    this.stores.clear();
  }
}
