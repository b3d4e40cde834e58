/**
 * The Bill tab (PRODUCT.md §2 Bill): three paged lists (Repayment Plan, My Loan, Loan Settled)
 * with pull-to-refresh and infinite scroll, and the plan selection that fills the repay form.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LoanItem, PlanItem } from '../../../../shared/api/entities';
import { OK } from '../../../../shared/codes';
import { BILL_PAGE_SIZE } from '../../../../shared/constants';
import { mergePage } from '../../rules/paging';
import type { Navigation } from '../../services/navigation';
import type { ApiStore } from '../../stores/ApiStore';
import {
  amountToPay,
  type BillTab,
  hasMorePages,
  loanListTypeOf,
  preselectedIds,
  repayTargetOf,
  toggleId,
} from './billRules';

/** What the Bill tab needs of the repay form (features/repay RepayFormStore). */
export interface RepayFormPort {
  fill(repayAmount: number, periodIds: readonly string[]): void;
}

export type ListStatus = 'idle' | 'loading' | 'error';

/** One paged list: its rows, the last page loaded and the server's page count. */
export class PagedList<T> {
  items: T[] = [];
  pageNum = 0;
  pages = 0;
  status: ListStatus = 'idle';
  /** Bumped on every page-1 load so a late page of an older load is dropped. */
  generation = 0;
  /** The load in flight: the scroller waits for it instead of asking again in a loop. */
  pending: Promise<void> | null = null;

  constructor() {
    makeAutoObservable(this, { pending: false });
  }

  get loaded(): boolean {
    return this.pageNum > 0;
  }

  get hasMore(): boolean {
    // Before the first answer there is "more" to load; after an error the user pulls to retry.
    if (!this.loaded) return this.status !== 'error';
    return hasMorePages(this.pageNum, this.pages);
  }
}

export interface BillDeps {
  api: ApiStore;
  navigation: Navigation;
  repayForm: RepayFormPort;
}

export class BillStore {
  tab: BillTab = 1;
  readonly plan = new PagedList<PlanItem>();
  readonly myLoans = new PagedList<LoanItem>();
  readonly settledLoans = new PagedList<LoanItem>();
  /** Ticked plan rows (periodIds), in the order they were ticked. */
  selected: string[] = [];
  /** Plan rows already shown once: only new rows get preselected, a refresh keeps choices. */
  private readonly seenPeriods = new Set<string>();

  constructor(private readonly deps: BillDeps) {
    makeAutoObservable<BillStore, 'deps' | 'seenPeriods'>(this, {
      deps: false,
      seenPeriods: false,
    });
  }

  setTab(tab: BillTab): void {
    this.tab = tab;
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
    return this.load(tab, 1);
  }

  /** The next page of the current tab (infinite scroll). Rejects so the scroller can retry. */
  async loadMore(): Promise<void> {
    const list = this.listOf(this.tab);
    if (list.pending) {
      await list.pending;
      return;
    }
    await this.load(this.tab, list.pageNum + 1);
    if (list.status === 'error') throw new Error('page failed');
  }

  private load(tab: BillTab, pageNum: number): Promise<void> {
    const list = this.listOf(tab);
    const run = this.request(tab, pageNum).finally(() => {
      if (list.pending === run) list.pending = null;
    });
    list.pending = run;
    return run;
  }

  private async request(tab: BillTab, pageNum: number): Promise<void> {
    const page = { pageNum, pageSize: BILL_PAGE_SIZE };
    if (tab === 1) {
      await this.fetch(
        this.plan,
        pageNum,
        () => this.deps.api.call('repayPlan', page),
        (data) => this.acceptPlan(data),
      );
      return;
    }
    const list = tab === 2 ? this.myLoans : this.settledLoans;
    const type = loanListTypeOf(tab);
    await this.fetch(
      list,
      pageNum,
      () => this.deps.api.call('loanList', { ...page, type }),
      (data) => acceptPage(list, data),
    );
  }

  private async fetch<T>(
    list: PagedList<T>,
    pageNum: number,
    request: () => Promise<{ code: number; data: PageOf<T> }>,
    accept: (data: PageOf<T>) => void,
  ): Promise<void> {
    if (pageNum === 1) list.generation += 1;
    const generation = list.generation;
    list.status = 'loading';
    try {
      const answer = await request();
      runInAction(() => {
        if (generation !== list.generation) return;
        if (answer.code === OK) accept(answer.data);
        list.status = answer.code === OK ? 'idle' : 'error';
      });
    } catch {
      // ApiStore already told the user (timeout, offline); the list stays as it was.
      runInAction(() => {
        if (generation === list.generation) list.status = 'error';
      });
    }
  }

  private acceptPlan(page: PageOf<PlanItem>): void {
    acceptPage(this.plan, page);
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

interface PageOf<T> {
  list: T[];
  pageNum: number;
  pages: number;
}

function acceptPage<T>(list: PagedList<T>, page: PageOf<T>): void {
  list.items = mergePage(list.items, page);
  list.pageNum = page.pageNum;
  list.pages = page.pages;
}
