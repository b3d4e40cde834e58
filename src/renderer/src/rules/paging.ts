/** Paged lists (PRODUCT.md §4): a page other than 1 appends to the old list. Pure. */
export function mergePage<T>(
  old: readonly T[],
  page: { pageNum: number; list: readonly T[] },
): T[] {
  return page.pageNum === 1 ? [...page.list] : [...old, ...page.list];
}

/**
 * Infinite-scroll footer: "No Data" for an empty list, "No More" at the end, a retry after a
 * failed load (never "No Data" for a list that could not be loaded), else a spinner.
 */
export function listFooterOf(
  count: number,
  hasMore: boolean,
  failed = false,
): 'No Data' | 'No More' | 'loading' | 'failed' {
  if (failed) return 'failed';
  if (hasMore) return 'loading';
  return count === 0 ? 'No Data' : 'No More';
}

/** More pages exist while the last page loaded is below the page count. */
export function hasMorePages(pageNum: number, pages: number): boolean {
  return pageNum < pages;
}
