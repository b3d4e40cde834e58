/** What the KYC review page says per KYC state code (PRODUCT.md §4: 1 Apply Now … 7 Expired). */
import type { KycState } from '../../../../shared/api/entities';
import { missingCaseError } from '../../errors/missingCaseError';

export interface KycStateView {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
  text: string;
  /** Where the borrower can go next, if anywhere. */
  action: { label: string; to: string } | null;
}

export function kycStateView(state: KycState | undefined): KycStateView {
  if (state === undefined) return { status: 'waiting', title: 'Loading', text: '', action: null };
  switch (state) {
    case 1:
      return {
        status: 'info',
        title: 'Apply Now',
        text: 'Complete your KYC to get a credit limit.',
        action: { label: 'Apply Now', to: '/kyc/apply' },
      };
    case 2:
      return {
        status: 'waiting',
        title: 'Under Review',
        text: 'We received your KYC information and are reviewing it. This usually takes one working day.',
        action: null,
      };
    case 3:
      return {
        status: 'error',
        title: 'Review Failed',
        text: 'Some of your information could not be verified. Please update it and submit again.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
      };
    case 4:
      return {
        status: 'error',
        title: 'Review Rejected',
        text: 'Your KYC application was not approved. You may update your information and apply again.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
      };
    case 5:
      return { status: 'success', title: 'Approved', text: 'Your KYC is approved.', action: null };
    case 6:
      return {
        status: 'info',
        title: 'Fill In The Information',
        text: 'Please finish your KYC information.',
        action: { label: 'Continue', to: '/kyc/apply' },
      };
    case 7:
      return {
        status: 'info',
        title: 'Expired',
        text: 'Your KYC information is expired. Please update it before applying for a loan.',
        action: { label: 'Update Information', to: '/kyc/reapply' },
      };
    default:
      throw missingCaseError(state);
  }
}
