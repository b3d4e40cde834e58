/** What the KYC review page says per KYC state code (PRODUCT.md §4: 1 Apply Now … 7 Expired). */
import type { KycState } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';

export interface KycStateView {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
  text: string;
  /** Where the borrower can go next, if anywhere. */
  action: { label: string; to: string } | null;
  /**
   * What the Direct Loan app offers in this state (beside its download): only a KYC under review
   * is promised a review; an expired one needs updating, not a wait.
   */
  appNotice: string;
}

export function kycStateView(state: KycState | undefined): KycStateView {
  if (state === undefined) {
    return { status: 'waiting', title: 'Loading', text: '', action: null, appNotice: '' };
  }
  switch (state) {
    case 1:
      return {
        status: 'info',
        title: 'Apply Now',
        text: 'Complete your KYC to get a credit limit.',
        action: { label: 'Apply Now', to: '/kyc/apply' },
        appNotice: 'Complete your KYC in the Direct Loan app.',
      };
    case 2:
      return {
        status: 'waiting',
        title: 'Under Review',
        text: 'We received your KYC information and are reviewing it. This usually takes one working day.',
        action: null,
        appNotice: 'Get notified as soon as your review is done in the Direct Loan app.',
      };
    case 3:
      return {
        status: 'error',
        title: 'Review Failed',
        text: 'Some of your information could not be verified. Please update it and submit again.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
        appNotice: 'Update your information and follow your review in the Direct Loan app.',
      };
    case 4:
      return {
        status: 'error',
        title: 'Review Rejected',
        text: 'Your KYC application was not approved. You may update your information and apply again.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
        appNotice: 'Update your information and follow your application in the Direct Loan app.',
      };
    case 5:
      return {
        status: 'success',
        title: 'Approved',
        text: 'Your KYC is approved.',
        action: null,
        appNotice: 'Apply for a loan and follow your repayments in the Direct Loan app.',
      };
    case 6:
      return {
        status: 'info',
        title: 'Fill In The Information',
        text: 'Please finish your KYC information.',
        action: { label: 'Continue', to: '/kyc/apply' },
        appNotice: 'Finish your KYC information in the Direct Loan app.',
      };
    case 7:
      return {
        status: 'info',
        title: 'Expired',
        text: 'Your KYC information is expired. Please update it before applying for a loan.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
        appNotice: 'Update your KYC information in the Direct Loan app before applying for a loan.',
      };
    default:
      throw missingCaseError(state);
  }
}
