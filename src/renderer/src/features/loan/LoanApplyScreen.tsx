/** /loan/apply (PRODUCT.md §3 loan application form), guarded as Home's main button is. */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect } from 'react';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { loanApplyRedirectOf } from '@renderer/rules/homeButton';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import { formatPeso } from '@shared/money';
import { PreviewCard } from './components/PreviewCard';
import { WebPayeePicker } from './components/WebPayeePicker';
import { loanFeature } from './LoanStore';
import { LOAN_PURPOSES, MAX_LOAN_PERIODS } from './loanValidation';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

const LoanApplyScreen = observer(function LoanApplyScreen() {
  const { user, services } = useStores();
  const loan = useFeature(loanFeature);
  // An application on its way is followed on the review, never offered again as an empty form.
  const redirect = loan.applicationOnItsWay
    ? '/loan/review'
    : loanApplyRedirectOf(user.user?.state, user.loanInfo);
  useEffect(() => {
    if (redirect) services.navigation.go(redirect, { replace: true });
    else void loan.open();
  }, [loan, redirect, services]);
  // Leaving: the form never paints for a borrower it is not for (an empty form offered to one
  // whose application is on its way could book a second loan).
  if (redirect) return <PageSkeleton />;
  const { errors } = loan;
  const available = loan.lastAmount;
  const invalid = (field: keyof typeof errors) => ({
    'aria-invalid': errors[field] !== undefined,
    'aria-describedby': errors[field] ? `loan-${field}-error` : undefined,
  });

  return (
    <MoneyPage title="Apply for a Loan">
      <form
        className="money-card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void loan.submit();
        }}
      >
        <Field id="loan-borrowAmount" label="Borrow Amount" error={errors.borrowAmount}>
          <input
            id="loan-borrowAmount"
            type="text"
            inputMode="numeric"
            placeholder={available === undefined ? 'Amount' : `Up to ${formatPeso(available)}`}
            value={loan.borrowAmount}
            onChange={(event) => loan.setBorrowAmount(event.target.value)}
            {...invalid('borrowAmount')}
          />
          {available === undefined ? (
            // Not known yet (loan info on its way): a placeholder, never ₱0 (DESIGN.md §6, as Home).
            <span className="money-muted" data-testid="loan-available-pending" aria-busy="true">
              Available:{' '}
              <span className="money-placeholder" role="img" aria-label="Loading amount" />
            </span>
          ) : (
            <span className="money-muted">Available: {formatPeso(available)}</span>
          )}
        </Field>
        <Field id="loan-periods" label="Periods" error={errors.periods}>
          <select
            id="loan-periods"
            value={loan.periods}
            onChange={(event) => loan.setPeriods(Number(event.target.value))}
            {...invalid('periods')}
          >
            {Array.from({ length: MAX_LOAN_PERIODS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'month' : 'months'}
              </option>
            ))}
          </select>
        </Field>
        <Field id="loan-payeeId" label="Payee Account" error={errors.payeeId}>
          <button
            id="loan-payeeId"
            type="button"
            className="field__control"
            style={{ textAlign: 'left' }}
            onClick={() => void loan.pickAccount()}
            {...invalid('payeeId')}
          >
            {loan.payeeLabel || 'Choose Account'}
          </button>
        </Field>
        <Field id="loan-purpos" label="Purpose" error={errors.purpos}>
          <select
            id="loan-purpos"
            value={loan.purpos}
            onChange={(event) => loan.setPurpose(event.target.value)}
            {...invalid('purpos')}
          >
            <option value="">Choose a purpose</option>
            {LOAN_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {purpose}
              </option>
            ))}
          </select>
        </Field>
        {loan.usableCoupons.length > 0 && (
          <Field id="loan-coupon" label="Voucher">
            <select
              id="loan-coupon"
              value={loan.userCouponId ?? ''}
              onChange={(event) => loan.setCoupon(event.target.value || undefined)}
            >
              <option value="">No voucher</option>
              {loan.usableCoupons.map((coupon) => (
                <option key={coupon.userCouponId} value={coupon.userCouponId}>
                  {coupon.title} (-{formatPeso(coupon.discountAmount)})
                </option>
              ))}
            </select>
          </Field>
        )}
        {loan.needPayPassword && (
          <Field id="loan-sms" label="Verification Code">
            <div style={{ display: 'flex', gap: 8 }}>
              <input
                id="loan-sms"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={loan.smsCode}
                onChange={(event) => loan.setSmsCode(event.target.value)}
              />
              <Button
                size="small"
                fill="outline"
                color="primary"
                onClick={() => void loan.sendPayPasswordSms()}
              >
                {loan.smsSent ? 'Resend' : 'Get Code'}
              </Button>
            </div>
            <span className="money-muted">Enter the code we sent to confirm your loan.</span>
          </Field>
        )}
        <PreviewCard preview={loan.preview} loading={loan.previewLoading} />
        <Button block color="primary" size="large" type="submit" loading={loan.submitting}>
          SUBMIT
        </Button>
      </form>
      {loan.webPickerOpen && (
        <WebPayeePicker
          onPick={(payeeId, payeeLabel) => loan.setPayee(payeeId, payeeLabel)}
          onClose={() => loan.closeWebPicker()}
        />
      )}
    </MoneyPage>
  );
});

export default LoanApplyScreen;
