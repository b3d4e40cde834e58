/** Bottom tabs: Loan, Bill, Profile; a red dot on Profile; links locked while navigating. */
import { observer } from 'mobx-react-lite';
import { NavLink } from 'react-router-dom';
import { useNavigating } from '@renderer/lib/navigating';
import { useStores } from '@renderer/stores/StoresContext';
import { TABS, type TabKey } from './tabs';
import './TabBar.css';

const ICONS: Record<TabKey, string> = {
  home: 'M12 3 3 10v11h6v-6h6v6h6V10z',
  bill: 'M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2zm3 5h8v2H8zm0 4h8v2H8z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4 0-8 2-8 5v2h16v-2c0-3-4-5-8-5z',
};

const TabBar = observer(function TabBar() {
  const { user } = useStores();
  const busy = useNavigating();
  return (
    <nav className="tab-bar" aria-label="Main">
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.path}
          end
          viewTransition
          className={({ isActive }) => `tab-bar__item${isActive ? ' is-active' : ''}`}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <span className="tab-bar__icon">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={ICONS[tab.key]} fill="currentColor" />
            </svg>
            {tab.key === 'profile' && user.profileDot && (
              <span className="red-dot" data-testid="profile-red-dot" />
            )}
          </span>
          <span className="tab-bar__label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
});

export default TabBar;
