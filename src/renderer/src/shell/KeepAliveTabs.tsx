/** Keeps every visited tab page mounted and shows the active one (PRODUCT.md §2: kept alive). */
import { Suspense, useState } from 'react';
import { PageSkeleton } from './PageSkeleton';
import { TABS, type TabKey, type TabPages } from './tabs';

export function KeepAliveTabs({ active, pages }: { active: TabKey; pages: TabPages }) {
  const [visited, setVisited] = useState<TabKey[]>([active]);
  if (!visited.includes(active)) setVisited([...visited, active]);
  return (
    <>
      {TABS.filter((tab) => visited.includes(tab.key)).map((tab) => {
        const Page = pages[tab.key];
        return (
          <div key={tab.key} className="tab-page" hidden={tab.key !== active} data-tab={tab.key}>
            <Suspense fallback={<PageSkeleton />}>
              <Page />
            </Suspense>
          </div>
        );
      })}
    </>
  );
}
