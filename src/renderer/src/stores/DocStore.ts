/**
 * One open document: its text, and for a loan document opened from a bill (`?orderNo=`) the
 * order it is filled from. Page-local: a new page, a new store.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import type { ApiService } from '@renderer/services/ApiService';
import { showsDocuments } from '@renderer/rules/loanDocuments';
import type { DocDef } from '@renderer/lib/documents/docs';
import type { OrderInfo } from '@renderer/lib/documents/orderFields';

export type DocStatus = 'loading' | 'ready' | 'no-documents' | 'failed';

export class DocStore {
  status: DocStatus = 'loading';
  source = '';
  order: OrderInfo | undefined = undefined;

  constructor(private readonly api: ApiService) {
    makeAutoObservable<DocStore, 'api'>(this, { api: false });
  }

  async open(doc: DocDef, orderNo: string | null): Promise<void> {
    this.status = 'loading';
    if (doc.loanDocument && orderNo && !showsDocuments(orderNo)) {
      this.status = 'no-documents';
      return;
    }
    try {
      const [text, order] = await Promise.all([
        doc.load().then((m) => m.default),
        doc.loanDocument && orderNo ? this.loadOrder(orderNo) : Promise.resolve(undefined),
      ]);
      runInAction(() => {
        this.source = text;
        this.order = order;
        this.status = doc.loanDocument && orderNo && !order ? 'failed' : 'ready';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  private async loadOrder(orderNo: string): Promise<OrderInfo | undefined> {
    const answer = await this.api.call('getOrderInfo', { orderNo });
    return answer.code === OK ? answer.data : undefined;
  }
}
