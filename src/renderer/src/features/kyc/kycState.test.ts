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

  it('only a KYC under review is promised a review', () => {
    for (const state of [undefined, 1, 3, 4, 5, 6, 7] as const) {
      const { text, appNotice, title } = kycStateView(state);
      expect(`${title} ${text} ${appNotice}`, `state ${state}`).not.toMatch(
        /review is done|reviewing|under review/i,
      );
    }
    expect(kycStateView(2).appNotice).toMatch(/review is done/);
  });

  it('an expired KYC is told to update, not to wait', () => {
    const view = kycStateView(7);
    expect(view.text).toMatch(/update/i);
    expect(view.appNotice).toBe(
      'Update your KYC information in the Direct Loan app before applying for a loan.',
    );
  });
});
