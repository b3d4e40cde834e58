import { describe, expect, it } from 'vitest';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { DocStore } from './DocStore';
import type { DocDef } from '@renderer/lib/documents/docs';
import { docOf } from '@renderer/lib/documents/docs';

const order = {
  orderNo: 'DL1',
  borrowerName: 'Ms. Santos',
  msisdn: '09171234567',
  loanAmount: 1000,
  receivedAmount: 950,
  interest: 35,
  serviceFee: 50,
  periods: 1,
  monthlyInterest: 3.5,
  loanTime: 1_700_000_000,
  schedule: [{ period: 1, dueTime: 1_702_600_000, amount: 1035 }],
};
const loanDoc: DocDef = {
  title: 'Loan Agreement',
  load: async () => ({ default: '# Loan {{orderNo}}' }),
  loanDocument: true,
};

function setup(answer = ok(order) as ReturnType<typeof ok>) {
  const transport = fakeTransport({ getOrderInfo: answer });
  const t = createTestRoot({ transport });
  return { transport, store: new DocStore(t.root.api) };
}

describe('DocStore', () => {
  it('fills a loan document from the order of ?orderNo=', async () => {
    const { store, transport } = setup();
    await store.open(loanDoc, 'DL1');
    expect(transport.calls).toEqual([
      { name: 'getOrderInfo', data: { orderNo: 'DL1' }, hk: false },
    ]);
    expect(store.status).toBe('ready');
    expect(store.order).toEqual(order);
  });

  it('has no documents for a BV order and never asks for it', async () => {
    const { store, transport } = setup();
    await store.open(loanDoc, 'DL2026BV01');
    expect(store.status).toBe('no-documents');
    expect(transport.calls).toEqual([]);
  });

  it('fails when the order cannot be read; other documents need no order', async () => {
    const { store } = setup({ code: 404, message: 'No order', data: null });
    await store.open(loanDoc, 'DL9');
    expect(store.status).toBe('failed');
    const about = docOf('about_us');
    if (!about) throw new Error('about_us is a document');
    await store.open(about, 'DL9');
    expect(store.status).toBe('ready');
    expect(store.source).toContain('# About Direct Loan');
  });

  it('knows only its documents', () => {
    expect(docOf('constructor')).toBeUndefined();
    expect(docOf('lottery-link')?.title).toBe('Christmas Lucky Draw Mechanics');
  });
});
