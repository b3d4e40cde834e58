/** /event/benefits_newuser: what a first-time borrower gets. */
import { Link } from 'react-router-dom';
import { Cta, Hero, Rules } from '@renderer/features/event/EventParts';

export default function BenefitsNewUser() {
  return (
    <>
      <Hero
        title="Welcome to Direct Loan"
        amount="up to ₱100,000.00"
        sub="Exclusive benefits for your first loan"
      />
      <Rules title="Your new-user benefits">
        <ul>
          <li>
            <strong>Interest voucher</strong> on your first loan, added to Profile, then Voucher,
            once your KYC is approved.
          </li>
          <li>
            <strong>2-hour review</strong> of complete applications during office hours.
          </li>
          <li>
            <strong>No collateral, no co-maker</strong>: one valid ID and a selfie are enough.
          </li>
          <li>
            <strong>A growing limit</strong>: repay on time and borrow more next time.
          </li>
        </ul>
      </Rules>
      <Cta to="/" label="Apply Now" />
      <p className="muted">
        See the <Link to="/doc/directloan_terms_and_conditions">Terms and Conditions</Link>.
      </p>
    </>
  );
}
