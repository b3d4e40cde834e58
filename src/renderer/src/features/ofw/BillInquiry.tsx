/** /ofw/bill_inquiry: look up a bill from abroad, then see how to pay it. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PhoneField } from '@renderer/components/PhoneField';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { useStores } from '@renderer/stores/StoresContext';
import { periodTypeLabel } from '@renderer/rules/periodTypes';
import { ContentPage } from '@renderer/components/ContentPage';
import { OfwBillStore } from './OfwBillStore';

export default observer(function BillInquiry() {
  const { api, services } = useStores();
  const [store] = useState(() => new OfwBillStore(api, services.ui));
  const bill = store.bill;
  return (
    <ContentPage title="OFW Bill Inquiry">
      <p className="muted">
        Working abroad? Check your Direct Loan bill with the mobile number you registered and the
        order number in your loan SMS.
      </p>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          void store.search();
        }}
      >
        <PhoneField
          areaCodes={store.areaCodes}
          areaCode={store.areaCode}
          phone={store.phone}
          placeholder="Registered mobile number"
          onAreaCode={(code) => store.setAreaCode(code)}
          onPhone={(input) => store.setPhone(input)}
        />
        <div className="form-row">
          <input
            aria-label="Order number"
            placeholder="Order number"
            value={store.orderNo}
            onChange={(e) => store.setOrderNo(e.target.value)}
          />
        </div>
        <button type="submit" className="primary-button" disabled={store.searching}>
          CHECK BILL
        </button>
      </form>
      {bill ? (
        <section className="card" aria-label="Bill">
          <div className="kv">
            <span className="kv__label">Order number</span>
            <span className="kv__value">{bill.orderNo}</span>
          </div>
          <div className="kv">
            <span className="kv__label">Borrower</span>
            <span className="kv__value">{bill.borrowerName}</span>
          </div>
          <div className="kv">
            <span className="kv__label">Loan amount</span>
            <span className="kv__value">{formatPeso(bill.loanAmount)}</span>
          </div>
          <div className="kv">
            <span className="kv__label">Status</span>
            <span className="kv__value">{periodTypeLabel(bill.type)}</span>
          </div>
          <div className="kv">
            <span className="kv__label">Amount to Pay</span>
            <span className="kv__value">{formatPeso(bill.dueAmount)}</span>
          </div>
          {bill.nextDueTime !== null ? (
            <div className="kv">
              <span className="kv__label">Due date</span>
              <span className="kv__value">{formatDate(bill.nextDueTime)}</span>
            </div>
          ) : null}
          {bill.dueAmount > 0 ? (
            <Link
              className="primary-button"
              to={`/ofw/pay_bill?${new URLSearchParams({ orderNo: bill.orderNo, amount: String(bill.dueAmount) })}`}
              viewTransition
            >
              How to Pay
            </Link>
          ) : null}
        </section>
      ) : null}
      {store.notFound ? <p className="list-end">No Data</p> : null}
    </ContentPage>
  );
});
