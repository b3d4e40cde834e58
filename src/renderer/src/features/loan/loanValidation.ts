/**
 * Validation of the loan application form (PRODUCT.md §3 fields; the messages are ours since
 * §5 does not show them). Pure: the store and the tests read the same table.
 */
import { MIN_BORROW_AMOUNT } from '@shared/constants';
import { formatPeso } from '@shared/money';

/** Longest loan the mock and the product offer, in periods. */
export const MAX_LOAN_PERIODS = 12;

export interface LoanFormValues {
  borrowAmount: string;
  periods: number;
  payeeId: string;
  purpos: string;
}

export type LoanField = keyof LoanFormValues;
export type LoanErrors = Partial<Record<LoanField, string>>;

export const ENTER_AMOUNT = 'Please enter the amount you want to borrow.';
export const WHOLE_PESOS = 'Please enter the amount in whole pesos.';
export const CHOOSE_PAYEE = 'Please choose the account that receives the money.';
export const CHOOSE_PURPOSE = 'Please choose the purpose of the loan.';
export const CHOOSE_PERIODS = `Please choose 1 to ${MAX_LOAN_PERIODS} periods.`;

export function minAmountMessage(): string {
  return `The minimum loan amount is ${formatPeso(MIN_BORROW_AMOUNT)}.`;
}
export function maxAmountMessage(lastAmount: number): string {
  return `You can borrow up to ${formatPeso(lastAmount)}.`;
}

/** Purposes offered on the form. */
export const LOAN_PURPOSES = [
  'Daily expenses',
  'Education',
  'Medical',
  'Business',
  'Home improvement',
  'Travel',
  'Other',
] as const;

/** The amount typed as a number, or NaN. */
export function parseBorrowAmount(input: string): number {
  const trimmed = input.replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The amount's error, if any. `lastAmount` undefined: the available amount is not known yet (loan
 * info on its way), so the upper bound is the server's to check (loan/loanCheckByArc) — never
 * "up to ₱0.00".
 */
export function validateBorrowAmount(
  input: string,
  lastAmount: number | undefined,
): string | undefined {
  if (input.trim() === '') return ENTER_AMOUNT;
  const amount = parseBorrowAmount(input);
  if (!Number.isInteger(amount)) return WHOLE_PESOS;
  if (amount < MIN_BORROW_AMOUNT) return minAmountMessage();
  if (lastAmount !== undefined && amount > lastAmount) return maxAmountMessage(lastAmount);
  return undefined;
}

/** Every error of the form; empty when it may be submitted. */
export function validateLoanForm(
  values: LoanFormValues,
  lastAmount: number | undefined,
): LoanErrors {
  const errors: LoanErrors = {};
  const amount = validateBorrowAmount(values.borrowAmount, lastAmount);
  if (amount) errors.borrowAmount = amount;
  if (
    !Number.isInteger(values.periods) ||
    values.periods < 1 ||
    values.periods > MAX_LOAN_PERIODS
  ) {
    errors.periods = CHOOSE_PERIODS;
  }
  if (values.payeeId.trim() === '') errors.payeeId = CHOOSE_PAYEE;
  if (values.purpos.trim() === '') errors.purpos = CHOOSE_PURPOSE;
  return errors;
}

/** Web payee picker: an e-wallet or bank account typed by the borrower. */
export const PAYEE_KINDS = ['GCash', 'Maya', 'Bank'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];

export const PAYEE_ACCOUNT_RULE = 'Please enter a mobile number starting with 09 (11 digits).';
export const BANK_ACCOUNT_RULE = 'Please enter a bank account number of 10 to 16 digits.';

/** Validates a web-picked payee and builds its id and masked label ("GCash 0917****567"). */
export function webPayee(
  kind: PayeeKind,
  input: string,
): { ok: true; payeeId: string; payeeLabel: string } | { ok: false; message: string } {
  const account = input.replace(/[\s-]/g, '');
  const wallet = kind !== 'Bank';
  if (wallet ? !/^09\d{9}$/.test(account) : !/^\d{10,16}$/.test(account)) {
    return { ok: false, message: wallet ? PAYEE_ACCOUNT_RULE : BANK_ACCOUNT_RULE };
  }
  const masked = `${account.slice(0, 4)}****${account.slice(-3)}`;
  return { ok: true, payeeId: `${kind.toUpperCase()}:${account}`, payeeLabel: `${kind} ${masked}` };
}
