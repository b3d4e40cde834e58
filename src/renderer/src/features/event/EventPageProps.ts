/** What every event page gets from /event/:file/:action? (PRODUCT.md §2): its sub-page, if any. */
export interface EventPageProps {
  action: string | undefined;
}
