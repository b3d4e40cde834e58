import { describe, expect, it } from 'vitest';
import { amountsWithoutCents, formatPeso } from './money';

describe('formatPeso (PRODUCT.md §9)', () => {
  it.each([
    [0, 2, '₱0'],
    [0, 0, '₱0'],
    [0.001, 2, '₱0'],
    [0.004, 0, '₱0'],
    [0.4, 0, '₱0.40'],
    [1841.67, 2, '₱1,841.67'],
    // Bill and Home: no decimals for whole pesos, the centavos an amount has (never rounded).
    [1841.67, 0, '₱1,841.67'],
    [3683.34, 0, '₱3,683.34'],
    [1234.5, 0, '₱1,234.50'],
    [5000.001, 0, '₱5,000'],
    [-30, 0, '-₱30'],
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

describe('amountsWithoutCents', () => {
  it.each([
    ['Maximum of ₱10,000.00 per transaction.', []],
    ['Maximum of ₱10,000 per transaction.', ['₱10,000']],
    ['The minimum loan amount is ₱1000.', ['₱1000']],
    ['₱0 due; ₱30.5 fee; ₱1,234.56 paid', ['₱30.5']],
    ['No amount here', []],
  ] as const)('%s', (text, found) => {
    expect(amountsWithoutCents(text)).toEqual(found);
  });
});
