/** /event/coupon_for_holiday_shopping (Nov 22 to 28, 2022): interest vouchers for the holidays. */
import { Cta, Hero, Rules } from '@renderer/features/event/EventParts';

const VOUCHERS = [
  { amount: '₱50.00', min: '₱2,000.00' },
  { amount: '₱100.00', min: '₱5,000.00' },
  { amount: '₱200.00', min: '₱10,000.00' },
];

export default function HolidayCoupons() {
  return (
    <>
      <Hero
        title="Holiday shopping vouchers"
        sub="Interest vouchers for your holiday loan, this week only"
        tone="festive"
      />
      <div className="card">
        {VOUCHERS.map((v) => (
          <div className="list-row" key={v.amount}>
            <div className="list-row__main">
              <div className="list-row__title">{v.amount} off interest</div>
              <div className="list-row__sub">For loans of {v.min} or more</div>
            </div>
            <span className="tag">Voucher</span>
          </div>
        ))}
      </div>
      <Rules>
        <ul>
          <li>Vouchers are added to every active account on Nov 22, 2022.</li>
          <li>Use one voucher per loan; pick it on the loan application page.</li>
          <li>Vouchers expire on Nov 28, 2022, 11:59 PM.</li>
        </ul>
      </Rules>
      <Cta to="/user/voucher?state=1" label="See My Vouchers" />
    </>
  );
}
