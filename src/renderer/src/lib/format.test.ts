import { describe, expect, it } from 'vitest';
import { sumAmounts } from './format';

describe('sumAmounts', () => {
  it('adds centavos exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([1841.67, 2140, 6210])).toBe(10191.67);
    expect(sumAmounts([])).toBe(0);
  });
});
