/**
 * /event/invite_friend: the partner flow's entry (PRODUCT.md §2): the partner logs in on
 * /login?from=invite_friend, which lands on /channel/admin.
 */
import { Link } from 'react-router-dom';
import { Hero, Rules } from '@renderer/features/event/EventParts';

export default function InviteFriend() {
  return (
    <>
      <Hero
        title="Invite a friend"
        amount="Earn rewards"
        sub="for every friend who borrows with Direct Loan"
      />
      <Rules>
        <ol>
          <li>Log in with your mobile number to open your partner center.</li>
          <li>Share your invitation link or poster.</li>
          <li>Follow your friends' loans and your rewards under Orders, and withdraw anytime.</li>
        </ol>
      </Rules>
      <Link className="primary-button" to="/login?from=invite_friend" viewTransition>
        Invite Now
      </Link>
    </>
  );
}
