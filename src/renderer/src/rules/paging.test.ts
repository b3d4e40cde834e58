import { describe, expect, it } from 'vitest';
import { hasMorePages, listFooterOf, mergePage } from './paging';

describe('paged lists (PRODUCT.md §4)', () => {
  it.each([
    [['a'], 1, ['b'], ['b']],
    [['a'], 2, ['b'], ['a', 'b']],
    [[], 3, ['c'], ['c']],
  ])('old %j + page %i %j → %j', (old, pageNum, list, merged) => {
    expect(mergePage(old, { pageNum, list })).toEqual(merged);
  });
});

describe('list footer and paging', () => {
  it.each([
    [0, false, 'No Data'],
    [0, true, 'loading'],
    [20, true, 'loading'],
    [45, false, 'No More'],
  ] as const)('%s rows, more=%s → %s', (count, more, footer) => {
    expect(listFooterOf(count, more)).toBe(footer);
  });
  it.each([
    [0, false],
    [0, true],
    [20, true],
  ])('%s rows, more=%s, after a failure → failed', (count, more) => {
    expect(listFooterOf(count, more, true)).toBe('failed');
  });
  it.each([
    [1, 3, true],
    [2, 3, true],
    [3, 3, false],
    [1, 0, false],
    [1, 1, false],
  ])('page %s of %s: more=%s', (pageNum, pages, more) => {
    expect(hasMorePages(pageNum, pages)).toBe(more);
  });
});
