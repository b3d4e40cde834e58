/**
 * /ofw/pay_bill: how to pay a Direct Loan bill from abroad. The order number (and amount) of
 * the inquiry come in the query and are the payment reference.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { formatPeso } from '@renderer/lib/format';
import { useStores } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';

const SUPPORT = 'support@directloan.ph';

const WAYS = [
  {
    title: 'GCash or Maya (international SIM or app)',
    steps: [
      'Open GCash or Maya and choose Bills, then Loans.',
      'Search for Direct Loan as the biller.',
      'Enter your order number as the account number and the amount, then pay.',
    ],
  },
  {
    title: 'Remittance to a Philippine payment center',
    steps: [
      'Send through a remittance partner of Cebuana Lhuillier, Palawan Express or M Lhuillier.',
      'Ask for bills payment to Direct Loan, with your order number as the reference.',
      'Keep the transaction number: posting takes up to one banking day.',
    ],
  },
  {
    title: 'Online banking (BDO, BPI, UnionBank)',
    steps: [
      'Log in to your Philippine bank account online.',
      'Pay bills: choose Direct Loan Lending Corp. as the biller.',
      'Use your order number as the reference number.',
    ],
  },
];

export default function PayBill() {
  const { services } = useStores();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const amount = Number(search.get('amount'));
  return (
    <ContentPage title="Pay Your Bill from Abroad">
      {orderNo ? (
        <div className="card">
          <div className="kv">
            <span className="kv__label">Reference (order number)</span>
            <span className="kv__value">{orderNo}</span>
          </div>
          {amount > 0 ? (
            <div className="kv">
              <span className="kv__label">Amount to Pay</span>
              <span className="kv__value">{formatPeso(amount)}</span>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="muted">
          Use your order number as the payment reference.{' '}
          <Link to="/ofw/bill_inquiry">Check your bill</Link> to find it.
        </p>
      )}
      {WAYS.map((way) => (
        <div className="card markdown" key={way.title}>
          <h3>{way.title}</h3>
          <ol>
            {way.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ))}
      <button
        type="button"
        className="secondary-button"
        onClick={() =>
          void services.native.composeEmail(
            SUPPORT,
            `OFW payment${orderNo ? ` for ${orderNo}` : ''}`,
            'Please attach your receipt and tell us your order number and registered mobile number.',
          )
        }
      >
        Email Us Your Receipt
      </button>
    </ContentPage>
  );
}
