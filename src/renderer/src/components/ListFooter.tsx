/**
 * antd-mobile InfiniteScroll (distance 50 px) with the product's footer texts: a spinner while
 * more pages exist, "No Data" for an empty list, "No More" at the end, and a retry after a
 * failed load (the scroller stops asking until then) that also runs by itself when the network
 * comes back, so a list opened offline is not left on "Loading failed".
 */
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useEffect } from 'react';
import { INFINITE_SCROLL_DISTANCE } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import { listFooterOf } from '@renderer/rules/paging';

export function ListFooter({
  count,
  hasMore,
  failed,
  loadMore,
}: {
  count: number;
  hasMore: boolean;
  /** The list's last load failed (a page-1 failure leaves hasMore false). */
  failed: boolean;
  loadMore: () => Promise<void>;
}) {
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={INFINITE_SCROLL_DISTANCE}>
      {(more, scrollFailed, retry) => (
        <ListFooterText
          footer={listFooterOf(count, more, failed || scrollFailed)}
          retry={scrollFailed ? retry : () => void loadMore().catch(() => undefined)}
        />
      )}
    </InfiniteScroll>
  );
}

function ListFooterText({
  footer,
  retry,
}: {
  footer: ReturnType<typeof listFooterOf>;
  retry: () => void;
}) {
  switch (footer) {
    case 'loading':
      return (
        <span className="list-footer" role="status" aria-label="Loading">
          <DotLoading />
        </span>
      );
    case 'failed':
      return <FailedFooter retry={retry} />;
    case 'No Data':
      return <span className="list-footer list-footer--empty">No Data</span>;
    case 'No More':
      return <span className="list-footer list-footer--end">No More</span>;
    default:
      throw missingCaseError(footer);
  }
}

function FailedFooter({ retry }: { retry: () => void }) {
  // Back online, the failed load is tried again once (the event fires on the change only).
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <span className="list-footer">
      Loading failed.{' '}
      <button type="button" className="list-footer__retry" onClick={retry}>
        Retry
      </button>
    </span>
  );
}
