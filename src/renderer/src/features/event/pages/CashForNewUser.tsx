/** /event/cash_for_newuser_150 (Aug 25 to Sep 15, 2022): ₱150 cash for a first loan. */
import { Cta, Hero, Rules } from '@renderer/features/event/EventParts';

export default function CashForNewUser() {
  return (
    <>
      <Hero
        title="Cash for new users"
        amount="₱150.00"
        sub="Take your first loan during the promo and get ₱150.00 cash"
        tone="warm"
      />
      <Rules>
        <ol>
          <li>Sign up with your mobile number and complete your KYC.</li>
          <li>Take your first loan of at least ₱2,000.00 between Aug 25 and Sep 15, 2022.</li>
          <li>
            ₱150.00 is sent to the same account as your loan within 3 working days of the release.
          </li>
        </ol>
        <p className="muted">
          One reward per person, device and ID. Refinanced loans do not count.
        </p>
      </Rules>
      <Cta to="/" label="Borrow Now" />
    </>
  );
}
