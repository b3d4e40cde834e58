/**
 * The Home main button of PRODUCT.md §4 and the figures around it, as pure functions: the label
 * from the KYC state (or the loan state once approved), when it is hidden or disabled, and where
 * pressing it leads.
 */
import {
  isLoanReleaseFailed,
  isLoanReleasing,
  type KycState,
  KycStates,
  type LoanInfo,
  LoanStates,
} from '@shared/api/entities';
import { MAX_BORROW_BEFORE_APPROVAL, MIN_BORROW_AMOUNT } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import { formatPeso } from '@shared/money';
import type { HomeFrame } from '@renderer/lib/bootShapes';

export type HomeButtonLabel =
  | 'Loading'
  | 'Apply Now'
  | 'Under Review'
  | 'Review Failed'
  | 'Review Rejected'
  | 'Fill In The Information'
  | 'Expired'
  | 'Loan Releasing'
  | 'Release Failed';

/** Loan state codes 0–8 grouped as the button sees them. */
export type LoanPhase = 'apply' | 'releasing' | 'releaseFailed';

/** 0,1,3,4,6 Apply Now; 2 and 7 Loan Releasing; 5 and 8 Release Failed. */
export function loanPhaseOf(loanState: number): LoanPhase {
  if (isLoanReleasing(loanState)) return 'releasing';
  if (isLoanReleaseFailed(loanState)) return 'releaseFailed';
  return 'apply';
}

/** Label of a non-approved KYC state; a missing state shows Loading. */
function kycLabelOf(state: KycState | undefined): HomeButtonLabel {
  if (state === undefined) return 'Loading';
  switch (state) {
    case KycStates.APPLY:
      return 'Apply Now';
    case KycStates.UNDER_REVIEW:
      return 'Under Review';
    case KycStates.REVIEW_FAILED:
      return 'Review Failed';
    case KycStates.REVIEW_REJECTED:
      return 'Review Rejected';
    case KycStates.APPROVED:
      return 'Apply Now';
    case KycStates.FILL_IN:
      return 'Fill In The Information';
    case KycStates.EXPIRED:
      return 'Expired';
    default:
      throw missingCaseError(state);
  }
}

function loanLabelOf(phase: LoanPhase): HomeButtonLabel {
  switch (phase) {
    case 'apply':
      return 'Apply Now';
    case 'releasing':
      return 'Loan Releasing';
    case 'releaseFailed':
      return 'Release Failed';
    default:
      throw missingCaseError(phase);
  }
}

export interface HomeButtonInput {
  kycState: KycState | undefined;
  /** Loan state code; 0 until loan info arrives. */
  loanState: number;
  /** Available amount (loanInfo.lastAmount); 0 until loan info arrives. */
  lastAmount: number;
  /** A route change is in progress. */
  navigating: boolean;
}

export interface HomeButtonView {
  label: HomeButtonLabel;
  hidden: boolean;
  disabled: boolean;
}

export function homeButtonOf({
  kycState,
  loanState,
  lastAmount,
  navigating,
}: HomeButtonInput): HomeButtonView {
  const approved = kycState === KycStates.APPROVED;
  const phase = loanPhaseOf(loanState);
  const label = approved ? loanLabelOf(phase) : kycLabelOf(kycState);
  const lowCredit = lastAmount < MIN_BORROW_AMOUNT;
  // Below the minimum an approved user has nothing to apply for, unless a loan is in flight.
  const hidden = approved && lowCredit && phase === 'apply';
  // "lastAmount under 1000 and label Apply Now" is the loan's Apply Now: a KYC-1 user has no
  // credit yet (lastAmount 0) and must still reach /kyc/apply (DESIGN.md §6 new-user).
  const disabled =
    kycState === undefined ||
    (approved && lowCredit && label === 'Apply Now') ||
    kycState === KycStates.UNDER_REVIEW ||
    navigating;
  return { label, hidden, disabled };
}

/** What pressing the main button does (after resetting the loan form). */
export type HomeButtonAction =
  | { kind: 'go'; to: '/kyc/apply' | '/kyc/review' | '/loan/apply' | '/loan/review' }
  | { kind: 'kycExpired' }
  | { kind: 'none' };

export function homeButtonActionOf(
  kycState: KycState | undefined,
  loanState: number,
): HomeButtonAction {
  if (kycState === undefined) return { kind: 'none' };
  switch (kycState) {
    case KycStates.APPLY:
    case KycStates.FILL_IN:
      return { kind: 'go', to: '/kyc/apply' };
    case KycStates.UNDER_REVIEW:
    case KycStates.REVIEW_FAILED:
    case KycStates.REVIEW_REJECTED:
      return { kind: 'go', to: '/kyc/review' };
    case KycStates.EXPIRED:
      return { kind: 'kycExpired' };
    case KycStates.APPROVED:
      return {
        kind: 'go',
        to: loanPhaseOf(loanState) === 'apply' ? '/loan/apply' : '/loan/review',
      };
    default:
      throw missingCaseError(kycState);
  }
}

/** The KYC-expired Notice dialog (PRODUCT.md §4), text exactly as specified. */
export const KYC_EXPIRED_NOTICE = {
  title: 'Notice',
  content:
    'Your KYC information is expired.Please kindly update before applying for a loan in Direct Loan app.',
  button: 'Update',
} as const;

/** Headline amount: the available amount once approved, "up to 100000" before. */
export function headlineOf(
  kycState: KycState | undefined,
  lastAmount: number,
): { caption: string; amount: number } {
  return kycState === KycStates.APPROVED
    ? { caption: 'Available amount', amount: lastAmount }
    : { caption: 'Borrow up to', amount: MAX_BORROW_BEFORE_APPROVAL };
}

/**
 * Home's headline, amount and main button at rest, as text: what index.html paints before the
 * app runs (src/renderer/inline/firstFrame.ts), kept by Home for the next open and made by the
 * early session from the first calls' answers on a first open (services/earlySession.ts). A
 * borrower whose loan info has not come yet is at loan state 0 with nothing available.
 */
export function homeFrameOf(
  kycState: KycState,
  loan: Pick<LoanInfo, 'state' | 'lastAmount'> | null,
): HomeFrame {
  const lastAmount = loan?.lastAmount ?? 0;
  const headline = headlineOf(kycState, lastAmount);
  const button = homeButtonOf({
    kycState,
    loanState: loan?.state ?? 0,
    lastAmount,
    navigating: false,
  });
  return {
    caption: headline.caption,
    amount: formatPeso(headline.amount, 0),
    button: button.hidden ? null : { label: button.label, disabled: button.disabled },
  };
}

/** Overdue display: loan type 2 or loan state 3, and dueDay above 0 (PRODUCT.md §4). */
export function showsOverdue(loan: Pick<LoanInfo, 'type' | 'state' | 'dueDay'>): boolean {
  return (loan.type === 2 || loan.state === LoanStates.OVERDUE) && loan.dueDay > 0;
}

/**
 * /loan/apply opened by URL follows the Home button's rule (PRODUCT.md §4): only a borrower whose
 * main button would lead there, enabled, may fill the form; everyone else goes where the button
 * would take them (KYC, the review) or back to Home. Null: stay (or not known yet).
 */
export function loanApplyRedirectOf(
  kycState: KycState | undefined,
  loan: { state: number; lastAmount: number } | null,
): string | null {
  if (kycState === undefined) return null;
  const action = homeButtonActionOf(kycState, loan?.state ?? 0);
  if (action.kind !== 'go') return '/';
  if (action.to !== '/loan/apply') return action.to;
  // Approved, loan info not loaded yet: the form's own checks (loanCheckByArc) still apply.
  if (loan === null) return null;
  const view = homeButtonOf({
    kycState,
    loanState: loan.state,
    lastAmount: loan.lastAmount,
    navigating: false,
  });
  return view.hidden || view.disabled ? '/' : null;
}
