/**
 * antd-mobile PullToRefresh with English texts (the library defaults to Chinese), shared by the
 * Home, Bill, Profile and message screens so the gesture reads the same everywhere.
 */
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <PullToRefresh
      onRefresh={async () => {
        // A failed reload was already shown by the API layer; the gesture must still settle.
        await onRefresh().catch(() => undefined);
      }}
      pullingText="Pull down to refresh"
      canReleaseText="Release to refresh"
      refreshingText="Loading…"
      completeText="Refreshed"
    >
      {children}
    </PullToRefresh>
  );
}
