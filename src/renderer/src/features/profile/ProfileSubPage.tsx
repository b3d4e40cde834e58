/**
 * /profile/:action: a Profile sub-page chosen by name (beside the profile at 768 px and wider,
 * the shell's master-detail), under a title bar with a back arrow as every other sub-page has:
 * below 768 px it is the only way out, and an iOS webview has no back gesture of its own.
 * Unknown names show the not-found page.
 */
import { NavBar } from 'antd-mobile';
import { type ComponentType, lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { backIcon } from '@renderer/components/BackIcon';
import NotFound from '@renderer/shell/NotFound';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import './profile.css';
import { hasOwn } from '@shared/portable';

interface SubPage {
  title: string;
  /** The module default-exports the page. */
  Page: ComponentType;
}

/** Sub-pages by name. */
const PROFILE_SUB_PAGES: Readonly<Record<string, SubPage>> = {
  download: { title: 'Direct Loan App', Page: lazy(() => import('./DownloadAppPage')) },
};

/** Whether the router has an earlier entry of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

export default function ProfileSubPage() {
  const { action = '' } = useParams();
  const navigate = useNavigate();
  const sub = hasOwn(PROFILE_SUB_PAGES, action) ? PROFILE_SUB_PAGES[action] : undefined;
  if (!sub) return <NotFound />;
  // Opened directly (a link from the host, a reload), there is no app page behind it: back
  // goes to the Profile tab it belongs to.
  const back = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate('/profile', { replace: true });
  };
  return (
    <section className="profile-sub-page" aria-label={sub.title}>
      <NavBar className="profile-sub-page__bar safe-sticky" onBack={back} backIcon={backIcon}>
        <h1 className="profile-sub-page__title">{sub.title}</h1>
      </NavBar>
      <Suspense fallback={<PageSkeleton />}>
        <sub.Page />
      </Suspense>
    </section>
  );
}
