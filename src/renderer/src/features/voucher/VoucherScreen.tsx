/** /user/voucher?state=1|2|3: the borrower's vouchers by state, with "Use" on available ones. */

import { Button, NavBar, Tabs } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { backIcon } from '@renderer/components/BackIcon';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { useFeature } from '@renderer/stores/StoresContext';
import { PullRefresh } from '@renderer/components/PullRefresh';
import { COUPON_TABS, couponBadgeOf, couponStateOf } from './voucherRules';
import './voucher.css';
import { voucherFeature } from './VoucherStore';

const VoucherScreen = observer(function VoucherScreen() {
  const voucher = useFeature(voucherFeature);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = couponStateOf(params.get('state'));

  useEffect(() => {
    void voucher.load(state);
  }, [state, voucher]);

  return (
    <section className="voucher-page">
      <NavBar onBack={() => navigate(-1)} backIcon={backIcon}>
        <h1 className="voucher-page__title">Voucher</h1>
      </NavBar>
      <Tabs
        activeKey={String(state)}
        onChange={(key) => setParams({ state: key }, { replace: true })}
      >
        {COUPON_TABS.map((tab) => (
          <Tabs.Tab key={tab.state} title={tab.title} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => voucher.load(state)}>
        <ul className="voucher-list" aria-label="Vouchers">
          {voucher.coupons.map((coupon) => {
            const badge = couponBadgeOf(coupon.state);
            return (
              <li
                key={coupon.userCouponId}
                className={`voucher-card${badge ? ' voucher-card--inactive' : ''}`}
              >
                <div className="voucher-card__value">{formatPeso(coupon.discountAmount)}</div>
                <div className="voucher-card__info">
                  <span className="voucher-card__title">{coupon.title}</span>
                  <span className="voucher-card__hint">
                    For loans of {formatPeso(coupon.minBorrowAmount)} or more
                  </span>
                  <span className="voucher-card__hint">
                    Valid until {formatDate(coupon.expireTime)}
                  </span>
                </div>
                {badge ? (
                  <span className="voucher-card__badge">{badge}</span>
                ) : (
                  <Button size="small" color="primary" onClick={() => void voucher.use(coupon)}>
                    Use
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {voucher.loaded && voucher.coupons.length === 0 && <p className="voucher-empty">No Data</p>}
      </PullRefresh>
    </section>
  );
});

export default VoucherScreen;
