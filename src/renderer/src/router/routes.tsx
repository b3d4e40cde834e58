/**
 * Every route of PRODUCT.md §2, lazily loaded:
 * `page(() => import('../features/<feature>/<Name>Screen'))` (the module default-exports the
 * screen). Tab routes render nothing here: the shell keeps the tab pages alive (router/tabs.tsx).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from '../shell/AppLayout';
import { CrashPage } from '../shell/CrashPage';
import { LoadingPage } from '../shell/LoadingPage';
import { resilientLoad } from './chunkLoad';

/**
 * A lazy route from a module whose default export is the screen; a chunk that cannot be fetched
 * gives the screen's offline state instead of the crash page (router/chunkLoad.tsx).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  const resilient = resilientLoad(load);
  return async () => ({ Component: (await resilient()).default });
}

const TabRoute = () => null;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: CrashPage,
    // While the first route's lazy module loads: the same Loading page index.html painted.
    HydrateFallback: LoadingPage,
    children: [
      { index: true, Component: TabRoute },
      { path: 'bill', Component: TabRoute },
      { path: 'profile', Component: TabRoute },
      { path: 'profile/:action', lazy: page(() => import('../features/profile/ProfileSubPage')) },
      { path: 'messageList', lazy: page(() => import('../features/messages/MessageListScreen')) },
      { path: 'repay/selectCh', lazy: page(() => import('../features/repay/SelectChannelScreen')) },
      {
        path: 'repay/fastpay/download',
        lazy: page(() => import('../features/repay/FastpayDownloadScreen')),
      },
      {
        path: 'repay/ph/detail',
        lazy: page(() => import('../features/repay/ChannelDetailScreen')),
      },
      {
        path: 'repay/ph/mayaChannel',
        lazy: page(() => import('../features/repay/MayaChannelScreen')),
      },
      { path: 'repay/ph/studyPage', lazy: page(() => import('../features/repay/StudyPageScreen')) },
      { path: 'repay/ph/channels', lazy: page(() => import('../features/repay/PhChannelsScreen')) },
      { path: 'repay/tw/channels', lazy: page(() => import('../features/repay/TwChannelsScreen')) },
      {
        path: 'repay/tw/fastpayDownload',
        lazy: page(() => import('../features/repay/FastpayDownloadScreen')),
      },
      {
        path: 'repay/publicResult',
        lazy: page(() => import('../features/repay/PublicResultScreen')),
      },
      { path: 'loan/apply', lazy: page(() => import('../features/loan/LoanApplyScreen')) },
      { path: 'loan/review', lazy: page(() => import('../features/loan/LoanReviewScreen')) },
      { path: 'user/voucher', lazy: page(() => import('../features/voucher/VoucherScreen')) },
      { path: 'kyc/apply', lazy: page(() => import('../features/kyc/KycApplyScreen')) },
      { path: 'kyc/reapply', lazy: page(() => import('../features/kyc/KycReapplyScreen')) },
      { path: 'kyc/review', lazy: page(() => import('../features/kyc/KycReviewScreen')) },
      { path: 'login', lazy: page(() => import('../features/login/LoginScreen')) },
      { path: 'reg/:channel', lazy: page(() => import('../features/reg/RegScreen')) },
      { path: 'doc/:file', lazy: page(() => import('../features/doc/DocScreen')) },
      { path: 'event/:file/:action?', lazy: page(() => import('../features/event/EventScreen')) },
      {
        path: 'channel/:file/:action?',
        lazy: page(() => import('../features/channel/ChannelScreen')),
      },
      { path: 'ofw/:file', lazy: page(() => import('../features/ofw/OfwScreen')) },
      { path: 'deny/:message?', lazy: page(() => import('../features/deny/DenyScreen')) },
      {
        path: 'activity-center',
        lazy: page(() => import('../features/event/ActivityCenterScreen')),
      },
      { path: '*', lazy: page(() => import('../shell/NotFound')) },
    ],
  },
];
