/** /ofw/:file (public): bill_inquiry and pay_bill for overseas Filipino workers. */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { hasOwn } from '@shared/portable';
import NotFound from '@renderer/shell/NotFound';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';

const PAGES = {
  bill_inquiry: lazy(() => import('./BillInquiry')),
  pay_bill: lazy(() => import('./PayBill')),
} as const;

export default function OfwScreen() {
  const { file = '' } = useParams();
  if (!hasOwn(PAGES, file)) return <NotFound />;
  const Page = PAGES[file as keyof typeof PAGES];
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
