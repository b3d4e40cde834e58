/**
 * The Bill tab at /bill (PRODUCT.md §2 Bill): Repayment Plan, My Loan and Loan Settled (query
 * type 1–3), each with pull-to-refresh and infinite scroll; the plan's Amount to Pay bar.
 */
import { Button, Tabs } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { formatPeso } from '@renderer/lib/format';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { PullRefresh } from '@renderer/components/PullRefresh';
import { BILL_TABS, type BillTab, billTabOf } from './billRules';
import { ListFooter } from '@renderer/components/ListFooter';
import { LoanRow } from './LoanRow';
import { PlanRow } from './PlanRow';
import './bill.css';
import { billFeature } from './BillStore';

const BillScreen = observer(function BillScreen() {
  const { events } = useStores();
  const bill = useFeature(billFeature);
  const active = useLocation().pathname.replace(/\/+$/, '') === '/bill';
  const [params, setParams] = useSearchParams();
  const tab = billTabOf(params.get('type'));

  useEffect(() => {
    if (active) bill.setTab(tab);
  }, [active, tab, bill]);
  // Kept alive (PRODUCT.md §2): shown again, the rows, pages, selection and scroll stay unless
  // stale; pull-to-refresh and the host resuming the page load page 1 again.
  useEffect(() => {
    if (active) void bill.showAgain(tab);
  }, [active, tab, bill]);
  useEffect(() => events.on('resume', () => void bill.refresh()), [events, bill]);

  const list = bill.listOf(tab);
  return (
    <section className={`bill-page${tab === 1 ? ' bill-page--with-bar' : ''}`}>
      {/* The page's heading, named as its tab (PRODUCT.md §2); the tabs below show it. */}
      <h1 className="visually-hidden">Bill</h1>
      <Tabs
        className="bill-tabs safe-sticky"
        activeKey={String(tab)}
        onChange={(key) => setParams({ type: key }, { replace: true })}
      >
        {BILL_TABS.map((t) => (
          <Tabs.Tab key={t.tab} title={t.title} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => bill.refresh(tab)}>
        <BillList tab={tab} />
        {/* Hidden (kept-alive) tabs must not page in the background. The scroller pages the
            tab it shows (not the store's tab, which follows in an effect after the scroller's
            own check has run), and each tab has its own scroller state (keyed). */}
        {active && (
          <ListFooter
            key={tab}
            count={list.items.length}
            hasMore={list.hasMore}
            failed={list.status === 'error'}
            loadMore={() => bill.loadMore(tab)}
          />
        )}
      </PullRefresh>
      {tab === 1 && <RepayBar />}
    </section>
  );
});

const BillList = observer(function BillList({ tab }: { tab: BillTab }) {
  const bill = useFeature(billFeature);
  if (tab === 1) {
    return (
      <ul className="bill-list" aria-label="Repayment Plan">
        {bill.plan.items.map((item) => (
          <PlanRow
            key={item.periodId}
            item={item}
            checked={bill.isSelected(item.periodId)}
            onToggle={() => bill.toggle(item.periodId)}
          />
        ))}
      </ul>
    );
  }
  const list = tab === 2 ? bill.myLoans : bill.settledLoans;
  return (
    <ul className="bill-list" aria-label={tab === 2 ? 'My Loan' : 'Loan Settled'}>
      {list.items.map((loan) => (
        <LoanRow
          key={loan.orderNo}
          loan={loan}
          open={bill.isExpanded(loan.orderNo)}
          onToggle={() => bill.toggleExpanded(loan.orderNo)}
        />
      ))}
    </ul>
  );
});

const RepayBar = observer(function RepayBar() {
  const bill = useFeature(billFeature);
  return (
    <div className="repay-bar">
      <div className="repay-bar__sum">
        <span className="repay-bar__label">Amount to Pay</span>
        <span className="repay-bar__amount" data-testid="amount-to-pay">
          {formatPeso(bill.amount, 0)}
        </span>
      </div>
      <Button color="primary" disabled={bill.repayTarget === null} onClick={() => bill.repay()}>
        REPAY
      </Button>
    </div>
  );
});

export default BillScreen;
