import { describe, expect, it } from 'vitest';
import { loanStateText } from './loanState';

describe('review page text per loan state (PRODUCT.md §4 labels)', () => {
  it.each([
    [0, 'Apply Now'],
    [1, 'Apply Now'],
    [2, 'Loan Releasing'],
    [3, 'Overdue'],
    [4, 'Loan Released'],
    [5, 'Release Failed'],
    [6, 'Apply Now'],
    [7, 'Loan Releasing'],
    [8, 'Release Failed'],
    [9, 'Loading'],
    [-1, 'Loading'],
  ])('state %s → %s', (state, title) => {
    expect(loanStateText(state).title).toBe(title);
  });

  it('a settled loan (type 4) says so, whatever its state code', () => {
    expect(loanStateText(4, 4)).toMatchObject({ title: 'Loan Settled', status: 'success' });
    expect(loanStateText(4, 1).title).toBe('Loan Released');
  });
});
