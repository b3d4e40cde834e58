/**
 * antd-mobile InfiniteScroll (distance 50 px) with the product's footer texts: a spinner while
 * more pages exist, "No Data" for an empty list and "No More" at the end.
 */
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { INFINITE_SCROLL_DISTANCE } from '../../../../shared/constants';
import { listFooterOf } from './billRules';

export function ListFooter({
  count,
  hasMore,
  loadMore,
}: {
  count: number;
  hasMore: boolean;
  loadMore: () => Promise<void>;
}) {
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={INFINITE_SCROLL_DISTANCE}>
      <ListFooterText footer={listFooterOf(count, hasMore)} />
    </InfiniteScroll>
  );
}

function ListFooterText({ footer }: { footer: ReturnType<typeof listFooterOf> }) {
  if (footer === 'loading') {
    return (
      <span className="list-footer" role="status" aria-label="Loading">
        <DotLoading />
      </span>
    );
  }
  return (
    <span className={`list-footer list-footer--${footer === 'No Data' ? 'empty' : 'end'}`}>
      {footer}
    </span>
  );
}
