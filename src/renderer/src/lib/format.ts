/**
 * Money formatting of PRODUCT.md §9 (the shared `formatPeso`, which the mock server's texts use
 * too) and money sums. Dates ("MMM DD,YYYY" from unix seconds) are the market calendar's
 * (`marketCalendar.ts`), re-exported here as `formatDate` for the screens that show both. Pure.
 */
export { formatPeso, sumAmounts } from '@shared/money';
export { formatMarketDate as formatDate } from './marketCalendar';
