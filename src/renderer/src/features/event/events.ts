/**
 * The events of /event/:file/:action? (PRODUCT.md §2). Each page loads only when opened; an
 * unknown file, or an action the event does not have, is the not-found page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { hasOwn } from '@shared/portable';
import type { EventPageProps } from './EventPageProps';

export interface EventDef {
  title: string;
  page: LazyExoticComponent<ComponentType<EventPageProps>>;
  /** Sub-pages besides the main page. */
  actions?: readonly string[];
}

export const EVENTS: Readonly<Record<string, EventDef>> = {
  benefits_newuser: {
    title: 'New User Benefits',
    page: lazy(() => import('./pages/BenefitsNewUser')),
  },
  cash_for_newuser_150: {
    title: '₱150.00 Cash for New Users',
    page: lazy(() => import('./pages/CashForNewUser')),
  },
  christmas_lucky_draw: {
    title: 'Christmas Lucky Draw',
    page: lazy(() => import('./christmas/ChristmasLuckyDraw')),
    actions: ['prize', 'task', 'mechanics'],
  },
  coupon_for_holiday_shopping: {
    title: 'Holiday Shopping Vouchers',
    page: lazy(() => import('./pages/HolidayCoupons')),
  },
  invite_channel: {
    title: 'Become a Partner',
    page: lazy(() => import('./pages/InviteChannel')),
  },
  invite_earn_cash: {
    title: 'Invite & Earn Cash',
    page: lazy(() => import('./pages/InviteEarnCash')),
  },
  invite_friend: {
    title: 'Invite a Friend',
    page: lazy(() => import('./pages/InviteFriend')),
  },
  long_weekend_promo: {
    title: 'Long Weekend Promo',
    page: lazy(() => import('./pages/LongWeekendPromo')),
  },
};

export function eventOf(file: string, action: string | undefined): EventDef | undefined {
  const def = hasOwn(EVENTS, file) ? EVENTS[file] : undefined;
  if (!def) return undefined;
  if (action !== undefined && !def.actions?.includes(action)) return undefined;
  return def;
}
