import { describe, expect, it } from 'vitest';
import { kycStateView } from './kycState';

describe('KYC review page per state (PRODUCT.md §4 KYC state codes)', () => {
  it.each([
    [undefined, 'Loading', null],
    [1, 'Apply Now', '/kyc/apply'],
    [2, 'Under Review', null],
    [3, 'Review Failed', '/kyc/reapply'],
    [4, 'Review Rejected', '/kyc/reapply'],
    [5, 'Approved', null],
    [6, 'Fill In The Information', '/kyc/apply'],
    [7, 'Expired', '/kyc/reapply'],
  ] as const)('state %s → %s, next %s', (state, title, to) => {
    const view = kycStateView(state);
    expect(view.title).toBe(title);
    expect(view.action?.to ?? null).toBe(to);
  });
});
