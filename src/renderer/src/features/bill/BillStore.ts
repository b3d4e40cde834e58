/**
 * The Bill tab (PRODUCT.md §2 Bill): three paged lists (Repayment Plan, My Loan, Loan Settled)
 * with pull-to-refresh and infinite scroll, and the plan selection that fills the repay form.
 */
import { makeAutoObservable } from 'mobx';
import type { LoanItem, PlanItem } from '@shared/api/entities';
import { BILL_PAGE_SIZE } from '@shared/constants';
import type { Clock } from '@renderer/services/clock';
import type { Navigation } from '@renderer/services/navigation';
import type { ApiCaller } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import {
  amountToPay,
  type BillTab,
  loanListTypeOf,
  preselectedIds,
  repayTargetOf,
  toggleId,
} from './billRules';
import { PagedList, type PageOf } from '@renderer/stores/PagedList';

/** What the Bill tab needs of the repay form (stores/RepayFormStore). */
interface RepayFormPort {
  fill(repayAmount: number, periodIds: readonly string[]): void;
}

export interface BillDeps {
  api: ApiCaller;
  clock: Clock;
  navigation: Navigation;
  repayForm: RepayFormPort;
}

export class BillStore {
  tab: BillTab = 1;
  readonly plan: PagedList<PlanItem>;
  readonly myLoans: PagedList<LoanItem>;
  readonly settledLoans: PagedList<LoanItem>;
  /** Ticked plan rows (periodIds), in the order they were ticked. */
  selected: string[] = [];
  /** Loans whose Details are open (orderNos): kept while the borrower reads a document. */
  expanded: string[] = [];
  /** Plan rows already shown once: only new rows get preselected, a refresh keeps choices. */
  private readonly seenPeriods = new Set<string>();

  constructor(private readonly deps: BillDeps) {
    const { api, clock } = deps;
    const page = (pageNum: number) => ({ pageNum, pageSize: BILL_PAGE_SIZE });
    this.plan = new PagedList(
      (pageNum) => api.call('repayPlan', { ...page(pageNum), type: '' }),
      clock,
      (data) => this.acceptPlan(data),
    );
    this.myLoans = new PagedList(
      (pageNum) => api.call('loanList', { ...page(pageNum), type: loanListTypeOf(2) }),
      clock,
    );
    this.settledLoans = new PagedList(
      (pageNum) => api.call('loanList', { ...page(pageNum), type: loanListTypeOf(3) }),
      clock,
    );
    makeAutoObservable<BillStore, 'deps' | 'seenPeriods'>(this, {
      deps: false,
      seenPeriods: false,
      plan: false,
      myLoans: false,
      settledLoans: false,
    });
  }

  setTab(tab: BillTab): void {
    this.tab = tab;
  }

  isExpanded(orderNo: string): boolean {
    return this.expanded.includes(orderNo);
  }

  toggleExpanded(orderNo: string): void {
    this.expanded = toggleId(this.expanded, orderNo);
  }

  listOf(tab: BillTab): PagedList<PlanItem> | PagedList<LoanItem> {
    return tab === 1 ? this.plan : tab === 2 ? this.myLoans : this.settledLoans;
  }

  get amount(): number {
    return amountToPay(this.plan.items, this.selected);
  }

  /** REPAY target, or null while the amount is 0 (the button is disabled). */
  get repayTarget(): string | null {
    return repayTargetOf(this.amount);
  }

  isSelected(periodId: string): boolean {
    return this.selected.includes(periodId);
  }

  toggle(periodId: string): void {
    this.selected = toggleId(this.selected, periodId);
  }

  /** Fills the repay form with the ticked rows and opens the channel choice. */
  repay(): void {
    const target = this.repayTarget;
    if (!target) return;
    this.deps.repayForm.fill(this.amount, this.selected);
    this.deps.navigation.go(target);
  }

  /** Page 1 of a tab (first show, pull-to-refresh, coming back to the tab). */
  refresh(tab: BillTab = this.tab): Promise<void> {
    return this.listOf(tab).refresh();
  }

  /** The bills changed on the server (a repayment, pageResume): every list reloads when shown. */
  invalidate(): void {
    for (const list of [this.plan, this.myLoans, this.settledLoans]) list.invalidate();
  }

  /** The Bill tab (or a bill tab) shown again: keeps rows, pages and selection while fresh. */
  showAgain(tab: BillTab = this.tab): Promise<void> {
    return this.listOf(tab).showAgain();
  }

  /** The next page of `tab` (infinite scroll). Rejects so the scroller can retry. */
  loadMore(tab: BillTab): Promise<void> {
    return this.listOf(tab).loadMore();
  }

  private acceptPlan(page: PageOf<PlanItem>): void {
    const fresh = page.list.filter((item) => !this.seenPeriods.has(item.periodId));
    for (const item of page.list) this.seenPeriods.add(item.periodId);
    const present = new Set(this.plan.items.map((item) => item.periodId));
    // Settled or vanished rows leave the selection; rows never shown before are preselected.
    this.selected = [
      ...this.selected.filter((id) => present.has(id)),
      ...preselectedIds(fresh).filter((id) => !this.selected.includes(id)),
    ];
  }
}

/** The bill feature's store (RootStore.feature): made with the feature's code. */
export const billFeature: Feature<BillStore> = {
  name: 'bill',
  create: (root, scope) => {
    const store = new BillStore({
      api: root.api,
      clock: root.services.clock,
      navigation: root.services.navigation,
      repayForm: root.feature(repayFormFeature),
    });
    // A repayment, a loan application or the host resuming the page changes what the kept-alive
    // tabs hold, mounted or not (a non-tab page such as the repay result unmounts them): it
    // reloads when shown.
    scope.on(root.events, 'account-changed', () => store.invalidate());
    return store;
  },
};
