/**
 * /channel/:file/:action? (PRODUCT.md §2): the partner program pages admin, orders, profile,
 * reg and withdrawal; anything else is the not-found page.
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { hasOwn } from '@shared/portable';
import NotFound from '@renderer/shell/NotFound';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';

const PAGES = {
  admin: lazy(() => import('./PartnerAdmin')),
  orders: lazy(() => import('./PartnerOrders')),
  profile: lazy(() => import('./PartnerProfile')),
  reg: lazy(() => import('./PartnerReg')),
  withdrawal: lazy(() => import('./PartnerWithdrawal')),
} as const;

export default function ChannelScreen() {
  const { file = '', action } = useParams();
  if (action !== undefined || !hasOwn(PAGES, file)) return <NotFound />;
  const Page = PAGES[file as keyof typeof PAGES];
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
