import { describe, expect, it } from 'vitest';
import { formatDate, formatPeso, sumAmounts } from './format';

describe('formatPeso (PRODUCT.md §9)', () => {
  it.each([
    [0, 2, '₱0'],
    [0, 0, '₱0'],
    [0.001, 2, '₱0'],
    [0.4, 0, '₱0'],
    [1841.67, 2, '₱1,841.67'],
    [1841.67, 0, '₱1,842'],
    [5000, 2, '₱5,000.00'],
    [5000, 0, '₱5,000'],
    [100000, 0, '₱100,000'],
    [0.5, 2, '₱0.50'],
    [1234567.891, 2, '₱1,234,567.89'],
    [-30, 2, '-₱30.00'],
  ] as const)('%s with %s decimals is %s', (amount, precision, text) => {
    expect(formatPeso(amount, precision)).toBe(text);
  });

  it('defaults to 2 decimals', () => {
    expect(formatPeso(12)).toBe('₱12.00');
  });
});

describe('formatDate: "MMM DD,YYYY" on the UTC+8 clock', () => {
  it.each([
    [Date.UTC(2026, 10, 21, 3, 0) / 1000, 'Nov 21,2026'],
    // 16:30 UTC is already the next day in Manila.
    [Date.UTC(2026, 10, 21, 16, 30) / 1000, 'Nov 22,2026'],
    [Date.UTC(2027, 0, 5, 0, 0) / 1000, 'Jan 05,2027'],
    // New Year comes 8 hours earlier in Manila.
    [Date.UTC(2026, 11, 31, 16, 0) / 1000, 'Jan 01,2027'],
    [Date.UTC(2026, 11, 31, 15, 59, 59) / 1000, 'Dec 31,2026'],
    [Date.UTC(2028, 1, 28, 18, 0) / 1000, 'Feb 29,2028'],
    [Date.UTC(2026, 4, 9, 12, 0) / 1000, 'May 09,2026'],
  ])('%s is %s', (seconds, text) => {
    expect(formatDate(seconds)).toBe(text);
  });
});

describe('sumAmounts', () => {
  it('adds centavos exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([1841.67, 2140, 6210])).toBe(10191.67);
    expect(sumAmounts([])).toBe(0);
  });
});
