/**
 * The repay form of PRODUCT.md §3 (inited, repayAmount, periodIds). The Bill tab fills it when
 * the borrower taps REPAY and then opens `/repay/selectCh/?amount={sum}`; the repay screens read
 * it. Kept in session storage so a reload on a repay screen keeps the chosen installments; a
 * session-owned draft, dropped at any session change (RootStore, DESIGN.md §6).
 *
 * State two features share (the Bill tab writes it, the repay screens read it), so it lives here
 * rather than in either: `root.feature(repayFormFeature)`.
 */
import { makeAutoObservable } from 'mobx';
import { persistedRepayFormShape } from '@renderer/lib/bootShapes';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';
import type { Feature } from './RootStore';

export class RepayFormStore {
  /** True once the Bill tab (or a restore) filled the form. */
  inited = false;
  repayAmount = 0;
  periodIds: string[] = [];

  constructor(private readonly sessionStorage: JsonStorage) {
    const saved = sessionStorage.read(StorageKey.repayForm, persistedRepayFormShape);
    if (saved) {
      this.inited = true;
      this.repayAmount = saved.repayAmount;
      this.periodIds = saved.periodIds;
    }
    makeAutoObservable<RepayFormStore, 'sessionStorage'>(this, { sessionStorage: false });
  }

  /** The selected installments and their sum (the Bill tab calls this before navigating). */
  fill(repayAmount: number, periodIds: readonly string[]): void {
    this.inited = true;
    this.repayAmount = Math.round(repayAmount * 100) / 100;
    this.periodIds = [...new Set(periodIds)];
    this.sessionStorage.write(StorageKey.repayForm, {
      repayAmount: this.repayAmount,
      periodIds: this.periodIds,
    });
  }

  /** Forgets the selection (after a successful repayment). */
  reset(): void {
    this.inited = false;
    this.repayAmount = 0;
    this.periodIds = [];
    this.sessionStorage.remove(StorageKey.repayForm);
  }

  /** The form is usable for `amount` (the query of the repay screens). */
  matches(amount: number): boolean {
    return this.inited && this.periodIds.length > 0 && Math.abs(this.repayAmount - amount) < 0.005;
  }
}

/** The repay form (RootStore.feature): made with the code of the first feature that asks. */
export const repayFormFeature: Feature<RepayFormStore> = {
  name: 'repayForm',
  create: (root) => new RepayFormStore(root.services.sessionStorage),
};
