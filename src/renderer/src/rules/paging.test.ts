import { describe, expect, it } from 'vitest';
import { mergePage } from './paging';

describe('paged lists (PRODUCT.md §4)', () => {
  it.each([
    [['a'], 1, ['b'], ['b']],
    [['a'], 2, ['b'], ['a', 'b']],
    [[], 3, ['c'], ['c']],
  ])('old %j + page %i %j → %j', (old, pageNum, list, merged) => {
    expect(mergePage(old, { pageNum, list })).toEqual(merged);
  });
});
