/**
 * A paged list of PRODUCT.md §3/§4 (pageNum, list, pages) as MobX state, shared by the Bill
 * lists and the message list: page 1 replaces the rows, other pages append (`mergePage`), a late
 * answer of an older load is dropped, and the infinite scroller waits for a load in flight.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import { hasMorePages, mergePage } from '@renderer/rules/paging';
import type { Clock } from '@renderer/services/clock';
import { Freshness, KEPT_FRESH_MS } from './Freshness';

export type ListStatus = 'idle' | 'loading' | 'error';

export interface PageOf<T> {
  list: T[];
  pageNum: number;
  pages: number;
}

/** Asks the server for one page; resolves the product answer (rejects when none came). */
export type PageRequest<T> = (pageNum: number) => Promise<{ code: number; data: PageOf<T> }>;

export class PagedList<T> {
  items: T[] = [];
  pageNum = 0;
  pages = 0;
  status: ListStatus = 'idle';
  /** Bumped on every page-1 load so a late page of an older load is dropped. */
  private generation = 0;
  /** The load in flight: the scroller waits for it instead of asking again in a loop. */
  private pending: Promise<void> | null = null;
  /** The page the load in flight asks for. */
  private pendingPage = 0;
  /** When page 1 last arrived: a kept-alive list shown again reuses its rows. */
  private readonly freshness: Freshness;

  constructor(
    private readonly request: PageRequest<T>,
    clock: Clock,
    /** Called with every accepted page (after the rows are merged). */
    private readonly onPage: (page: PageOf<T>) => void = () => {},
  ) {
    this.freshness = new Freshness(clock);
    makeAutoObservable<
      PagedList<T>,
      'generation' | 'pending' | 'pendingPage' | 'freshness' | 'request' | 'onPage'
    >(this, {
      generation: false,
      pending: false,
      pendingPage: false,
      freshness: false,
      request: false,
      onPage: false,
    });
  }

  get loaded(): boolean {
    return this.pageNum > 0;
  }

  get hasMore(): boolean {
    // Before the first answer there is "more" to load; after an error the user pulls to retry.
    if (!this.loaded) return this.status !== 'error';
    return hasMorePages(this.pageNum, this.pages);
  }

  /** Page 1 again (pull-to-refresh, the host resuming the page); one request if asked twice. */
  refresh(): Promise<void> {
    if (this.pending && this.pendingPage === 1) return this.pending;
    return this.load(1);
  }

  /**
   * A kept-alive list shown again (PRODUCT.md §2 "all kept alive"): its rows, pages and the
   * selection over them stay; page 1 is asked again only when never loaded, failed, or no longer
   * fresh (Freshness).
   */
  showAgain(maxAgeMs: number = KEPT_FRESH_MS): Promise<void> {
    const fresh = this.loaded && this.status !== 'error' && this.freshness.isFresh(maxAgeMs);
    return fresh ? Promise.resolve() : this.refresh();
  }

  /** The server's data changed (a repayment, the host resuming the page): next show reloads. */
  invalidate(): void {
    this.freshness.invalidate();
  }

  /** The next page (infinite scroll). Rejects when it failed so the scroller can retry. */
  async loadMore(): Promise<void> {
    if (this.pending) {
      await this.pending;
      return;
    }
    // Nothing loaded yet: that is page 1, shared with the screen's own first load.
    await (this.loaded ? this.load(this.pageNum + 1) : this.refresh());
    if (this.status === 'error') throw new Error('The page could not be loaded');
  }

  private load(pageNum: number): Promise<void> {
    const run = this.fetch(pageNum).finally(() => {
      if (this.pending === run) this.pending = null;
    });
    this.pending = run;
    this.pendingPage = pageNum;
    return run;
  }

  private async fetch(pageNum: number): Promise<void> {
    if (pageNum === 1) this.generation += 1;
    const generation = this.generation;
    this.status = 'loading';
    try {
      const answer = await this.request(pageNum);
      runInAction(() => {
        if (generation !== this.generation) return;
        if (answer.code === OK) {
          this.items = mergePage(this.items, answer.data);
          this.pageNum = answer.data.pageNum;
          this.pages = answer.data.pages;
          if (pageNum === 1) this.freshness.markLoaded();
          this.onPage(answer.data);
        }
        this.status = answer.code === OK ? 'idle' : 'error';
      });
    } catch {
      // ApiService already told the user (timeout, offline); the rows stay as they were.
      runInAction(() => {
        if (generation === this.generation) this.status = 'error';
      });
    }
  }
}
