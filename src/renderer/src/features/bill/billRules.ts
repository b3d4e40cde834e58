/**
 * Bill tab rules of PRODUCT.md §2, §4, §7, §9 as pure functions: tabs and their list queries,
 * plan row headers per period type, preselection and the Amount to Pay sum, documents per order.
 */
import type { PeriodType, PlanItem } from '../../../../shared/api/entities';
import { NO_DOCUMENTS_MARKER } from '../../../../shared/constants';
import { missingCaseError } from '../../../../shared/missingCaseError';
import { sumAmounts } from '../../lib/format';

/** Bill tabs, chosen by query type 1 to 3. */
export type BillTab = 1 | 2 | 3;
export const BILL_TABS: readonly { tab: BillTab; title: string }[] = [
  { tab: 1, title: 'Repayment Plan' },
  { tab: 2, title: 'My Loan' },
  { tab: 3, title: 'Loan Settled' },
];

/** `?type=` → tab; anything else is the Repayment Plan. */
export function billTabOf(query: string | null): BillTab {
  return query === '2' ? 2 : query === '3' ? 3 : 1;
}

/** Loan list `type` of a tab: empty for tab 1, else tab minus 1 (PRODUCT.md §7). */
export function loanListTypeOf(tab: BillTab): '' | 1 | 2 {
  switch (tab) {
    case 1:
      return '';
    case 2:
      return 1;
    case 3:
      return 2;
    default:
      throw missingCaseError(tab);
  }
}

/** Period type labels: 1 Normal, 2 Due, 3 Overdue, 4 Settled. */
export function periodTypeLabel(type: PeriodType): 'Normal' | 'Due' | 'Overdue' | 'Settled' {
  switch (type) {
    case 1:
      return 'Normal';
    case 2:
      return 'Due';
    case 3:
      return 'Overdue';
    case 4:
      return 'Settled';
    default:
      throw missingCaseError(type);
  }
}

export type HeaderTone = 'blue' | 'yellow' | 'red' | 'grey';

/** Plan row header: "{n} Day(s) Left" blue, "Due Date" yellow, "Overdued {n} Day(s)" red, "Settled" grey. */
export function periodHeaderOf(
  type: PeriodType,
  dueDay: number,
): { text: string; tone: HeaderTone } {
  switch (type) {
    case 1:
      return { text: `${dueDay} Day(s) Left`, tone: 'blue' };
    case 2:
      return { text: 'Due Date', tone: 'yellow' };
    case 3:
      return { text: `Overdued ${Math.abs(dueDay)} Day(s)`, tone: 'red' };
    case 4:
      return { text: 'Settled', tone: 'grey' };
    default:
      throw missingCaseError(type);
  }
}

/** Plan rows of type above 1 (Due, Overdue) are preselected on first load. */
export function preselectedIds(items: readonly PlanItem[]): string[] {
  return items.filter((item) => item.type > 1).map((item) => item.periodId);
}

/** Ticks or unticks a period, keeping the plan's order. */
export function toggleId(selected: readonly string[], periodId: string): string[] {
  return selected.includes(periodId)
    ? selected.filter((id) => id !== periodId)
    : [...selected, periodId];
}

/** Amount to Pay: the sum of the ticked rows, exact to the centavo. */
export function amountToPay(items: readonly PlanItem[], selected: readonly string[]): number {
  return sumAmounts(
    items.filter((item) => selected.includes(item.periodId)).map((i) => i.repayAmount),
  );
}

/** REPAY target; disabled (null) at zero (PRODUCT.md §5). */
export function repayTargetOf(amount: number): string | null {
  return amount > 0 ? `/repay/selectCh/?amount=${amount}` : null;
}

/** Loan documents are shown unless the order number contains BV. */
export function showsDocuments(orderNo: string): boolean {
  return !orderNo.includes(NO_DOCUMENTS_MARKER);
}

/** The three loan documents, in the order the Details section links them. */
export const LOAN_DOCUMENTS = [
  { file: 'loan_agreement', title: 'Loan Agreement' },
  { file: 'disclosure_statement', title: 'Disclosure Statement' },
  { file: 'promissory_note', title: 'Promissory Note' },
] as const;

/** Link of a loan document for an order. */
export function documentLinkOf(file: string, orderNo: string): string {
  return `/doc/${file}?orderNo=${encodeURIComponent(orderNo)}`;
}
