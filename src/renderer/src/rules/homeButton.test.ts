import { describe, expect, it } from 'vitest';
import type { KycState } from '@shared/api/entities';
import {
  type HomeButtonLabel,
  headlineOf,
  homeButtonActionOf,
  homeButtonOf,
  homeFrameOf,
  loanApplyRedirectOf,
  loanPhaseOf,
  showsOverdue,
} from './homeButton';

const ALL_LOAN_STATES = [0, 1, 2, 3, 4, 5, 6, 7, 8];

describe('Home button before approval: label from the KYC state (PRODUCT.md §4)', () => {
  // [kycState, label, disabled] — the loan state and lastAmount do not matter before approval.
  const table: [KycState | undefined, HomeButtonLabel, boolean][] = [
    [undefined, 'Loading', true],
    [1, 'Apply Now', false],
    [2, 'Under Review', true],
    [3, 'Review Failed', false],
    [4, 'Review Rejected', false],
    [6, 'Fill In The Information', false],
    [7, 'Expired', false],
  ];
  for (const [kycState, label, disabled] of table) {
    for (const loanState of ALL_LOAN_STATES) {
      for (const lastAmount of [0, 999, 1000]) {
        it(`KYC ${kycState} · loan ${loanState} · lastAmount ${lastAmount} → ${label}${disabled ? ' (disabled)' : ''}`, () => {
          expect(homeButtonOf({ kycState, loanState, lastAmount, navigating: false })).toEqual({
            label,
            hidden: false,
            disabled,
          });
        });
      }
    }
  }
});

describe('Home button once approved (KYC 5): label from the loan state', () => {
  // [loanState, lastAmount, label, hidden, disabled]
  const table: [number, number, HomeButtonLabel, boolean, boolean][] = [];
  for (const loanState of [0, 1, 3, 4, 6]) {
    table.push([loanState, 999, 'Apply Now', true, true]);
    table.push([loanState, 1000, 'Apply Now', false, false]);
  }
  for (const loanState of [2, 7]) {
    table.push([loanState, 999, 'Loan Releasing', false, false]);
    table.push([loanState, 1000, 'Loan Releasing', false, false]);
  }
  for (const loanState of [5, 8]) {
    table.push([loanState, 999, 'Release Failed', false, false]);
    table.push([loanState, 1000, 'Release Failed', false, false]);
  }
  it.each(table)(
    'loan %s · lastAmount %s → %s hidden=%s disabled=%s',
    (loanState, lastAmount, label, hidden, disabled) => {
      expect(homeButtonOf({ kycState: 5, loanState, lastAmount, navigating: false })).toEqual({
        label,
        hidden,
        disabled,
      });
    },
  );
});

describe('Home button while a route change is in progress', () => {
  it.each([1, 3, 4, 5, 6, 7] as const)('KYC %s is disabled', (kycState) => {
    const view = homeButtonOf({ kycState, loanState: 2, lastAmount: 15000, navigating: true });
    expect(view.disabled).toBe(true);
  });
});

describe('Home button action (PRODUCT.md §4)', () => {
  it.each([
    [1, '/kyc/apply'],
    [6, '/kyc/apply'],
    [2, '/kyc/review'],
    [3, '/kyc/review'],
    [4, '/kyc/review'],
  ] as const)('KYC %s goes to %s whatever the loan state', (kycState, to) => {
    for (const loanState of ALL_LOAN_STATES) {
      expect(homeButtonActionOf(kycState, loanState)).toEqual({ kind: 'go', to });
    }
  });

  it('KYC 7 opens the expired notice', () => {
    for (const loanState of ALL_LOAN_STATES) {
      expect(homeButtonActionOf(7, loanState)).toEqual({ kind: 'kycExpired' });
    }
  });

  it.each([
    [0, '/loan/apply'],
    [1, '/loan/apply'],
    [3, '/loan/apply'],
    [4, '/loan/apply'],
    [6, '/loan/apply'],
    [2, '/loan/review'],
    [5, '/loan/review'],
    [7, '/loan/review'],
    [8, '/loan/review'],
  ] as const)('KYC 5 with loan state %s goes to %s', (loanState, to) => {
    expect(homeButtonActionOf(5, loanState)).toEqual({ kind: 'go', to });
  });

  it('a missing KYC state does nothing', () => {
    expect(homeButtonActionOf(undefined, 0)).toEqual({ kind: 'none' });
  });
});

describe('loan phases', () => {
  it.each([
    [0, 'apply'],
    [1, 'apply'],
    [2, 'releasing'],
    [3, 'apply'],
    [4, 'apply'],
    [5, 'releaseFailed'],
    [6, 'apply'],
    [7, 'releasing'],
    [8, 'releaseFailed'],
  ] as const)('loan state %s is %s', (state, phase) => {
    expect(loanPhaseOf(state)).toBe(phase);
  });
});

describe('headline amount (PRODUCT.md §9)', () => {
  it.each([1, 2, 3, 4, 6, 7, undefined] as const)(
    'before approval (KYC %s): up to 100000',
    (kyc) => {
      expect(headlineOf(kyc, 15000)).toEqual({ caption: 'Borrow up to', amount: 100000 });
    },
  );
  it('approved: the available amount', () => {
    expect(headlineOf(5, 15000)).toEqual({ caption: 'Available amount', amount: 15000 });
    expect(headlineOf(5, 0)).toEqual({ caption: 'Available amount', amount: 0 });
  });
});

describe("Home's frame at rest, as index.html paints it before the app runs", () => {
  it("approved: the available amount and the loan's button", () => {
    expect(homeFrameOf(5, { state: 0, lastAmount: 15000 })).toEqual({
      caption: 'Available amount',
      amount: '₱15,000',
      button: { label: 'Apply Now', disabled: false },
    });
    expect(homeFrameOf(5, { state: 2, lastAmount: 15000 }).button).toEqual({
      label: 'Loan Releasing',
      disabled: false,
    });
  });
  it('approved with nothing to apply for: no button', () => {
    expect(homeFrameOf(5, { state: 0, lastAmount: 500 })).toEqual({
      caption: 'Available amount',
      amount: '₱500',
      button: null,
    });
  });
  it('before approval: up to ₱100,000 and the KYC button, with or without loan info', () => {
    expect(homeFrameOf(2, null)).toEqual({
      caption: 'Borrow up to',
      amount: '₱100,000',
      button: { label: 'Under Review', disabled: true },
    });
    expect(homeFrameOf(1, { state: 0, lastAmount: 0 }).button).toEqual({
      label: 'Apply Now',
      disabled: false,
    });
  });
});

describe('overdue display (PRODUCT.md §4)', () => {
  it.each([
    [2, 4, 4, true],
    [1, 3, 4, true],
    [2, 3, 1, true],
    [2, 4, 0, false],
    [1, 3, 0, false],
    [1, 4, 5, false],
    [3, 0, 5, false],
  ])('loan type %s, state %s, dueDay %s → %s', (type, state, dueDay, shown) => {
    expect(showsOverdue({ type, state, dueDay })).toBe(shown);
  });
});

describe('/loan/apply by URL follows the Home button', () => {
  const loan = (state: number, lastAmount: number) => ({ state, lastAmount });
  it.each([
    [1, null, '/kyc/apply'],
    [1, loan(0, 0), '/kyc/apply'],
    [2, loan(0, 0), '/kyc/review'],
    [7, loan(0, 0), '/'],
    [5, loan(2, 0), '/loan/review'],
    [5, loan(0, 800), '/'],
    [5, loan(0, 15000), null],
    [5, null, null],
  ] as const)('KYC %s, loan %j → %s', (kyc, info, to) => {
    expect(loanApplyRedirectOf(kyc, info)).toBe(to);
  });
  it('waits while the KYC state is unknown', () => {
    expect(loanApplyRedirectOf(undefined, null)).toBeNull();
  });
});
