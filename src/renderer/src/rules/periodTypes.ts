/**
 * Installment period types of PRODUCT.md §4 "Period types" (1 Normal, 2 Due, 3 Overdue,
 * 4 Settled) as the Bill tab and the OFW bill inquiry show them. Pure.
 */
import type { PeriodType } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';

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
