/** /event/invite_channel: join the partner program (the channel pages). */
import { Link } from 'react-router-dom';
import { Hero, Rules } from '@renderer/features/event/EventParts';

export default function InviteChannel() {
  return (
    <>
      <Hero
        title="Become a Direct Loan partner"
        amount="3% commission"
        sub="on every loan your referrals take"
      />
      <Rules>
        <ol>
          <li>Register as a partner with your mobile number.</li>
          <li>Share your invitation link or poster with friends, customers and co-workers.</li>
          <li>Earn 3% of every loan they take; follow your orders in the partner center.</li>
          <li>Withdraw your balance to your bank or e-wallet account.</li>
        </ol>
      </Rules>
      <Link className="primary-button" to="/channel/reg" viewTransition>
        Register as a Partner
      </Link>
      <Link className="secondary-button" to="/login?from=invite_friend" viewTransition>
        I am a partner: Log in
      </Link>
    </>
  );
}
