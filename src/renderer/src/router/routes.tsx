/**
 * Every route of PRODUCT.md §2, its screen loaded on first use:
 * `...page(() => import('../features/<feature>/<Name>Screen'))` (the module default-exports the
 * screen). Tab routes render nothing here: the shell keeps the tab pages alive (tabPages.tsx).
 */
import { type ComponentType, use } from 'react';
import { AppLayout } from '@renderer/shell/AppLayout';
import type { AppRoute, LazyPage } from './appRouter';
import { resilientLoad } from './chunkLoad';
import { TAB_PAGES } from './tabPages';

/**
 * A screen from a module whose default export is it, loaded on first use: the router loads it
 * before it shows the route (router/appRouter.ts), so the screen renders at once; a chunk that
 * cannot be fetched gives the screen's offline state instead of the crash page
 * (router/chunkLoad.tsx).
 */
function page(load: () => Promise<{ default: ComponentType }>): {
  page: LazyPage;
  Component: ComponentType;
} {
  const resilient = resilientLoad(load);
  let Screen: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const lazyPage: LazyPage = {
    load: () =>
      (loading ??= resilient().then(
        (module) => {
          Screen = module.default;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get loaded() {
      return Screen !== undefined;
    },
  };
  function LazyScreen() {
    // Rendered before its code (never by the router's own navigations): suspends until loaded.
    if (!Screen) use(lazyPage.load());
    return Screen ? <Screen /> : null;
  }
  return { page: lazyPage, Component: LazyScreen };
}

const TabRoute = () => null;

/** The shell, keeping the tab pages alive. */
const Shell = () => <AppLayout tabPages={TAB_PAGES} />;

export const routes: AppRoute[] = [
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, Component: TabRoute },
      { path: 'bill', Component: TabRoute },
      { path: 'profile', Component: TabRoute },
      {
        path: 'profile/:action',
        ...page(() => import('@renderer/features/profile/ProfileSubPage')),
      },
      {
        path: 'messageList',
        ...page(() => import('@renderer/features/messages/MessageListScreen')),
      },
      {
        path: 'repay/selectCh',
        ...page(() => import('@renderer/features/repay/SelectChannelScreen')),
      },
      {
        path: 'repay/fastpay/download',
        ...page(() => import('@renderer/features/repay/FastpayDownloadScreen')),
      },
      {
        path: 'repay/ph/detail',
        ...page(() => import('@renderer/features/repay/ChannelDetailScreen')),
      },
      {
        path: 'repay/ph/mayaChannel',
        ...page(() => import('@renderer/features/repay/MayaChannelScreen')),
      },
      {
        path: 'repay/ph/studyPage',
        ...page(() => import('@renderer/features/repay/StudyPageScreen')),
      },
      {
        path: 'repay/ph/channels',
        ...page(() => import('@renderer/features/repay/PhChannelsScreen')),
      },
      {
        path: 'repay/tw/channels',
        ...page(() => import('@renderer/features/repay/TwChannelsScreen')),
      },
      {
        path: 'repay/tw/fastpayDownload',
        ...page(() => import('@renderer/features/repay/FastpayDownloadScreen')),
      },
      {
        path: 'repay/publicResult',
        ...page(() => import('@renderer/features/repay/PublicResultScreen')),
      },
      { path: 'loan/apply', ...page(() => import('@renderer/features/loan/LoanApplyScreen')) },
      { path: 'loan/review', ...page(() => import('@renderer/features/loan/LoanReviewScreen')) },
      { path: 'user/voucher', ...page(() => import('@renderer/features/voucher/VoucherScreen')) },
      { path: 'kyc/apply', ...page(() => import('@renderer/features/kyc/KycApplyScreen')) },
      { path: 'kyc/reapply', ...page(() => import('@renderer/features/kyc/KycReapplyScreen')) },
      { path: 'kyc/review', ...page(() => import('@renderer/features/kyc/KycReviewScreen')) },
      { path: 'login', ...page(() => import('@renderer/features/login/LoginScreen')) },
      { path: 'reg/:channel', ...page(() => import('@renderer/features/reg/RegScreen')) },
      { path: 'doc/:file', ...page(() => import('@renderer/features/doc/DocScreen')) },
      {
        path: 'event/:file/:action?',
        ...page(() => import('@renderer/features/event/EventScreen')),
      },
      {
        path: 'channel/:file/:action?',
        ...page(() => import('@renderer/features/channel/ChannelScreen')),
      },
      { path: 'ofw/:file', ...page(() => import('@renderer/features/ofw/OfwScreen')) },
      { path: 'deny/:message?', ...page(() => import('@renderer/features/deny/DenyScreen')) },
      {
        path: 'activity-center',
        ...page(() => import('@renderer/features/event/ActivityCenterScreen')),
      },
      { path: '*', ...page(() => import('@renderer/shell/NotFound')) },
    ],
  },
];
