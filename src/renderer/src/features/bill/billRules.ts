/**
 * Bill tab rules of PRODUCT.md §2, §4, §7, §9 as pure functions: tabs and their list queries,
 * preselection and the Amount to Pay sum. Period types and loan documents, which other features
 * show too, are in rules/periodTypes.ts and rules/loanDocuments.ts.
 */
import type { PlanItem } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';
import { sumAmounts } from '@renderer/lib/format';

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
