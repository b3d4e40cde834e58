import { describe, expect, it } from 'vitest';
import { EventBus } from '@renderer/services/events';
import { recordingNavigation } from '@renderer/services/navigation';
import { recordingUi } from '@renderer/services/ui';
import { ApiService } from '@renderer/services/ApiService';
import { type FakeAnswer, fakeTransport } from '@tests/support/renderer/fakes';
import { manualClock } from '@tests/support/renderer/testRoot';
import { BillStore } from './BillStore';
import { loanRow, pagedAnswer, planRow } from '@tests/support/renderer/billRows';

function billWith(answers: Parameters<typeof fakeTransport>[0]) {
  const transport = fakeTransport(answers);
  const session = {};
  const api = new ApiService(
    transport,
    recordingUi(),
    new EventBus(),
    { capture() {} },
    {
      isLoggedIn: () => true,
      currentSession: () => session,
      onSessionExpired() {},
      onSecureConnectionConfirmed() {},
    },
  );
  const navigation = recordingNavigation('/bill');
  const filled: { amount: number; periodIds: readonly string[] }[] = [];
  const repayForm = {
    fill: (amount: number, periodIds: readonly string[]) => void filled.push({ amount, periodIds }),
  };
  const bill = new BillStore({ api, clock: manualClock(), navigation, repayForm });
  return { bill, transport, navigation, filled };
}

describe('BillStore: paging (page size 20, append when pageNum is not 1)', () => {
  it('pages 45 loans to the end and asks the loan list with tab minus 1', async () => {
    const loans = Array.from({ length: 45 }, (_, i) => loanRow(i + 1));
    const { bill, transport } = billWith({ loanList: pagedAnswer(loans) });
    bill.setTab(2);
    await bill.refresh();
    expect(bill.myLoans.items).toHaveLength(20);
    expect(bill.myLoans.hasMore).toBe(true);
    await bill.loadMore(2);
    await bill.loadMore(2);
    expect(bill.myLoans.items.map((l) => l.orderNo)).toEqual(loans.map((l) => l.orderNo));
    expect(bill.myLoans.hasMore).toBe(false);
    expect(transport.calls.map((c) => c.data)).toEqual([
      { pageNum: 1, pageSize: 20, type: 1 },
      { pageNum: 2, pageSize: 20, type: 1 },
      { pageNum: 3, pageSize: 20, type: 1 },
    ]);
    // Pull-to-refresh starts over instead of appending.
    await bill.refresh();
    expect(bill.myLoans.items).toHaveLength(20);
  });

  it('pages the tab it is asked for, whatever tab the store last showed', async () => {
    const loans = Array.from({ length: 45 }, (_, i) => loanRow(i + 1));
    const { bill, transport } = billWith({
      loanList: pagedAnswer(loans),
      repayPlan: pagedAnswer([planRow(1, 1, 100)]),
    });
    await bill.refresh(1);
    // The borrower taps My Loan: its scroller asks before the store hears of the new tab.
    await bill.loadMore(2);
    expect(bill.tab).toBe(1);
    expect(transport.calls.map((c) => [c.name, c.data])).toEqual([
      ['repayPlan', { pageNum: 1, pageSize: 20, type: '' }],
      ['loanList', { pageNum: 1, pageSize: 20, type: 1 }],
    ]);
  });

  it('Loan Settled asks for type 2; an empty answer has nothing more', async () => {
    const { bill, transport } = billWith({ loanList: pagedAnswer([]) });
    await bill.refresh(3);
    expect(transport.calls[0]?.data).toEqual({ pageNum: 1, pageSize: 20, type: 2 });
    expect(bill.settledLoans.loaded).toBe(true);
    expect(bill.settledLoans.items).toEqual([]);
    expect(bill.settledLoans.hasMore).toBe(false);
  });

  it('a failing page keeps the rows and lets the scroller retry', async () => {
    let fail = false;
    const loans = Array.from({ length: 30 }, (_, i) => loanRow(i + 1));
    const ok = pagedAnswer(loans);
    const { bill } = billWith({
      loanList: (data): FakeAnswer =>
        fail ? { code: 500, message: 'down', data: null } : ok(data),
    });
    bill.setTab(2);
    await bill.refresh();
    fail = true;
    await expect(bill.loadMore(2)).rejects.toThrow();
    expect(bill.myLoans.items).toHaveLength(20);
    fail = false;
    await bill.loadMore(2);
    expect(bill.myLoans.items).toHaveLength(30);
  });

  it('a refresh during a page load drops the late page', async () => {
    const loans = Array.from({ length: 45 }, (_, i) => loanRow(i + 1));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = pagedAnswer(loans);
    const { bill } = billWith({
      loanList: (data: unknown) => {
        const { pageNum } = data as { pageNum: number };
        return pageNum === 2 ? gate.then(() => answer(data)) : answer(data);
      },
    } as never);
    bill.setTab(2);
    await bill.refresh();
    const late = bill.loadMore(2);
    await bill.refresh();
    release();
    await late;
    expect(bill.myLoans.items).toHaveLength(20);
    expect(bill.myLoans.pageNum).toBe(1);
  });
});

describe('BillStore: plan selection and REPAY', () => {
  const plan = [planRow(1, 3, 6210), planRow(2, 2, 2140), planRow(3, 1, 1841.67)];

  it('preselects Due and Overdue rows and sums them; REPAY fills the repay form', async () => {
    const { bill, navigation, filled, transport } = billWith({ repayPlan: pagedAnswer(plan) });
    await bill.refresh(1);
    expect(transport.calls[0]).toMatchObject({
      name: 'repayPlan',
      // Tab 1 sends its type, empty (PRODUCT.md §7), never omits it.
      data: { pageNum: 1, pageSize: 20, type: '' },
    });
    expect(bill.selected).toEqual(['P1', 'P2']);
    expect(bill.amount).toBe(8350);
    bill.toggle('P3');
    expect(bill.amount).toBe(10191.67);
    bill.repay();
    expect(filled).toEqual([{ amount: 10191.67, periodIds: ['P1', 'P2', 'P3'] }]);
    expect(navigation.visited).toEqual(['/repay/selectCh/?amount=10191.67']);
  });

  it('a refresh keeps what the user ticked and drops settled rows', async () => {
    let rows = plan;
    const { bill } = billWith({ repayPlan: (data) => pagedAnswer(rows)(data) });
    await bill.refresh(1);
    bill.toggle('P2');
    expect(bill.selected).toEqual(['P1']);
    rows = [plan[1] as never, plan[2] as never, planRow(4, 3, 10)];
    await bill.refresh(1);
    expect(bill.selected).toEqual(['P4']);
    expect(bill.amount).toBe(10);
  });

  it('REPAY does nothing at zero', async () => {
    const { bill, navigation, filled } = billWith({ repayPlan: pagedAnswer([planRow(1, 1)]) });
    await bill.refresh(1);
    expect(bill.amount).toBe(0);
    expect(bill.repayTarget).toBeNull();
    bill.repay();
    expect(navigation.visited).toEqual([]);
    expect(filled).toEqual([]);
  });
});
