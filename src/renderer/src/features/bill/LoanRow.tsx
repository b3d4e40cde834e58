/**
 * One loan row (My Loan, Loan Settled): order number, loan amount, repayable or repaid amount,
 * and an expandable Details section with every installment and the loan documents.
 */
import { Link } from 'react-router-dom';
import type { LoanItem } from '@shared/api/entities';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { documentLinkOf, LOAN_DOCUMENTS, showsDocuments } from '@renderer/rules/loanDocuments';
import { periodTypeLabel } from '@renderer/rules/periodTypes';

interface Props {
  loan: LoanItem;
  /** Whether Details are open: kept in the Bill store, so reading a document keeps them open. */
  open: boolean;
  onToggle(): void;
}

export function LoanRow({ loan, open, onToggle }: Props) {
  const settled = loan.type === 4;
  const detailsId = `loan-details-${loan.orderNo}`;
  return (
    <li className="bill-card loan-row" data-order-no={loan.orderNo}>
      <div className="loan-row__head">
        <span className="bill-card__label">Order No.</span>
        <span className="loan-row__order">{loan.orderNo}</span>
      </div>
      <div className="loan-row__amounts">
        <div>
          <span className="bill-card__label">Loan Amount</span>
          <span className="loan-row__amount">{formatPeso(loan.loanAmount, 0)}</span>
        </div>
        <div>
          <span className="bill-card__label">{settled ? 'Repaid Amount' : 'Repayable Amount'}</span>
          <span className="loan-row__amount">
            {formatPeso(settled ? loan.paidAmount : loan.repayAmount, 0)}
          </span>
        </div>
      </div>
      <button
        type="button"
        className="loan-row__toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        Details
      </button>
      {open && (
        <div className="loan-row__details" id={detailsId}>
          <ul className="loan-row__periods">
            {loan.periods.map((period) => (
              <li key={period.period} className="loan-row__period">
                <span>Due {formatDate(period.dueTime)}</span>
                <span>
                  {period.settledTime === null ? '—' : `Settled ${formatDate(period.settledTime)}`}
                </span>
                <span>{formatPeso(period.repaymentAmount, 0)}</span>
                <span className={`period-type period-type--${period.type}`}>
                  {periodTypeLabel(period.type)}
                </span>
              </li>
            ))}
          </ul>
          {showsDocuments(loan.orderNo) && (
            <nav className="loan-row__docs" aria-label="Loan documents">
              {LOAN_DOCUMENTS.map((doc) => (
                <Link key={doc.file} to={documentLinkOf(doc.file, loan.orderNo)} viewTransition>
                  {doc.title}
                </Link>
              ))}
            </nav>
          )}
        </div>
      )}
    </li>
  );
}
