/**
 * The pages of the three kept-alive tabs (shell/tabs.ts), each its own chunk, loaded when first
 * shown and fetched again after a failed load (chunkLoad.tsx). The router hands them to the
 * shell (routes.tsx), which keeps them alive.
 */
import { lazy } from 'react';
import type { TabPages } from '@renderer/shell/tabs';
import { resilientLoad } from './chunkLoad';

export const TAB_PAGES: TabPages = {
  home: lazy(resilientLoad(() => import('@renderer/features/home/HomeScreen'))),
  bill: lazy(resilientLoad(() => import('@renderer/features/bill/BillScreen'))),
  profile: lazy(resilientLoad(() => import('@renderer/features/profile/ProfileScreen'))),
};
