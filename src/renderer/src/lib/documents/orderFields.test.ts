import { describe, expect, it } from 'vitest';
import { orderFields } from './orderFields';

const order = {
  orderNo: 'DL2026110190001',
  borrowerName: 'Maria Santos',
  msisdn: '9171234567',
  loanAmount: 10000,
  receivedAmount: 9500,
  interest: 700,
  serviceFee: 500,
  periods: 2,
  monthlyInterest: 3.5,
  loanTime: Date.parse('2026-11-01T02:00:00Z') / 1000,
  schedule: [
    { period: 1, dueTime: Date.parse('2026-12-01T02:00:00Z') / 1000, amount: 5350.1 },
    { period: 2, dueTime: Date.parse('2026-12-31T17:00:00Z') / 1000, amount: 5350.2 },
  ],
};

describe('loan document fields', () => {
  it('fills money, dates on the UTC+8 clock, totals and the leading 0 of the number', () => {
    expect(orderFields(order)).toMatchObject({
      orderNo: 'DL2026110190001',
      borrowerName: 'Maria Santos',
      msisdn: '09171234567',
      loanAmount: '₱10,000.00',
      receivedAmount: '₱9,500.00',
      totalRepayment: '₱10,700.30',
      financeCharge: '₱1,200.30',
      monthlyInterest: '3.5%',
      loanDate: 'Nov 01,2026',
      firstDueDate: 'Dec 01,2026',
      // 17:00 UTC on Dec 31 is already Jan 1 in Manila.
      lastDueDate: 'Jan 01,2027',
      companyName: 'Direct Loan Lending Corp.',
    });
  });
});
