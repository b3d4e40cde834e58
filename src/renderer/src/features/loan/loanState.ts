/** What the review page says for each loan state code (PRODUCT.md §4: 0 to 8). */
import {
  isLoanReleaseFailed,
  isLoanReleasing,
  LoanStates,
  loanStateSchema,
} from '@shared/api/entities';

export interface LoanStateText {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
  text: string;
}

/** The review of a loan: its state code, unless the loan is settled (loan type 4). */
export function loanStateText(state: number, loanType?: number): LoanStateText {
  if (loanType === 4) {
    return { status: 'success', title: 'Loan Settled', text: 'This loan is fully repaid.' };
  }
  if (!loanStateSchema.safeParse(state).success)
    return { status: 'info', title: 'Loading', text: '' };
  if (isLoanReleasing(state)) {
    return {
      status: 'waiting',
      title: 'Loan Releasing',
      text: 'Your loan is approved and the money is on its way to your account.',
    };
  }
  if (isLoanReleaseFailed(state)) {
    return {
      status: 'error',
      title: 'Release Failed',
      text: 'We could not send the money to your account. Please check the account and apply again.',
    };
  }
  if (state === LoanStates.OVERDUE) {
    return { status: 'error', title: 'Overdue', text: 'Please repay your bills on the Bill page.' };
  }
  if (state === LoanStates.RELEASED) {
    return { status: 'success', title: 'Loan Released', text: 'Repay on time on the Bill page.' };
  }
  // The other codes (0, 1, 6) leave the borrower free to apply.
  return { status: 'info', title: 'Apply Now', text: 'You can apply for a new loan.' };
}
