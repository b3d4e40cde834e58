/** What the review page says for each loan state code (PRODUCT.md §4: 0 to 8). */
import { missingCaseError } from '../../../../shared/missingCaseError';

type LoanStateCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface LoanStateText {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
  text: string;
}

function isLoanState(state: number): state is LoanStateCode {
  return Number.isInteger(state) && state >= 0 && state <= 8;
}

/** The review of a loan: its state code, unless the loan is settled (loan type 4). */
export function loanStateText(state: number, loanType?: number): LoanStateText {
  if (loanType === 4) {
    return { status: 'success', title: 'Loan Settled', text: 'This loan is fully repaid.' };
  }
  if (!isLoanState(state)) return { status: 'info', title: 'Loading', text: '' };
  switch (state) {
    case 2:
    case 7:
      return {
        status: 'waiting',
        title: 'Loan Releasing',
        text: 'Your loan is approved and the money is on its way to your account.',
      };
    case 5:
    case 8:
      return {
        status: 'error',
        title: 'Release Failed',
        text: 'We could not send the money to your account. Please check the account and apply again.',
      };
    case 3:
      return {
        status: 'error',
        title: 'Overdue',
        text: 'Please repay your bills on the Bill page.',
      };
    case 4:
      return { status: 'success', title: 'Loan Released', text: 'Repay on time on the Bill page.' };
    case 0:
    case 1:
    case 6:
      return { status: 'info', title: 'Apply Now', text: 'You can apply for a new loan.' };
    default:
      throw missingCaseError(state);
  }
}
