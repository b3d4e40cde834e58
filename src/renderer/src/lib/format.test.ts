import { describe, expect, it } from 'vitest';
import { formatPeso, sumAmounts } from './format';

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

describe('sumAmounts', () => {
  it('adds centavos exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([1841.67, 2140, 6210])).toBe(10191.67);
    expect(sumAmounts([])).toBe(0);
  });
});
