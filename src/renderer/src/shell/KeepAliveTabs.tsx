/** Keeps every visited tab page mounted and shows the active one (PRODUCT.md §2: kept alive). */
import { Suspense, useState } from 'react';
import { TABS, type TabKey } from '../router/tabs';
import { PageSkeleton } from './PageSkeleton';

export function KeepAliveTabs({ active }: { active: TabKey }) {
  const [visited, setVisited] = useState<TabKey[]>([active]);
  if (!visited.includes(active)) setVisited([...visited, active]);
  return (
    <>
      {TABS.filter((tab) => visited.includes(tab.key)).map((tab) => (
        <div key={tab.key} className="tab-page" hidden={tab.key !== active} data-tab={tab.key}>
          <Suspense fallback={<PageSkeleton />}>
            <tab.page />
          </Suspense>
        </div>
      ))}
    </>
  );
}
