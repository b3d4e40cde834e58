/**
 * The three bottom tabs (PRODUCT.md §2 Shell), kept alive by the shell. Each tab's page is its own
 * chunk, loaded when first shown and fetched again after a failed load (chunkLoad.ts).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { resilientLoad } from './chunkLoad';

export type TabKey = 'home' | 'bill' | 'profile';

export interface TabDef {
  key: TabKey;
  path: '/' | '/bill' | '/profile';
  label: 'Loan' | 'Bill' | 'Profile';
  page: ComponentType | LazyExoticComponent<ComponentType>;
}

export const TABS: readonly TabDef[] = [
  {
    key: 'home',
    path: '/',
    label: 'Loan',
    page: lazy(resilientLoad(() => import('../features/home/HomeScreen'))),
  },
  {
    key: 'bill',
    path: '/bill',
    label: 'Bill',
    page: lazy(resilientLoad(() => import('../features/bill/BillScreen'))),
  },
  {
    key: 'profile',
    path: '/profile',
    label: 'Profile',
    page: lazy(resilientLoad(() => import('../features/profile/ProfileScreen'))),
  },
];

/** The tab a pathname shows, if any (trailing slashes tolerated). */
export function tabOf(pathname: string): TabDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TABS.find((tab) => tab.path === path);
}
