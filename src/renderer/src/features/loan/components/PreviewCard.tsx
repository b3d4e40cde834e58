/** The loan/calculateLoanInfo preview: interest, fees, what is received and the schedule. */
import type { LoanPreview } from '@shared/api/endpoints';
import { formatMarketDate } from '@renderer/lib/marketCalendar';
import { formatPeso } from '@shared/money';

export function PreviewCard({
  preview,
  loading,
}: {
  preview: LoanPreview | null;
  loading: boolean;
}) {
  if (!preview) {
    return loading ? <p className="money-muted">Calculating…</p> : null;
  }
  return (
    <section className="money-card" aria-label="Loan details">
      <h2>Loan Details</h2>
      <dl className="info-pairs">
        <dt>Interest</dt>
        <dd>{formatPeso(preview.interest)}</dd>
        <dt>Service Fee</dt>
        <dd>{formatPeso(preview.serviceFee)}</dd>
        {preview.discountAmount > 0 && (
          <>
            <dt>Voucher</dt>
            <dd>-{formatPeso(preview.discountAmount)}</dd>
          </>
        )}
        <dt>You Receive</dt>
        <dd data-testid="received-amount">{formatPeso(preview.receivedAmount)}</dd>
        <dt>Total Repayment</dt>
        <dd>{formatPeso(preview.totalRepayment)}</dd>
      </dl>
      <table className="schedule" aria-label="Repayment schedule">
        <thead>
          <tr>
            <th>Period</th>
            <th>Due Date</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {preview.schedule.map((row) => (
            <tr key={row.period}>
              <td>{row.period}</td>
              <td>{formatMarketDate(row.dueTime)}</td>
              <td>{formatPeso(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
