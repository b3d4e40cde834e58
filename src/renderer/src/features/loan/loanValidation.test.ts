import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_RULE,
  CHOOSE_PAYEE,
  CHOOSE_PERIODS,
  CHOOSE_PURPOSE,
  ENTER_AMOUNT,
  maxAmountMessage,
  minAmountMessage,
  PAYEE_ACCOUNT_RULE,
  validateBorrowAmount,
  validateLoanForm,
  WHOLE_PESOS,
  webPayee,
} from './loanValidation';

describe('borrowAmount: 1000 up to lastAmount', () => {
  it.each([
    ['', 15000, ENTER_AMOUNT],
    ['  ', 15000, ENTER_AMOUNT],
    ['abc', 15000, WHOLE_PESOS],
    ['1500.50', 15000, WHOLE_PESOS],
    ['1000.005', 15000, WHOLE_PESOS],
    ['15000.001', 15000, WHOLE_PESOS],
    ['0.01', 15000, WHOLE_PESOS],
    ['999', 15000, minAmountMessage()],
    ['1000', 15000, undefined],
    ['15,000', 15000, undefined],
    ['15000', 15000, undefined],
    ['15001', 15000, maxAmountMessage(15000)],
    ['1000', 800, maxAmountMessage(800)],
    // The available amount not known yet: the server checks the upper bound, never "₱0.00".
    ['15001', undefined, undefined],
    ['999', undefined, minAmountMessage()],
  ])('%j with lastAmount %s → %s', (input, lastAmount, error) => {
    expect(validateBorrowAmount(input, lastAmount)).toBe(error);
  });

  it('says the limits in pesos', () => {
    expect(minAmountMessage()).toBe('The minimum loan amount is ₱1,000.00.');
    expect(maxAmountMessage(15000)).toBe('You can borrow up to ₱15,000.00.');
  });
});

describe('the whole form', () => {
  const valid = {
    borrowAmount: '5000',
    periods: 1,
    payeeId: 'GCASH:09171234567',
    purpos: 'Education',
  };

  it('a complete form has no errors', () => {
    expect(validateLoanForm(valid, 15000)).toEqual({});
  });

  it.each([
    [{ payeeId: '' }, { payeeId: CHOOSE_PAYEE }],
    [{ purpos: '' }, { purpos: CHOOSE_PURPOSE }],
    [{ periods: 0 }, { periods: CHOOSE_PERIODS }],
    [{ periods: 13 }, { periods: CHOOSE_PERIODS }],
    [{ periods: 1.5 }, { periods: CHOOSE_PERIODS }],
    [{ borrowAmount: '' }, { borrowAmount: ENTER_AMOUNT }],
  ])('%j → %j', (change, errors) => {
    expect(validateLoanForm({ ...valid, ...change }, 15000)).toEqual(errors);
  });

  it('reports every missing field at once', () => {
    expect(
      Object.keys(validateLoanForm({ borrowAmount: '', periods: 1, payeeId: '', purpos: '' }, 0)),
    ).toEqual(['borrowAmount', 'payeeId', 'purpos']);
  });
});

describe('web payee picker', () => {
  it.each([
    ['GCash', '09171234567', true, 'GCash 0917****567'],
    ['Maya', '0917 123 4567', true, 'Maya 0917****567'],
    ['GCash', '9171234567', false, PAYEE_ACCOUNT_RULE],
    ['Bank', '1234567890', true, 'Bank 1234****890'],
    ['Bank', '12345', false, BANK_ACCOUNT_RULE],
  ] as const)('%s %j → ok %s (%s)', (kind, input, ok, text) => {
    const result = webPayee(kind, input);
    expect(result.ok).toBe(ok);
    if (result.ok) {
      expect(result.payeeLabel).toBe(text);
      expect(result.payeeId).toMatch(new RegExp(`^${kind.toUpperCase()}:\\d+$`));
    } else expect(result.message).toBe(text);
  });
});
