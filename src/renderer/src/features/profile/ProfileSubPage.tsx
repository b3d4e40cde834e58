/**
 * /profile/:action: a Profile sub-page chosen by name (beside the profile at 768 px and wider,
 * the shell's master-detail). Unknown names show the not-found page.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import NotFound from '../../shell/NotFound';
import { PageSkeleton } from '../../shell/PageSkeleton';
import './profile.css';
import { hasOwn } from '../../../../shared/portable';

/** Sub-pages by name; each module default-exports its page. */
export const PROFILE_SUB_PAGES: Readonly<Record<string, ComponentType>> = {
  download: lazy(() => import('./DownloadAppPage')),
};

export default function ProfileSubPage() {
  const { action = '' } = useParams();
  const Page = hasOwn(PROFILE_SUB_PAGES, action) ? PROFILE_SUB_PAGES[action] : undefined;
  if (!Page) return <NotFound />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
