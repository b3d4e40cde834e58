/** App-wide events (PRODUCT.md §4, §8): the api-code event for every non-200, and relogin. */
import type { ProductAnswer } from '@shared/api/endpoints';

export interface AppEvents {
  /** Every answer whose code is not 200, with the endpoint path. */
  'api-code': { path: string; answer: ProductAnswer };
  /** The user must log in again (lender app: native login; otherwise /login). */
  relogin: undefined;
  /** The host brought the page back (pageResume): the screens on show reload their data. */
  resume: undefined;
  /**
   * The borrower's account changed on the server — a repayment, a loan application, or the host
   * resuming the page (anything may have happened meanwhile): kept-alive tabs reload when shown.
   */
  'account-changed': undefined;
  /** Home's main button starts a new application: the loan form goes back to its defaults. */
  'new-loan': undefined;
}

type Listener<T> = (payload: T) => void;

export class EventBus {
  private readonly listeners = new Map<keyof AppEvents, Set<Listener<never>>>();

  on<E extends keyof AppEvents>(event: E, listener: Listener<AppEvents[E]>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<E extends keyof AppEvents>(event: E, payload: AppEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as Listener<AppEvents[E]>)(payload);
    }
  }
}
