/**
 * The three bottom tabs (PRODUCT.md §2 Shell): which paths are tabs, in the bar's order. Their
 * pages are the router's (router/tabPages.tsx), handed to the shell as it renders it, so the
 * shell never imports a feature.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

export type TabKey = 'home' | 'bill' | 'profile';

/** Each tab's page, loaded on first show. */
export type TabPages = Readonly<Record<TabKey, ComponentType | LazyExoticComponent<ComponentType>>>;

export interface TabDef {
  key: TabKey;
  path: '/' | '/bill' | '/profile';
  label: 'Loan' | 'Bill' | 'Profile';
}

export const TABS: readonly TabDef[] = [
  { key: 'home', path: '/', label: 'Loan' },
  { key: 'bill', path: '/bill', label: 'Bill' },
  { key: 'profile', path: '/profile', label: 'Profile' },
];

/** The tab a pathname shows, if any (trailing slashes tolerated). */
export function tabOf(pathname: string): TabDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TABS.find((tab) => tab.path === path);
}
