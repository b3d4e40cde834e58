/**
 * A paged list of PRODUCT.md §3/§4 (pageNum, list, pages) as MobX state, shared by the Bill
 * lists and the message list: page 1 replaces the rows, other pages append (`mergePage`), a late
 * answer of an older load is dropped, and the infinite scroller waits for a load in flight.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '../../../../shared/codes';
import { mergePage } from '../../rules/paging';
import { hasMorePages } from './billRules';

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

  constructor(
    private readonly request: PageRequest<T>,
    /** Called with every accepted page (after the rows are merged). */
    private readonly onPage: (page: PageOf<T>) => void = () => {},
  ) {
    makeAutoObservable<PagedList<T>, 'generation' | 'pending' | 'request' | 'onPage'>(this, {
      generation: false,
      pending: false,
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

  /** Page 1 again (first show, pull-to-refresh). */
  refresh(): Promise<void> {
    return this.load(1);
  }

  /** The next page (infinite scroll). Rejects when it failed so the scroller can retry. */
  async loadMore(): Promise<void> {
    if (this.pending) {
      await this.pending;
      return;
    }
    await this.load(this.pageNum + 1);
    if (this.status === 'error') throw new Error('The page could not be loaded');
  }

  private load(pageNum: number): Promise<void> {
    const run = this.fetch(pageNum).finally(() => {
      if (this.pending === run) this.pending = null;
    });
    this.pending = run;
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
          this.onPage(answer.data);
        }
        this.status = answer.code === OK ? 'idle' : 'error';
      });
    } catch {
      // ApiStore already told the user (timeout, offline); the rows stay as they were.
      runInAction(() => {
        if (generation === this.generation) this.status = 'error';
      });
    }
  }
}
