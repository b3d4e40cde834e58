/** Paged lists (PRODUCT.md §4): a page other than 1 appends to the old list. Pure. */
export function mergePage<T>(
  old: readonly T[],
  page: { pageNum: number; list: readonly T[] },
): T[] {
  return page.pageNum === 1 ? [...page.list] : [...old, ...page.list];
}
