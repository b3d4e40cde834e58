/** /event/invite_earn_cash (Oct 21 to Nov 20, 2022): ₱100 for each friend's first loan. */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';
import { Hero, Rules, viaLogin } from '@renderer/features/event/EventParts';
import { InviteShare } from '@renderer/components/InviteShare';
import { appUrl } from '@renderer/services/share';

const PATH = '/event/invite_earn_cash';

export default observer(function InviteEarnCash() {
  const { user } = useStores();
  const inviter = user.user?.userId;
  return (
    <>
      <Hero
        title="Invite friends, earn cash"
        amount="₱100.00"
        sub="for every friend who takes a first loan"
        tone="warm"
      />
      <Rules>
        <ol>
          <li>Share your invitation link, or save the poster and post it.</li>
          <li>Your friend signs up with your link and takes a first loan by Nov 20, 2022.</li>
          <li>₱100.00 is credited to your account within 3 working days of your friend's loan.</li>
        </ol>
      </Rules>
      {inviter ? (
        <InviteShare link={appUrl(`/reg/invite_earn_cash?inviter=${inviter}`)} />
      ) : (
        <Link className="primary-button" to={viaLogin(PATH)} viewTransition>
          Log In to Invite
        </Link>
      )}
    </>
  );
});
