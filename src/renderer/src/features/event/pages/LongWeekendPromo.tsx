/** /event/long_weekend_promo: lower interest for loans over the long weekend (window from config). */
import { Cta, Hero, Rules } from '@renderer/features/event/EventParts';

export default function LongWeekendPromo() {
  return (
    <>
      <Hero
        title="Long weekend promo"
        amount="20% off interest"
        sub="on loans released during the long weekend"
        tone="festive"
      />
      <Rules>
        <ul>
          <li>Applies to loans approved and released during the promo period.</li>
          <li>The discount is shown in your Disclosure Statement before you accept.</li>
          <li>Cannot be combined with other interest vouchers.</li>
        </ul>
      </Rules>
      <Cta to="/" label="Apply Now" />
    </>
  );
}
