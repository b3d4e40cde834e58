/**
 * The contract check of upstream mode, table-driven: each row an upstream answer to
 * `loan/loanList` (a page of loan rows with nested installments) or another endpoint, and the
 * breaches it must be reported with.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '@shared/api/endpoints';
import type { Breach } from '@shared/upstream';
import { contractBreaches } from './contract';

const period = {
  period: 1,
  dueTime: 1_800_000_000,
  settledTime: null,
  repaymentAmount: 10,
  type: 1,
};
const loanRow = {
  orderNo: 'DL1',
  loanTime: 1_790_000_000,
  type: 1,
  dueDay: 3,
  loanAmount: 100,
  repayAmount: 110,
  paidAmount: 0,
  periods: [period],
};
const page = { list: [loanRow, loanRow], pageNum: 1, pages: 1, total: 2 };
const ok = (data: unknown) => ({ code: 200, message: 'success', data });
const loanList = endpoints.loanList;

const kinds = (breaches: Breach[]) => breaches.map((b) => `${b.kind} ${b.field}`);

describe('contractBreaches', () => {
  it.each([
    ['an answer that keeps the contract', ok(page), []],
    [
      'a field every row gained, once per field',
      ok({
        ...page,
        list: [
          { ...loanRow, bonus: 1 },
          { ...loanRow, bonus: 2 },
        ],
      }),
      ['unknown-field data.list[].bonus'],
    ],
    [
      'a field deep in an installment, and one at the top',
      ok({ ...page, cursor: 'x', list: [{ ...loanRow, periods: [{ ...period, fee: 1 }] }] }),
      ['unknown-field data.list[].periods[].fee', 'unknown-field data.cursor'],
    ],
    [
      'a missing required field',
      ok({ list: page.list, pageNum: 1, total: 2 }),
      ['missing-field data.pages'],
    ],
    [
      'a number sent as a string, and null for an array',
      ok({ ...page, pageNum: '1', list: [{ ...loanRow, periods: null }] }),
      ['wrong-type data.list[].periods', 'wrong-type data.pageNum'],
    ],
    [
      'a type out of its allowed values (a union of literals)',
      ok({ ...page, list: [{ ...loanRow, type: 9 }] }),
      ['wrong-value data.list[].type'],
    ],
    [
      'a negative amount',
      ok({ ...page, list: [{ ...loanRow, loanAmount: -1 }] }),
      ['wrong-value data.list[].loanAmount'],
    ],
    [
      'a product code the contract does not name',
      { code: 123456, message: 'x', data: null },
      ['unknown-code code'],
    ],
    // A known non-200 code carries no data to check.
    ['a session code', { code: 9000004, message: 'Logged in elsewhere', data: { any: 1 } }, []],
  ])('%s', (_name, answer, expected) => {
    expect(kinds(contractBreaches(loanList, answer))).toEqual(expected);
  });

  it('says what the schema expected, never the value sent', () => {
    const [breach] = contractBreaches(endpoints.userInfo, ok({ msisdn: 9171234567 }));
    expect(breach).toEqual({
      kind: 'wrong-type',
      field: 'data.msisdn',
      detail: 'expected string, got number',
    });
    const all = JSON.stringify(contractBreaches(endpoints.userInfo, ok({ msisdn: 9171234567 })));
    expect(all).not.toContain('9171234567');
  });

  it('names the allowed values of a state code', () => {
    const loan = {
      lastAmount: 1,
      creditAmount: 1,
      monthlyInterest: 1,
      state: 4,
      type: 1,
      loanAmount: 1,
      dueAmount: 1,
      dueDay: 1,
      dueTime: 1,
    };
    expect(
      contractBreaches(
        endpoints.userInfo,
        ok({
          msisdn: '1',
          areaCode: '63',
          userId: 'u',
          token: 't',
          tokenValue: 't',
          gender: 'F',
          lastName: 'L',
          state: 9,
        }),
      ),
    ).toEqual([
      { kind: 'wrong-value', field: 'data.state', detail: 'expected one of 1|2|3|4|5|6|7' },
    ]);
    expect(contractBreaches(endpoints.loanInfo, ok(loan))).toEqual([]);
  });
});
