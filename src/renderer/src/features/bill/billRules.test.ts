import { describe, expect, it } from 'vitest';
import type { PeriodType, PlanItem } from '@shared/api/entities';
import { formatPeso } from '@shared/money';
import { documentLinkOf, showsDocuments } from '@renderer/rules/loanDocuments';
import { periodHeaderOf, periodTypeLabel } from '@renderer/rules/periodTypes';
import {
  amountToPay,
  billTabOf,
  loanListTypeOf,
  preselectedIds,
  repayTargetOf,
  toggleId,
} from './billRules';

const row = (periodId: string, type: PeriodType, repayAmount: number): PlanItem => ({
  periodId,
  orderNo: `DL${periodId}`,
  period: 1,
  type,
  dueDay: 3,
  dueTime: 1_800_000_000,
  repayAmount,
});

describe('bill tabs (query type 1–3)', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['3', 3],
    [null, 1],
    ['4', 1],
    ['x', 1],
  ] as const)('?type=%s is tab %s', (query, tab) => {
    expect(billTabOf(query)).toBe(tab);
  });
  it.each([
    [1, ''],
    [2, 1],
    [3, 2],
  ] as const)('tab %s asks the loan list for type %j', (tab, type) => {
    expect(loanListTypeOf(tab)).toBe(type);
  });
});

describe('plan row header per period type (PRODUCT.md §4)', () => {
  it.each([
    [1, 20, '20 Day(s) Left', 'blue', 'Normal'],
    [1, 1, '1 Day(s) Left', 'blue', 'Normal'],
    [2, 0, 'Due Date', 'yellow', 'Due'],
    [3, 5, 'Overdued 5 Day(s)', 'red', 'Overdue'],
    [3, -5, 'Overdued 5 Day(s)', 'red', 'Overdue'],
    [4, 0, 'Settled', 'grey', 'Settled'],
  ] as const)('type %s, dueDay %s → "%s" %s (%s)', (type, dueDay, text, tone, label) => {
    expect(periodHeaderOf(type, dueDay)).toEqual({ text, tone });
    expect(periodTypeLabel(type)).toBe(label);
  });
});

describe('preselection and Amount to Pay', () => {
  const plan = [row('a', 1, 1841.67), row('b', 2, 2140), row('c', 3, 6210), row('d', 1, 0.1)];

  it('preselects the rows of type above 1', () => {
    expect(preselectedIds(plan)).toEqual(['b', 'c']);
    expect(amountToPay(plan, preselectedIds(plan))).toBe(8350);
  });

  it('ticking and unticking adjust the sum and the period list', () => {
    let selected = preselectedIds(plan);
    selected = toggleId(selected, 'a');
    expect(selected).toEqual(['b', 'c', 'a']);
    expect(amountToPay(plan, selected)).toBe(10191.67);
    selected = toggleId(selected, 'b');
    expect(selected).toEqual(['c', 'a']);
    expect(amountToPay(plan, selected)).toBe(8051.67);
    selected = toggleId(toggleId(selected, 'c'), 'a');
    expect(selected).toEqual([]);
    expect(amountToPay(plan, selected)).toBe(0);
  });

  it('sums centavos exactly', () => {
    expect(amountToPay([row('x', 1, 0.1), row('y', 1, 0.2)], ['x', 'y'])).toBe(0.3);
  });

  it.each([
    [0, null],
    [8350, '/repay/selectCh/?amount=8350'],
    [10191.67, '/repay/selectCh/?amount=10191.67'],
  ])('REPAY for %s → %s', (amount, target) => {
    expect(repayTargetOf(amount)).toBe(target);
  });
});

describe('loan documents (PRODUCT.md §9)', () => {
  it.each([
    ['DL2026110100012', true],
    ['BV2026110100012', false],
    ['DL20261101BV012', false],
    ['DLbv', true],
  ])('%s → documents %s', (orderNo, shown) => {
    expect(showsDocuments(orderNo)).toBe(shown);
  });
  it('links a document to its order', () => {
    expect(documentLinkOf('loan_agreement', 'DL1')).toBe('/doc/loan_agreement?orderNo=DL1');
  });
});

/** An amount as a borrower reads it back off the screen, in centavos. */
const readBack = (shown: string) => Math.round(Number(shown.replace(/[₱,]/g, '')) * 100);

describe('what Bill shows adds up to what the next screen charges (DESIGN.md §6)', () => {
  it.each([
    [[1841.67, 1841.67]],
    [[2140, 6210]],
    [[1841.67, 2140, 6210]],
    [[1841.67, 1841.67, 1841.67]],
    [[0.1, 0.2]],
    [[1000.5, 999.5]],
    [[4280, 4280]],
  ])('rows %j', (amounts) => {
    const items = amounts.map((amount, i) => row(`P${i}`, 2, amount));
    const selected = items.map((item) => item.periodId);
    const shownRows = items.map((item) => readBack(formatPeso(item.repayAmount, 0)));
    const sum = amountToPay(items, selected);
    const shownSum = readBack(formatPeso(sum, 0));
    // The repay screens show the charge with 2 decimals (AmountCard).
    const charged = readBack(formatPeso(sum));
    expect(shownRows.reduce((a, b) => a + b, 0)).toBe(shownSum);
    expect(shownSum).toBe(charged);
  });
});
