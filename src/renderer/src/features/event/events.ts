/**
 * The events of /event/:file/:action? (PRODUCT.md §2). Each page loads only when opened; an
 * unknown file, or an action the event does not have, is the not-found page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { hasOwn } from '@shared/portable';
import type { EventPageProps } from './EventPageProps';
import { EVENT_TITLES, type EventFile } from '@renderer/lib/eventTitles';

export interface EventDef {
  title: string;
  page: LazyExoticComponent<ComponentType<EventPageProps>>;
  /** Sub-pages besides the main page. */
  actions?: readonly string[];
}

export const EVENTS: Readonly<Record<EventFile, EventDef>> = {
  benefits_newuser: {
    title: EVENT_TITLES.benefits_newuser,
    page: lazy(() => import('./pages/BenefitsNewUser')),
  },
  cash_for_newuser_150: {
    title: EVENT_TITLES.cash_for_newuser_150,
    page: lazy(() => import('./pages/CashForNewUser')),
  },
  christmas_lucky_draw: {
    title: EVENT_TITLES.christmas_lucky_draw,
    page: lazy(() => import('./christmas/ChristmasLuckyDraw')),
    actions: ['prize', 'task', 'mechanics'],
  },
  coupon_for_holiday_shopping: {
    title: EVENT_TITLES.coupon_for_holiday_shopping,
    page: lazy(() => import('./pages/HolidayCoupons')),
  },
  invite_channel: {
    title: EVENT_TITLES.invite_channel,
    page: lazy(() => import('./pages/InviteChannel')),
  },
  invite_earn_cash: {
    title: EVENT_TITLES.invite_earn_cash,
    page: lazy(() => import('./pages/InviteEarnCash')),
  },
  invite_friend: {
    title: EVENT_TITLES.invite_friend,
    page: lazy(() => import('./pages/InviteFriend')),
  },
  long_weekend_promo: {
    title: EVENT_TITLES.long_weekend_promo,
    page: lazy(() => import('./pages/LongWeekendPromo')),
  },
};

export function eventOf(file: string, action: string | undefined): EventDef | undefined {
  const def = hasOwn(EVENTS, file) ? EVENTS[file] : undefined;
  if (!def) return undefined;
  if (action !== undefined && !def.actions?.includes(action)) return undefined;
  return def;
}
