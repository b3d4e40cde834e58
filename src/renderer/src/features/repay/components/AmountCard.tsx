/** The "Amount to Pay" card of the repay screens. */
import { formatPeso } from '@shared/money';

export function AmountCard({ amount, fee = 0 }: { amount: number; fee?: number }) {
  return (
    <div className="money-card">
      <div className="money-amount">
        <span>Amount to Pay</span>
        <strong className="money-amount__value" data-testid="repay-amount">
          {Number.isNaN(amount) ? '—' : formatPeso(amount + fee)}
        </strong>
      </div>
      {fee > 0 && (
        <p className="money-muted">
          Bills {formatPeso(amount)} + channel fee {formatPeso(fee)}
        </p>
      )}
    </div>
  );
}
